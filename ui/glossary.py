"""Every symbol and term a page uses, explained in one visible line near where it first appears.

A tooltip (``help=``) is invisible on a projector and to anyone who does not hover, so each page
calls :func:`explain` with the terms it uses, just after its introduction. The words are the
reader's language's (``common.i18n``), so they are built on each call, not at import.
"""

from __future__ import annotations

import streamlit as st

from common.i18n import tr


def meanings() -> dict[str, str]:
    """term -> its meaning in a few words, in the reader's language; the keys are the English
    terms as the pages pass them (the Markdown keys as the pages write them)."""
    return {
        "reward model": tr(
            "the learned scorer that gets optimized; it only approximates what we want"
        ),
        "true quality": tr(
            "what we actually want (the gold score), which the reward model misjudges"
        ),
        "best-of-n": tr(
            "draw n answers from the base model and keep the one the reward model scores highest"
        ),
        "n": tr("how many answers best-of-n draws; more is more optimization"),
        "β": tr(
            "the KL penalty's strength, in reward per nat; a smaller β (right on the sliders "
            "and charts) is a weaker penalty, so more optimization"
        ),
        "KL": tr("KL divergence: how far the chosen answers moved from the base model's"),
        "nats": tr("KL's unit (natural logarithms; 1 nat ≈ 1.44 bits)"),
        "π_ref": tr("the base (reference) model everything starts from; π is the optimized policy"),
        "b": tr("how much of the padding penalty the reward model learned (0 none, 1 all)"),
        "σ": tr("the size of the reward model's other, unmapped errors"),
        "d": tr("√KL, Gao et al.'s distance from the base model"),
        "Bradley–Terry": tr(
            "the model of choices: P(A preferred to B) = sigmoid(score A − score B)"
        ),
        "sigmoid": tr(
            "sigmoid(x) = 1 / (1 + e^(−x)), which turns any score difference into a "
            "probability between 0 and 1"
        ),
        "PPO": tr(
            "Proximal Policy Optimization, the reinforcement-learning method InstructGPT used "
            "to optimize a language model against its reward model; RLHF also uses others, "
            "such as REINFORCE-style RLOO and GRPO"
        ),
        "DPO": tr(
            "Direct Preference Optimization, which fits the model to the choices directly, "
            "with no separate reward model"
        ),
        "RLHF": tr("reinforcement learning from human feedback"),
        # Rewards you can check (pages/checker.py).
        "pass@1": tr(
            "the share of the base model's honest tries that solve the task (1.5% is about "
            "1 try in 64); it sets the task's difficulty"
        ),
        "GRPO": tr(
            "Group Relative Policy Optimization: each try is scored against the other tries "
            "at the same task, so a group that all fail or all pass teaches nothing"
        ),
    }


def term_names() -> dict[str, str]:
    """The terms in words, as the reader's language names them (symbols stay as they are)."""
    return {
        "reward model": tr("reward model"),
        "true quality": tr("true quality"),
        "best-of-n": tr("best-of-n"),
        "nats": tr("nats"),
        "Bradley–Terry": tr("Bradley–Terry"),
        "sigmoid": tr("sigmoid"),
    }


def goodhart_kinds() -> str:
    """One line of taxonomy for pages where σ and b appear (Manheim & Garrabrant 2018)."""
    return tr(
        "σ and b are two kinds of Goodhart's law (Manheim & Garrabrant, 2018): σ is "
        "*regressional* (the top-scored answers are partly the errors' luck), b is *extremal* "
        "(the reward model agrees with true quality near typical answers and parts from it far "
        "out)."
    )


def __getattr__(name: str):
    """``GLOSSARY`` and ``GOODHART_KINDS`` as the pages read them, in this run's language (a
    module constant would be written once, at import, in whatever language that run had)."""
    if name == "GLOSSARY":
        return meanings()
    if name == "GOODHART_KINDS":
        return goodhart_kinds()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def line(*terms: str) -> str:
    """The Markdown for ``terms``: "**KL**: ... · **nats**: ..."; unknown terms raise KeyError."""
    meaning, names = meanings(), term_names()
    return " · ".join(f"**{_escaped(names.get(term, term))}**: {meaning[term]}" for term in terms)


def explain(*terms: str, container=None) -> None:
    """Show what ``terms`` mean, as one visible caption (in ``container``, default the page)."""
    (container if container is not None else st).caption(line(*terms))


def _escaped(term: str) -> str:
    """``term`` safe in Markdown (π_ref's underscore would start italics)."""
    return term.replace("_", "\\_")
