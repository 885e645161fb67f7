"""The pairing board's data (board_context) and the text form of an answer."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tournaments.pairing_board import (
    answer_from_post,
    board_context,
    check_players,
    format_pairing_text,
    normalise_answer,
    parse_pairing_text,
)
from tournaments.swiss.acceleration import virtual_points
from tournaments.swiss.checker import before_round
from tournaments.swiss.engine import pair_round
from tournaments.trf import parse

LIVRE = Path(__file__).parent / "data" / "livre_4_3.trf"


@pytest.fixture(scope="module")
def livre():
    return parse(LIVRE.read_bytes())


def card(context: dict, number: int) -> dict:
    return next(c for c in context["cards"] if c["number"] == number)


# --- text form -------------------------------------------------------------------------


def test_it_reads_boards_white_first_and_byes_in_both_spellings():
    text = "12-5\n 3 - 4 \n\n7–9\nexempt 7\nbye 8\n6 exempt"
    with pytest.raises(ValueError):
        parse_pairing_text(text)  # 7 twice
    assert parse_pairing_text("12-5\n 3 - 4 \n\n10–9\nexempt 7\nBYE 8\n6 exempt") == {
        "pairs": [[12, 5], [3, 4], [10, 9]],
        "byes": [7, 8, 6],
    }


def test_it_rejects_an_unreadable_line_and_names_it():
    with translation.override("fr"), pytest.raises(ValueError) as error:
        parse_pairing_text("1-2\n3 contre 4")
    assert str(error.value) == (
        "Ligne 2 : « 3 contre 4 » illisible ; écrivez « 12-5 » (Blancs puis Noirs) ou « exempt 7 »."
    )


def test_it_rejects_a_player_seated_twice_naming_both_lines():
    with translation.override("fr"), pytest.raises(ValueError) as error:
        parse_pairing_text("1-2\n3-4\nexempt 2")
    assert str(error.value) == "Ligne 3 : le joueur 2 est déjà placé ligne 1."


def test_it_rejects_a_player_against_himself():
    with (
        translation.override("fr"),
        pytest.raises(ValueError, match="Ligne 1 : le joueur 5 ne peut pas jouer"),
    ):
        parse_pairing_text("5-5")


def test_it_rejects_a_number_of_five_digits_as_unreadable():
    with pytest.raises(ValueError, match="Ligne 1"):
        parse_pairing_text("12345-1")


def test_format_and_parse_are_inverse():
    answer = {"pairs": [[12, 5], [3, 4]], "byes": [7]}
    assert format_pairing_text(answer) == "12-5\n3-4\nexempt 7"
    assert parse_pairing_text(format_pairing_text(answer)) == answer
    assert format_pairing_text({"pairs": [], "byes": []}) == ""


def test_unknown_and_absent_numbers_are_rejected_against_the_tournament(livre):
    before_two = before_round(livre, 2)  # 12 is announced absent in round 2
    with translation.override("fr"):
        with pytest.raises(ValueError) as unknown:
            check_players({"pairs": [[1, 99]], "byes": []}, before_two, 2)
        with pytest.raises(ValueError) as absent:
            check_players({"pairs": [[1, 12]], "byes": []}, before_two, 2)
        with pytest.raises(ValueError) as twice:
            check_players({"pairs": [[1, 2]], "byes": [2]}, before_two, 2)
    assert str(unknown.value) == "Le joueur 99 n'existe pas dans ce tournoi."
    assert str(absent.value) == "Le joueur 12 ne joue pas cette ronde."
    assert str(twice.value) == "Le joueur 2 est placé deux fois."
    check_players({"pairs": [[1, 2]], "byes": [14]}, before_two, 2)  # a partial answer is fine


def test_a_paper_copy_keeps_a_player_seated_twice_or_absent_as_written(livre):
    before_two = before_round(livre, 2)
    with translation.override("fr"):
        answer = parse_pairing_text("1-2\n3-1\n4-12\n5-5\nexempt 2", as_written=True)
        check_players(answer, before_two, 2, as_written=True)
    assert answer == {"pairs": [[1, 2], [3, 1], [4, 12], [5, 5]], "byes": [2]}


def test_a_paper_copy_still_refuses_an_unknown_number_or_a_malformed_line(livre):
    with translation.override("fr"):
        with pytest.raises(ValueError) as unknown:
            check_players({"pairs": [[1, 99]], "byes": []}, before_round(livre, 2), 2, as_written=True)
        with pytest.raises(ValueError) as malformed:
            parse_pairing_text("1-2\n3 contre 4", as_written=True)
    assert str(unknown.value) == "Le joueur 99 n'existe pas dans ce tournoi."
    assert str(malformed.value).startswith("Ligne 2 : « 3 contre 4 » illisible")


def test_a_malformed_json_answer_is_refused_with_a_reason():
    with translation.override("fr"):
        for bad, message in (
            ("{", "La réponse n'est pas lisible."),
            ('{"pairs": [[1]]}', "Chaque échiquier doit être une paire de numéros [Blancs, Noirs]."),
            ('{"pairs": [], "byes": ["7"]}', "Chaque exempt doit être un numéro de joueur."),
            ("[1, 2]", "La réponse doit contenir « pairs » et « byes »."),
            ('{"pairs": [[true, 2]]}', "Chaque échiquier doit être une paire de numéros [Blancs, Noirs]."),
        ):
            with pytest.raises(ValueError) as error:
                normalise_answer(bad)
            assert str(error.value) == message
    assert normalise_answer(None) == {"pairs": [], "byes": []}


def test_the_textarea_wins_over_the_hidden_input_when_javascript_is_off():
    both = {"answer": '{"pairs": [[1, 2]], "byes": []}', "answer__text": "3-4"}
    assert answer_from_post(both, "answer") == {"pairs": [[3, 4]], "byes": []}
    assert answer_from_post({"answer": '{"pairs": [[1, 2]], "byes": []}'}, "answer")["pairs"] == [[1, 2]]


# --- the cards -------------------------------------------------------------------------


def test_cards_show_each_round_colour_history_preference_and_floats(livre):
    with translation.override("fr"):
        context = board_context(
            tournament=before_round(livre, 5), round_number=5, answer=None, field_name="answer"
        )
    six = card(context, 6)
    assert [cell["label"] for cell in six["rounds"]] == ["13N1", "3B½", "11N+", "2B0"]
    assert six["rounds"][2]["kind"] == "forfeit"
    assert six["colours"] == "NBB"  # the forfeit gives no colour
    assert six["preference"] == {"colour": "Noirs", "strength": "absolue", "code": "b"}
    assert six["score"] == "2½"
    assert six["floats"] == ["↓3"]  # a forfeit win is a downfloat (Livre 4.3, player 6)
    fourteen = card(context, 14)
    assert fourteen["rounds"][1]["kind"] == "bye" and fourteen["rounds"][1]["label"] == "exempt"
    assert fourteen["preference"]["strength"] == "forte"
    twelve = card(context, 12)
    assert twelve["rounds"][1]["label"] == "absent"
    assert (twelve["name"], twelve["rating"]) == ("Oskar", 2100)
    assert card(context, 1)["title"] == "GM"


def test_players_are_grouped_by_score_descending_then_pairing_number(livre):
    context = board_context(tournament=before_round(livre, 5), round_number=5, answer=None, field_name="a")
    assert [(g["score"], [c["number"] for c in g["players"]]) for g in context["groups"]] == [
        ("3½", [2]),
        ("3", [1, 5]),
        ("2½", [4, 6, 11]),
        ("2", [3, 7]),
        ("1½", [9, 10, 14]),
        ("1", [8, 13]),
        ("½", [12]),
    ]
    assert context["present_count"] == 14 and context["absent"] == []


def test_a_player_announced_absent_is_out_of_the_groups(livre):
    with translation.override("fr"):
        context = board_context(
            tournament=before_round(livre, 2), round_number=2, answer=None, field_name="a"
        )
    assert [c["number"] for c in context["absent"]] == [12]
    assert context["absent"][0]["absence"] == "absent (0 point)"
    assert 12 not in [c["number"] for g in context["groups"] for c in g["players"]]
    assert context["present_count"] == 13


def test_the_answer_marks_the_seated_players_and_is_kept_as_json_and_text(livre):
    answer = {"pairs": [[2, 1], [5, 11]], "byes": [14]}
    context = board_context(tournament=before_round(livre, 5), round_number=5, answer=answer, field_name="q7")
    assert card(context, 1)["seat"] == 1 and card(context, 11)["seat"] == 2
    assert card(context, 14)["seat"] == "bye" and card(context, 3)["seat"] is None
    assert context["answer_json"] == '{"pairs":[[2,1],[5,11]],"byes":[14]}'
    assert context["answer_text"] == "2-1\n5-11\nexempt 14"
    assert (context["field_name"], context["text_name"]) == ("q7", "q7__text")


def test_virtual_points_of_an_acceleration_make_the_pairing_score(livre):
    first = livre.up_to(0)
    virtual = {1: virtual_points(first, 1, "baku")}
    context = board_context(tournament=first, round_number=1, answer=None, field_name="a", virtual=virtual)
    assert card(context, 1)["pairing_score"] == "1" and card(context, 1)["virtual"] == "1"
    assert card(context, 14)["pairing_score"] == "0" and card(context, 14)["virtual"] == ""
    assert context["accelerated"]


def test_the_rendered_board_never_contains_the_engines_pairing(livre):
    tournament = before_round(livre, 5)
    engine = pair_round(tournament)
    context = board_context(tournament=tournament, round_number=5, answer=None, field_name="answer")
    html = render_to_string("tournaments/pairing_board.html", context)
    assert 'name="answer"' in html and 'name="answer__text"' in html
    for white, black in engine.pairs:
        assert f"{white}-{black}" not in html


def test_readonly_shows_the_answer_without_controls(livre):
    answer = {"pairs": [[2, 1]], "byes": []}
    context = board_context(
        tournament=before_round(livre, 5), round_number=5, answer=answer, field_name="a", readonly=True
    )
    html = render_to_string("tournaments/pairing_board.html", context)
    assert "data-pb-player" not in html and "data-pb-action" not in html and "textarea" not in html
    assert "pb-board__white" in html and "Bruno" in html


@pytest.mark.parametrize("seed", range(40))
def test_the_board_floats_are_the_checkers(seed):
    from tests.tournaments.swiss_generator import generate
    from tournaments.pairing_board import past_floats
    from tournaments.swiss.checker import previous_floats

    tournament, number = generate(seed)
    history = tournament.up_to(number - 1)
    halves, floats = past_floats(history, number - 1)
    assert floats == [previous_floats(history.up_to(r)) for r in range(1, number)]
    assert halves == {p.number: int(p.score * 2) for p in history.players}


def test_the_livre_floats_are_the_checkers(livre):
    from tournaments.pairing_board import past_floats
    from tournaments.swiss.checker import previous_floats

    _halves, floats = past_floats(livre, 5)
    assert floats == [previous_floats(livre.up_to(r)) for r in range(1, 6)]


def test_the_standings_share_a_rank_between_equal_scores(livre):
    context = board_context(tournament=before_round(livre, 2), round_number=2, answer=None, field_name="a")
    ranks = [(c["number"], c["rank"]) for c in context["standings"]]
    assert ranks[:7] == [(1, 1), (2, 1), (3, 1), (5, 1), (6, 1), (7, 1), (4, 7)]


def test_an_answer_nested_thousands_deep_is_refused_not_a_crash():
    with pytest.raises(ValueError, match="lisible"):
        normalise_answer("[" * 100_000 + "]" * 100_000)
