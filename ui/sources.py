"""The papers the pages cite: one table, and the short "Sources" list at the foot of a page.

Pure table plus one renderer. A page names the sources its prose leans on by key
(``sources.footer("gao2022", "beirami2024")``); a test checks that every source a page's prose
names is in its list and that every arXiv id on a page is one of this table's.
"""

from __future__ import annotations

from dataclasses import dataclass

import streamlit as st

from common.i18n import tr

ARXIV_ABS = "https://arxiv.org/abs/"  # an arXiv id's abstract page: ARXIV_ABS + "2210.10760"
HEADING = "**Sources**"  # the first line of every page's list (tests look for it)


@dataclass(frozen=True)
class Source:
    """One reference: who, when, what, where, and what this app uses it for."""

    authors: str  # as a page cites them in prose: "Gao, Schulman & Hilton"
    year: int
    title: str
    supports: str  # what the app takes from it, in a few words
    arxiv: str | None = None  # "2210.10760"; None for a paper or post that is not on arXiv
    link: str | None = None  # the address when there is no arXiv id

    @property
    def url(self) -> str:
        """Where a student can read it: the arXiv abstract page, or the given address."""
        return ARXIV_ABS + self.arxiv if self.arxiv else (self.link or "")

    @property
    def surname(self) -> str:
        """The first author's surname, as prose cites it ("Gao", "Manheim")."""
        return self.authors.replace(" et al.", "").split(",")[0].split(" & ")[0].strip()


