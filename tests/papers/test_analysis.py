import random
import statistics

import pytest

from papers.analysis import analyse

GUTTMAN = [[1, 1, 1], [1, 1, 0], [1, 0, 0], [0, 0, 0]]


def test_it_computes_the_facility_and_standard_deviation_as_percentages():
    item = analyse(GUTTMAN, [1, 1, 1]).items[0]
    assert (item.facility, item.standard_deviation) == (75.0, 50.0)


def test_it_correlates_each_item_with_the_rest_of_the_paper():
    item = analyse(GUTTMAN, [1, 1, 1]).items[0]
    assert item.discrimination == pytest.approx(52.2233, abs=1e-3)


def test_a_perfectly_ordered_item_has_full_efficiency():
    assert analyse(GUTTMAN, [1, 1, 1]).items[0].efficiency == pytest.approx(100.0)


def test_it_computes_cronbachs_alpha():
    assert analyse(GUTTMAN, [1, 1, 1]).alpha == pytest.approx(0.75)


def test_it_agrees_with_the_standard_librarys_correlation_on_random_marks():
    generator = random.Random(4)
    marks = [[generator.choice([0, 0.5, 1]), generator.choice([0, 2]), generator.random() * 3]
             for _ in range(200)]
    result = analyse(marks, [1, 2, 3])
    rest = [row[0] + row[2] for row in marks]
    expected = 100 * statistics.correlation([row[1] for row in marks], rest)
    assert result.items[1].discrimination == pytest.approx(expected)


def test_an_item_everyone_gets_right_has_no_discrimination_and_is_flagged_too_easy():
    item = analyse([[1, 1], [1, 0], [1, 1]], [1, 1]).items[0]
    assert item.discrimination is None
    assert item.warnings == ["too_easy"]


def test_an_item_strong_candidates_fail_is_flagged():
    marks = [[0, 1, 1, 1], [0, 1, 1, 1], [1, 0, 0, 0], [1, 0, 0, 1]]
    assert "negative_discrimination" in analyse(marks, [1, 1, 1, 1]).items[0].warnings


def test_it_counts_the_options_chosen():
    choices = [[["a"]], [["b"]], [["a"]], [[]]]
    result = analyse([[1], [0], [1], [0]], [1], choices)
    assert result.items[0].option_counts == {"a": 2, "b": 1}


def test_it_reports_nothing_it_cannot_compute_without_attempts():
    result = analyse([], [1, 1])
    assert (result.attempts, result.alpha, result.items[0].facility) == (0, None, None)


def test_it_refuses_rows_of_the_wrong_width():
    with pytest.raises(ValueError, match="one mark per item"):
        analyse([[1, 0], [1]], [1, 1])
