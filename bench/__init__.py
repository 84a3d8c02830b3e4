"""Benchmarks that print figures; each is run as ``python -m bench.NAME`` (README, Budgets)."""

import importlib
import sys

# pytest-benchmark's table: the fastest round first (what the ratios below it use).
BENCHMARK_ARGUMENTS = ("-p", "no:cacheprovider", "-q", "--benchmark-columns=min,median,max,rounds")


def run_benchmarks(module_name: str) -> int:
    """Run one bench module's pytest-benchmark tests; extra command-line arguments go to pytest.

    The module is also pytest's plugin, so its ``pytest_terminal_summary`` prints the ratios
    after the table; it is the module pytest collects (``bench.kl_curve``, not ``__main__``),
    so the figures its benchmarks record and the summary that reads them are one.
    """
    import pytest  # noqa: PLC0415 (here: the other benchmarks import bench without it)

    module = importlib.import_module(module_name)
    return pytest.main([module.__file__, *BENCHMARK_ARGUMENTS, *sys.argv[1:]], plugins=[module])
