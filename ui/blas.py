"""One BLAS thread for the whole server process.

Every session's reruns share one process on a 2-core machine, and the browser (or the other
sessions) want the second core. OpenBLAS's own worker threads then wait for a core at every
matrix product: a new (b, σ) on the Defenses page, run in AppTest beside one busy core, took
377-461 ms at the median with 2 BLAS threads and 150-209 ms with one (the page's products are
(68, 58,081) by (58,081, 6): too small to gain from a second thread that has to be woken).
"""

from __future__ import annotations

from functools import cache

from threadpoolctl import threadpool_limits


@cache
def use_one_thread() -> None:
    """Limit BLAS (OpenBLAS, numpy's) to one thread, once per process; later calls do nothing."""
    threadpool_limits(limits=1, user_api="blas")
