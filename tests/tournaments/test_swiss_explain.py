"""The explanation of a round (Livre 4.1 terms) replays to the engine's pairing and agrees with
the Livre's own account of its 4.3 example."""

from pathlib import Path

import pytest

from tournaments.swiss.checker import before_round, round_of
from tournaments.swiss.colours import ABSOLUTE, MILD, STRONG, allocate, preference
from tournaments.swiss.engine import RoundPairing
from tournaments.swiss.explain import ReplayError, Step, explain_round, replay
from tournaments.trf import parse

LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"


@pytest.fixture(scope="module")
def livre():
    return parse(LIVRE.read_bytes())


@pytest.fixture(scope="module")
def explained(livre):
    return {n: explain_round(before_round(livre, n), round_number=n) for n in range(1, 6)}


def kinds(explanation, kind):
    return [step for step in explanation.steps if step.kind == kind]


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_each_livre_round_replays_from_its_steps_to_the_engines_pairing(explained, number):
    explanation = explained[number]
    assert replay(explanation.steps, number) == explanation.pairing


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_each_livre_round_replays_to_the_livres_own_pairing(livre, explained, number):
    replayed = replay(explained[number].steps, number)
    assert (tuple(sorted(replayed.pairs)), replayed.byes) == (
        round_of(livre, number).pairs,
        round_of(livre, number).byes,
    )


@pytest.mark.parametrize("number", [1, 2, 3, 4, 5])
def test_the_colour_rules_reconstructed_give_the_engines_colours_on_every_livre_board(explained, number):
    assert {step.rule for step in kinds(explained[number], "colour")} <= {"E.1", "E.2", "E.3", "E.4", "E.5"}


def test_round_2_floats_4_and_11_who_already_met_as_the_livre_says(explained):
    floats = {step.players[0]: step for step in explained[2].steps if step.kind.startswith("float.")}
    assert set(floats) == {4, 11} and floats[4].kind == "float.incompatible"


def test_round_2_pairs_the_floaters_with_the_transposition_21345_the_livre_names(explained):
    transpositions = kinds(explained[2], "transposition")
    assert [t.params["after"] for t in transpositions][-1] == [9, 8, 10, 13, 14]


def test_round_2_gives_the_bye_to_14(explained):
    assert [step.players for step in kinds(explained[2], "bye")] == [(14,)]


def test_round_3_exchanges_4_and_6_as_the_livre_says(explained):
    (exchange,) = kinds(explained[3], "exchange")
    assert (exchange.params["out"], exchange.params["into"]) == ([4], [6])


def test_round_4_refuses_2_5_who_met_and_floats_5(explained):
    initial = kinds(explained[4], "initial")[0]
    assert initial.params["refused"][0]["pair"] == [2, 5]
    assert 5 in [step.players[0] for step in explained[4].steps if step.kind.startswith("float.")]


def test_round_5_collapses_the_last_two_groups_as_the_livre_does(explained):
    (collapse,) = kinds(explained[5], "collapse")
    assert collapse.players == (14, 8, 13, 12)


def test_round_5_gives_14_white_by_e4_against_12_as_the_livre_says(explained):
    board = next(step for step in kinds(explained[5], "colour") if set(step.players) == {12, 14})
    assert (board.params["white"], board.rule) == (14, "E.4")


def test_an_explanation_renders_in_french_and_in_english(explained):
    step = kinds(explained[3], "exchange")[0]
    assert "Échange" in step.render("fr") and "Exchange" in step.render("en")


def test_every_step_of_the_livre_renders_in_both_languages(explained):
    texts = [step.render(lang) for e in explained.values() for step in e.steps for lang in ("fr", "en")]
    assert all(texts) and not any("{" in text for text in texts)


def test_replay_refuses_steps_whose_colours_do_not_match_the_pairs():
    steps = [
        Step("pairs", (1, 2), "C.6", {"s1": [1], "s2": [2]}),
        Step("colour", (1, 3), "E.5", {"white": 1, "black": 3}),
    ]
    with pytest.raises(ReplayError):
        replay(steps)


def test_replay_uses_the_steps_data_not_the_engine():
    steps = [
        Step("pairs", (1, 2), "C.6", {"s1": [1], "s2": [2]}),
        Step("colour", (2, 1), "E.5", {"white": 2, "black": 1}),
        Step("bye", (3,), "C.04.1 c", {"skipped": []}),
    ]
    assert replay(steps, 4) == RoundPairing(4, ((2, 1),), (3,))


@pytest.mark.parametrize(
    ("sequence", "expected"),
    [
        ("", ("", 0)),
        ("ww", ("b", ABSOLUTE)),
        ("wbb", ("w", ABSOLUTE)),
        ("w", ("b", STRONG)),
        ("wb", ("w", MILD)),
    ],
)
def test_colour_preferences_follow_a6(sequence, expected):
    found = preference(sequence)
    assert (found.colour, found.strength) == expected


def test_e5_gives_the_initial_colour_to_an_odd_higher_ranked_player():
    assert allocate(3, 10, {3: "", 10: ""}, initial_colour="w").white == 3


def test_e5_gives_the_other_colour_to_an_even_higher_ranked_player():
    assert allocate(2, 9, {2: "", 9: ""}, initial_colour="w").white == 9


def test_round_2_names_the_colour_clashes_the_transposition_576_removes(explained):
    initial = kinds(explained[2], "initial")[0]
    transposition = kinds(explained[2], "transposition")[0]
    assert [c["pair"] for c in initial.params["clashes"]] == [[2, 6], [3, 7]]
    assert transposition.params["after"] == [5, 7, 6]


def test_round_4_floats_9_because_14_floated_down_two_rounds_earlier_as_the_livre_says(explained):
    step = next(s for s in explained[4].steps if s.kind.startswith("float.") and s.players == (9,))
    assert step.params["before_last"] == [14]
