"""What the research found beside best-of-n, on the Best-of-n page at its own settings:
Best-of-Poisson (Khalaf et al., 2025) and soft best-of-n (Verdun et al., 2025) beside the KL
optimum over the same 600 answers, and what noise alone does to best-of-n (regression to the
mean, core/regression.py).

The numbers are ``ui.best_of_n.compute``'s (cached), the words ``ui.best_of_n.text``'s; ``show``
is one self-contained block, so a page can place it where it likes.
tests/app/test_best_of_n_research.py walks the words over every n stop and a sample of (b, σ).
"""

from __future__ import annotations

import streamlit as st

from ui import presenter
from ui.best_of_n import text
from ui.best_of_n.compute import noise_alone, selections


def show(n: int, b: float, sigma: float, seed: int | None, *, last_n: int) -> None:
    """The block: two more ways to choose beside best-of-n, and what noise alone does."""
    # Prose: in presenter mode each part folds into a closed expander (ui.presenter).
    with presenter.words("Two more ways to choose, on the same 600 answers"):
        st.markdown("**Two more ways to choose, on the same 600 answers**")
        st.markdown(text.selections_words(selections(n, b, sigma, seed)))
    with presenter.words("What σ alone would do: regression to the mean"):
        st.markdown("**What σ alone would do: regression to the mean**")
        st.markdown(text.noise_alone_words(noise_alone(n, sigma, seed, last_n=last_n)))
