"""The 600 fixed answers: the shipped file, the script that writes it, and their scores."""

import importlib.util
import shutil
from pathlib import Path

import numpy as np
import pytest

import core
from core.answers import ANSWERS_FILE, write_answers_file
from scripts.processes import run_python

REPO_ROOT = Path(__file__).resolve().parents[2]
SCRIPT = REPO_ROOT / "scripts" / "make_answers.py"


@pytest.fixture(scope="module")
def script():
    """scripts/make_answers.py as a module (it is a script, not a package)."""
    spec = importlib.util.spec_from_file_location("make_answers", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class TestShippedFile:
    def test_holds_the_draws_of_the_lesson_seed_exactly(self):
        table = np.loadtxt(ANSWERS_FILE, delimiter=",", skiprows=1)
        length, substance = core.draw_answers(core.LESSON_SEED)
        assert table.shape == (core.ANSWER_COUNT, 2)
        np.testing.assert_array_equal(table[:, 0], length)
        np.testing.assert_array_equal(table[:, 1], substance)

    def test_has_a_header_naming_its_columns(self):
        assert ANSWERS_FILE.read_text().splitlines()[0] == "length,substance"

    def test_is_regenerated_byte_for_byte(self, tmp_path):
        written = tmp_path / "answers.csv"
        write_answers_file(core.LESSON_SEED, written)
        assert written.read_bytes() == ANSWERS_FILE.read_bytes()

    def test_answers_are_the_shipped_file(self):
        scored = core.answers()
        length, substance = core.draw_answers(core.LESSON_SEED)
        np.testing.assert_array_equal(scored.length, length)
        np.testing.assert_array_equal(scored.substance, substance)

    def test_looks_like_600_draws_from_the_base_model(self):
        scored = core.answers()
        # Mean within 4 standard errors of 0, spread within 10% of 1.
        for values in (scored.length, scored.substance):
            assert abs(values.mean()) < 4 / np.sqrt(core.ANSWER_COUNT)
            assert values.std() == pytest.approx(1.0, rel=0.1)


class TestScript:
    def test_story_reports_the_lessons_numbers_on_the_shipped_answers(self, script):
        curve = core.best_of_n(np.arange(1, 1001)).gold_gain
        assert script.story(curve) == (49, 590)

    def test_fix_holds_on_the_shipped_answers(self, script):
        assert script.fix_holds(core.best_of_n(np.arange(1, 10_001), b=0.2).gold_gain)

    def test_fix_holds_rejects_a_decline(self, script):
        assert not script.fix_holds(core.best_of_n(np.arange(1, 10_001), b=0.0).gold_gain)

    def test_its_own_curves_tell_the_story_for_the_lesson_seed(self, script):
        seeds = np.array([core.LESSON_SEED])
        short = script.gold_gain_curves(seeds, script.win_chances(1_000), b=0.0)[0]
        assert script.story(short) == (49, 590)
        np.testing.assert_allclose(
            short, core.best_of_n(np.arange(1, 1001)).gold_gain, rtol=1e-9, atol=1e-12
        )
        long = script.gold_gain_curves(seeds, script.win_chances(10_000), b=0.2)[0]
        assert script.fix_holds(long)

    def test_running_it_rewrites_the_file_byte_for_byte(self, tmp_path):
        # Run a copy, so the script writes the copy's core/data/answers.csv.
        shutil.copytree(REPO_ROOT / "core", tmp_path / "core")
        shutil.copytree(REPO_ROOT / "scripts", tmp_path / "scripts")
        copied = tmp_path / "core" / "data" / "answers.csv"
        copied.unlink()
        run = run_python(str(tmp_path / "scripts" / "make_answers.py"), cwd=tmp_path)
        assert run.returncode == 0, run.stderr
        assert copied.read_bytes() == ANSWERS_FILE.read_bytes()


class TestScores:
    def test_fields_are_600_floats(self):
        scored = core.answers(b=0.3, sigma=0.7)
        for field in ("length", "substance", "proxy", "gold"):
            values = getattr(scored, field)
            assert values.shape == (core.ANSWER_COUNT,)
            assert values.dtype == np.float64
            assert np.all(np.isfinite(values))

    def test_proxy_is_the_lessons_reward_model_exactly(self):
        scored = core.answers()
        np.testing.assert_array_equal(scored.proxy, scored.substance + scored.length)

    def test_gold_is_the_lessons_true_quality_exactly(self):
        scored = core.answers(b=0.4, sigma=1.3)
        length, substance = scored.length, scored.substance
        np.testing.assert_array_equal(scored.gold, substance + length - (length**2 - 1))

    @pytest.mark.parametrize(("b", "sigma"), [(0.2, 0.0), (1.0, 0.0), (0.3, 0.7)])
    def test_proxy_adds_the_learned_penalty_and_the_error_field(self, b, sigma):
        scored = core.answers(b=b, sigma=sigma)
        length, substance = scored.length, scored.substance
        expected = (
            substance + length - b * (length**2 - 1) + sigma * core.error_field(length, substance)
        )
        np.testing.assert_allclose(scored.proxy, expected, rtol=0, atol=1e-12)

    def test_whole_padding_penalty_makes_the_proxy_gold(self):
        scored = core.answers(b=1.0)
        np.testing.assert_array_equal(scored.proxy, scored.gold)


class TestSeeds:
    def test_same_seed_same_answers(self):
        """Seed 11 draws the answers it drew when these numbers were stored (2026-11-30, from
        ``core.draw_answers(11)[0][:3].tolist()``, ``[1][:3]``, and the sum of
        ``core.answers(seed=11).proxy``), numpy's default_rng (PCG64) being stable."""
        length, substance = core.draw_answers(11)
        stored_length = [0.03419276725318417, 1.2247210785859324, -0.2979695111064471]
        stored_substance = [1.3597475403099617, -0.5103070767876675, -0.5273841930334252]
        np.testing.assert_array_equal(length[:3], stored_length)
        np.testing.assert_array_equal(substance[:3], stored_substance)
        assert core.answers(seed=11).proxy.sum() == pytest.approx(16.836798791228848, rel=1e-12)

    def test_different_seeds_differ(self):
        length_11, _ = core.draw_answers(11)
        length_12, _ = core.draw_answers(12)
        assert not np.any(length_11 == length_12)

    def test_an_integer_seed_draws_like_the_lesson(self):
        length, substance = core.draw_answers(5)
        scored = core.answers(seed=5)
        np.testing.assert_array_equal(scored.length, length)
        np.testing.assert_array_equal(scored.substance, substance)

    def test_cached_points_cannot_be_changed_by_a_caller(self):
        scored = core.answers()
        with pytest.raises(ValueError, match="read-only"):
            scored.length[0] = 99.0
        assert core.answers().length[0] != 99.0