SOURCES: dict[str, Source] = {
    "christiano2017": Source(
        "Christiano et al.",
        2017,
        "Deep reinforcement learning from human preferences",
        "a reward learned from people's comparisons of clips",
        arxiv="1706.03741",
    ),
    "stiennon2020": Source(
        "Stiennon et al.",
        2020,
        "Learning to summarize from human feedback",
        "the formula log n − (n−1)/n for best-of-n's KL, in use from then on",
        arxiv="2009.01325",
    ),
    "ouyang2022": Source(
        "Ouyang et al.",
        2022,
        "Training language models to follow instructions with human feedback",
        "InstructGPT: fine-tune, reward model, PPO with a KL penalty",
        arxiv="2203.02155",
    ),
    "gao2022": Source(
        "Gao, Schulman & Hilton",
        2022,
        "Scaling laws for reward model overoptimization",
        "the rise and fall against a 6B gold reward model; R_bon and R_RL; "
        "the KL penalty acts like early stopping",
        arxiv="2210.10760",
    ),
    "thomas2023": Source(
        "Thomas & Kwa",
        2023,
        "When is Goodhart catastrophic?",
        "selection (best-of-n) under light- and heavy-tailed errors (Alignment Forum post)",
        link="https://www.alignmentforum.org/posts/fuSaKr6t6Zuh6GKaQ/when-is-goodhart-catastrophic",
    ),
    "kwa2024": Source(
        "Kwa, Thomas & Garriga-Alonso",
        2024,
        "Catastrophic Goodhart: regularizing RLHF with KL divergence does not mitigate "
        "heavy-tailed reward misspecification",
        "KL-regularized policies under heavy-tailed errors; today's reward models look "
        "light-tailed",
        arxiv="2407.14503",
    ),
    "beirami2024": Source(
        "Beirami et al.",
        2024,
        "Theoretical guarantees on the best-of-n alignment policy",
        "log n − (n−1)/n is only an upper bound on best-of-n's KL",
        arxiv="2401.01879",
    ),
    "gui2024": Source(
        "Gui, Gârbacea & Veitch",
        2024,
        "BoNBoN alignment for large language models and the sweetness of best-of-n sampling",
        "best-of-n's win rate against the base model, n/(n+1)",
        arxiv="2406.00832",
    ),
    "zhu2023": Source(
        "Zhu, Jiao & Jordan",
        2023,
        "Principled reinforcement learning with human feedback from pairwise or K-wise comparisons",
        "a pessimistic reward, the fit less its uncertainty, where the comparisons say little",
        arxiv="2301.11270",
    ),
    "khalaf2025": Source(
        "Khalaf et al.",
        2025,
        "Inference-time reward hacking in large language models",
        "Best-of-Poisson, n = 1 + Poisson(μ): nearly the tilt's trade-off; HedgeTune picks n "
        "once from checked answers",
        arxiv="2506.19248",
    ),
    "verdun2025": Source(
        "Verdun et al.",
        2025,
        "Soft best-of-n sampling for model alignment",
        "soft best-of-n, keep a draw with chance ∝ e^{r/λ}: best-of-n at λ → 0, the tilt at n → ∞",
        arxiv="2505.03156",
    ),
    "coste2023": Source(
        "Coste et al.",
        2023,
        "Reward model ensembles help mitigate overoptimization",
        "mean and worst-case ensembles of reward models",
        arxiv="2310.02743",
    ),
    "eisenstein2023": Source(
        "Eisenstein et al.",
        2023,
        "Helping or herding? Reward model ensembles mitigate but do not eliminate reward hacking",
        "members share errors, which no ensemble removes",
        arxiv="2312.09244",
    ),
    "azar2023": Source(
        "Azar et al.",
        2023,
        "A general theoretical paradigm to understand learning from human preferences",
        "IPO: DPO matches the KL optimum only with unlimited data and exact optimization",
        arxiv="2310.12036",
    ),
    "singhal2023": Source(
        "Singhal et al.",
        2023,
        "A long way to go: investigating length correlations in RLHF",
        "much of RLHF's reward gain is length; a length-only reward reproduces much of RLHF's "
        "improvement; length penalties help unevenly",
        arxiv="2310.03716",
    ),
    "manheim2018": Source(
        "Manheim & Garrabrant",
        2018,
        "Categorizing variants of Goodhart's law",
        "regressional and extremal Goodhart",
        arxiv="1803.04585",
    ),
    "rafailov2023": Source(
        "Rafailov et al.",
        2023,
        "Direct preference optimization: your language model is secretly a reward model",
        "DPO: the KL optimum's closed form, fitted to the choices directly",
        arxiv="2305.18290",
    ),
    "schulman2017": Source(
        "Schulman et al.",
        2017,
        "Proximal policy optimization algorithms",
        "PPO, the reinforcement-learning method of InstructGPT",
        arxiv="1707.06347",
    ),
    "clark2016": Source(
        "Clark & Amodei",
        2016,
        "Faulty reward functions in the wild",
        "CoastRunners: a boat that circles for points instead of finishing the race (OpenAI post)",
        link="https://openai.com/index/faulty-reward-functions/",
    ),
    "krakovna2020": Source(
        "Krakovna et al.",
        2020,
        "Specification gaming: the flip side of AI ingenuity",
        "the name specification gaming, and a list of examples (DeepMind post)",
        link="https://deepmind.google/discover/blog/specification-gaming-the-flip-side-of-ai-ingenuity/",
    ),
    "goodhart1975": Source(
        "Goodhart",
        1975,
        "Problems of monetary management: the U.K. experience",
        "the observation behind Goodhart's law (reprinted in Monetary Theory and Practice, 1984)",
        link="https://doi.org/10.1007/978-1-349-17295-5_4",
    ),
    "strathern1997": Source(
        "Strathern",
        1997,
        "'Improving ratings': audit in the British University system",
        "the law's usual wording: when a measure becomes a target, it ceases to be a good measure",
        link="https://www.cambridge.org/core/journals/european-review/article/improving-ratings-audit-in-the-british-university-system/FC2EE640C0C44E3DB87C29FB666E9AAB",
    ),
    "ahmadian2024": Source(
        "Ahmadian et al.",
        2024,
        "Back to basics: revisiting REINFORCE style optimization for learning from human "
        "feedback in LLMs",
        "RLOO, a REINFORCE-style alternative to PPO",
        arxiv="2402.14740",
    ),
    "shao2024": Source(
        "Shao et al.",
        2024,
        "DeepSeekMath: pushing the limits of mathematical reasoning in open language models",
        "GRPO, PPO without a value model",
        arxiv="2402.03300",
    ),
    # Rewards you can check (pages/checker.py): rewards from automatic checks, and hacking them.
    "deepseek2025": Source(
        "DeepSeek-AI",
        2025,
        "DeepSeek-R1: incentivizing reasoning capability in LLMs via reinforcement learning",
        "rule-based rewards for correct answers on math and code problems",
        arxiv="2501.12948",
    ),
    "lambert2024": Source(
        "Lambert et al.",
        2024,
        "Tülu 3: pushing frontiers in open language model post-training",
        "the name reinforcement learning with verifiable rewards (RLVR)",
        arxiv="2411.15124",
    ),
    "baker2025": Source(
        "Baker et al.",
        2025,
        "Monitoring reasoning models for misbehavior and the risks of promoting obfuscation",
        "a monitor reading the chain of thought catches reward hacking; penalizing what it "
        "catches, under strong optimization, teaches hacking with the intent hidden",
        arxiv="2503.11926",
    ),
    "bae2025": Source(
        "Bae et al.",
        2025,
        "Online difficulty filtering for reasoning oriented reinforcement learning",
        "training on tasks of intermediate difficulty learns fastest",
        arxiv="2504.03380",
    ),
    "macdiarmid2025": Source(
        "MacDiarmid et al.",
        2025,
        "Natural emergent misalignment from reward hacking in production RL",
        "a model that learned to hack coding checkers generalized to broader misalignment",
        arxiv="2511.18397",
    ),
    "metr2025": Source(
        "METR",
        2025,
        "Recent frontier models are reward hacking",
        "frontier models modifying tests and scoring code on METR's tasks",
        link="https://metr.org/blog/2025-06-05-recent-reward-hacking/",
    ),
}


def citation(key: str) -> str:
    """One source as a Markdown line: authors (year), *title*, linked arXiv id: what for."""
    source = SOURCES[key]
    where = f"arXiv:{source.arxiv}" if source.arxiv else "link"
    return (
        f"{source.authors} ({source.year}), *{source.title}*, "
        f"[{where}]({source.url}): {source.supports}."
    )


def markdown(*keys: str) -> str:
    """The Markdown of a page's source list: the heading, then one bullet per key, in order."""
    heading = tr("**Sources**")  # HEADING in the reader's language
    return heading + "\n\n" + "\n".join(f"- {citation(key)}" for key in keys)


def footer(*keys: str, container=None) -> None:
    """Show the sources ``keys`` as a small list at the foot of a page (unknown keys raise)."""
    (container if container is not None else st).caption(markdown(*keys))
