"""The UVT mock's managed-tournament part: a tournament per attempt, run in the real manager,
graded at hand-in against the engine and the statement, then frozen."""

from __future__ import annotations

from datetime import timedelta
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse
from django.utils import timezone, translation

from delivery import services as delivery
from delivery.models import Paper, Purpose
from managed_tournaments import services as manager
from managed_tournaments.models import ManagedTournament
from managed_tournaments.pairing import (
    change_pairing,
    engine_round,
    pair_next_round,
    pairing_as_text,
    round_pairing,
)
from practice import services
from practice.managed_part import UNITS, MockPart, grade, set_part, statement_for, tasks
from practice.managed_part_text import correction_rows
from practice.mocks import ensure_mock_blueprints
from practice.models import ManagedPart
from tests.conftest import client_for
from tests.papers.conftest import publish
from tournaments.swiss.explain import Step, replay


@pytest.fixture
def uvt_mock(db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    return {blueprint.unit: blueprint for blueprint in ensure_mock_blueprints()}["UVT"]


@pytest.fixture
def part(trainee, uvt_mock) -> ManagedPart:
    return services.start_mock(trainee=trainee, unit="UVT").managed_part


def enter_results(part: ManagedPart, number: int, *, forfeit_as=None) -> None:
    given = part.statement["results"][str(number)]
    round_ = part.tournament.rounds.get(number=number)
    for board in round_.boards.all():
        result = given[board.number - 1]
        if forfeit_as and number == 1 and board.number == part.statement["forfeit"]["board"]:
            result = forfeit_as
        manager.set_result(board=board, result=result)


def work(part: ManagedPart, *, forfeit_as=None, swap_colours_in_round_2=False) -> None:
    """Everything the statement asks, done through the manager's services."""
    tournament, statement = part.tournament, part.statement
    pair_next_round(tournament=tournament)
    enter_results(part, 1, forfeit_as=forfeit_as)
    manager.withdraw(player=tournament.players.get(name=statement["withdrawal"]["name"]), from_round=2)
    late = statement["late_entry"]
    manager.add_player(tournament=tournament, name=late["name"], rating=late["rating"],
                       federation=late["federation"], missed_rounds_bye=late["bye"])
    pair_next_round(tournament=tournament)
    if swap_colours_in_round_2:
        pairing = round_pairing(tournament.rounds.get(number=2))
        white, black = pairing.pairs[0]
        text = pairing_as_text(pairing).replace(f"{white}-{black}", f"{black}-{white}", 1)
        change_pairing(tournament=tournament, text=text, accept_absolute_faults=True)
    enter_results(part, 2)
    manager.update_settings(tournament=tournament, tiebreaks=",".join(statement["tiebreaks"]))


def hand_in(part: ManagedPart) -> ManagedPart:
    delivery.submit_attempt(attempt=part.attempt)
    part.refresh_from_db()
    return part


def test_the_shipped_uvt_mock_sets_the_part_as_a_platform_convention(uvt_mock):
    assert (uvt_mock.managed_players, uvt_mock.managed_rounds, uvt_mock.managed_points) == (9, 2, Decimal(20))


def test_starting_a_uvt_mock_gives_the_trainee_a_tournament_of_their_own(part, trainee):
    tournament = part.tournament
    assert tournament.owner == trainee and tournament.players.count() == 9 and not tournament.rounds.exists()


def test_two_trainees_get_two_tournaments_with_their_own_players(part, uvt_mock, other_trainee):
    other = services.start_mock(trainee=other_trainee, unit="UVT").managed_part
    assert other.tournament_id != part.tournament_id
    assert set(other.tournament.players.values_list("name", flat=True)) != set(
        part.tournament.players.values_list("name", flat=True))


def test_the_statement_is_the_same_for_the_same_seed_and_gives_every_result():
    first, players = statement_for(seed=42, players=9, rounds=2)
    assert first == statement_for(seed=42, players=9, rounds=2)[0]
    assert [len(first["results"][r]) for r in ("1", "2")] == [4, 4]
    assert first["late_entry"]["name"] not in {p.name for p in players}


def test_the_scale_shares_the_points_by_task_and_adds_up(part):
    assert sum(task["points"] for task in tasks(part)) == part.points
    assert [task["units"] for task in tasks(part)][:2] == [UNITS["pair"], UNITS["results"]]


def test_the_work_done_as_stated_earns_every_mark_and_counts_in_the_mock(part):
    work(part)
    part = hand_in(part)
    assert part.marks == part.points
    assert part.attempt.max_score == part.points + 1 and part.attempt.score >= part.points


def test_a_forfeit_entered_as_a_game_loses_the_forfeit_task_only(part):
    played = {"+-": "1-0", "-+": "0-1"}[part.statement["forfeit"]["result"]]
    work(part, forfeit_as=played)
    report = {task["key"]: task for task in hand_in(part).report if task["round"] == 1}
    assert report["forfeit"]["share"] == "0" and report["forfeit"]["faults"][0]["entered"] == played
    assert report["results"]["share"] == "1"


def test_a_round_changed_by_hand_is_graded_against_the_engine_board_by_board(part):
    work(part, swap_colours_in_round_2=True)
    pairing_2 = next(t for t in hand_in(part).report if t["key"] == "pair" and t["round"] == 2)
    assert [fault["code"] for fault in pairing_2["faults"]] == ["colours", "engine_pairing"]
    assert Decimal("0") < Decimal(pairing_2["share"]) < Decimal("1")


def test_nothing_done_earns_nothing_and_each_task_says_why(part):
    part = hand_in(part)
    assert part.marks == 0 and all(task["faults"] for task in part.report)


def test_the_correction_explains_each_fault_on_the_result_page(part, trainee):
    pair_next_round(tournament=part.tournament)
    part = hand_in(part)
    page = client_for(trainee).get(reverse("delivery:attempt", args=[part.attempt.pk])).content.decode()
    assert part.marks == Decimal(5) and "Partie tournoi géré : 5 sur 20" in page
    assert "La ronde 2 n&#x27;est pas appariée." in page


def test_a_wrong_round_shows_the_engine_s_whole_pairing_in_the_correction(part, trainee):
    work(part, swap_colours_in_round_2=True)
    part = hand_in(part)
    page = client_for(trainee).get(reverse("delivery:attempt", args=[part.attempt.pk])).content.decode()
    assert "les couleurs sont inversées" in page and "Appariement du moteur sur vos données" in page


def test_the_attempt_page_states_the_tasks_and_links_to_the_tournament(part, trainee):
    page = client_for(trainee).get(reverse("delivery:attempt", args=[part.attempt.pk])).content.decode()
    assert part.tournament.get_absolute_url() in page
    assert part.statement["withdrawal"]["name"] in page and "Conforme" not in page


def test_the_work_is_saved_as_it_goes_and_survives_a_reload(part, trainee):
    client = client_for(trainee)
    client.post(reverse("managed_tournaments:pair_next", args=[part.tournament.pk]))
    client.get(reverse("delivery:attempt", args=[part.attempt.pk]))
    assert services.start_mock(trainee=trainee, unit="UVT").managed_part.tournament.rounds.count() == 1


def test_the_manager_links_back_to_the_mock(part, trainee):
    page = client_for(trainee).get(part.tournament.get_absolute_url()).content.decode()
    assert reverse("delivery:attempt", args=[part.attempt.pk]) in page


def test_after_hand_in_the_tournament_is_frozen(part, trainee):
    hand_in(part)
    response = client_for(trainee).post(reverse("managed_tournaments:pair_next", args=[part.tournament.pk]))
    assert response.status_code == 403 and not part.tournament.rounds.exists()


def test_a_frozen_tournament_still_reads(part, trainee):
    hand_in(part)
    assert client_for(trainee).get(part.tournament.get_absolute_url()).status_code == 200


def test_a_mock_past_its_time_is_handed_in_before_a_change_and_the_change_refused(part, trainee):
    attempt = part.attempt
    attempt.deadline = timezone.now() - timedelta(hours=1)
    attempt.save(update_fields=["deadline"])
    response = client_for(trainee).post(reverse("managed_tournaments:pair_next", args=[part.tournament.pk]))
    part.refresh_from_db()
    assert response.status_code == 403 and part.graded_at is not None


def test_it_refuses_a_change_once_the_copy_is_handed_in_even_if_its_grading_did_not_run(
    part, trainee, monkeypatch
):
    # The hand-in is committed before the grading freezes the tournament: a grading that fails
    # (or a worker killed in between) must not leave a handed-in mock's tournament open.
    def interrupted(attempt):
        raise RuntimeError("grading interrupted")

    monkeypatch.setattr("practice.managed_part.grade_for_attempt", interrupted)
    # The hand-in goes through all the same, its grading left to the clock's sweep.
    assert delivery.submit_attempt(attempt=part.attempt).awaits_automatic_grading
    response = client_for(trainee).post(reverse("managed_tournaments:pair_next", args=[part.tournament.pk]))
    assert response.status_code == 403 and not part.tournament.rounds.exists()
    with pytest.raises(PermissionDenied):
        manager.update_settings(tournament=part.tournament, name="Changé après la remise")


def test_grading_twice_keeps_the_first_mark(part):
    part = hand_in(part)
    # Changed behind the manager's back (every change through it is refused after the hand-in).
    ManagedTournament.objects.filter(pk=part.tournament_id).update(
        frozen_at=None, tiebreaks=",".join(part.statement["tiebreaks"]))
    assert grade(part).marks == 0


def test_the_mock_tournament_cannot_be_deleted(part, trainee):
    client_for(trainee).post(reverse("managed_tournaments:delete", args=[part.tournament.pk]))
    assert ManagedTournament.objects.filter(pk=part.tournament_id).exists()


def test_another_trainee_never_sees_the_tournament(part, other_trainee):
    response = client_for(other_trainee).get(part.tournament.get_absolute_url())
    assert response.status_code == 404


def test_the_part_is_refused_for_an_exam_paper(trainee, db):
    paper = Paper.objects.create(title="UVT", purpose=Purpose.EXAM, unit="UVT", duration=timedelta(hours=3))
    attempt = delivery.start_attempt(paper=paper, candidate=trainee)
    with pytest.raises(ValidationError):
        set_part(attempt=attempt, players=9, rounds=2, points=Decimal(20))


def test_a_real_exam_under_way_closes_the_mock_tournament(part, trainee):
    paper = Paper.objects.create(title="UVT", purpose=Purpose.EXAM, unit="UVT", duration=timedelta(hours=3))
    delivery.start_attempt(paper=paper, candidate=trainee)
    assert client_for(trainee).get(part.tournament.get_absolute_url()).status_code == 403


def test_the_practice_home_shows_the_part_as_a_platform_convention(uvt_mock, trainee):
    page = client_for(trainee).get(reverse("practice:home")).content.decode()
    assert "et une partie tournoi géré : 9 joueurs" in page


def test_a_three_round_part_adds_a_third_round_to_pair_and_play():
    part = ManagedPart(rounds=3, points=Decimal(27), statement={})
    keys = [(task["key"], task["round"]) for task in tasks(part)]
    assert keys[-3:] == [("pair", 3), ("results", 3), ("tiebreaks", 3)]
    assert sum(task["points"] for task in tasks(part)) == Decimal(27)


# --- the correction's step-by-step explanation of each round ------------------------------------


def correction_page(part: ManagedPart, trainee, language: str = "fr") -> str:
    client = client_for(trainee)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(reverse("delivery:attempt", args=[part.attempt.pk])).content.decode()


def pair_row(part: ManagedPart, number: int) -> dict:
    with translation.override("fr"):
        rows = correction_rows(part)
    return next(row for row in rows if row["explained"] and row["explained"]["round"] == number)


def test_the_correction_explains_each_round_step_by_step_in_the_livres_terms(part, trainee):
    work(part)
    page = correction_page(hand_in(part), trainee)
    assert page.count("Comment on y arrive, pas à pas (Livre 4.1)") == 2
    assert "Groupes de points, du plus élevé au plus bas" in page and "Échiquier 1 :" in page


def test_a_right_round_s_explanation_is_folded_and_a_wrong_one_s_open(part, trainee):
    work(part, swap_colours_in_round_2=True)
    page = correction_page(hand_in(part), trainee)
    assert '<details id="managed-part-steps-1">' in page
    assert '<details open id="managed-part-steps-2">' in page


def test_the_round_explained_is_the_engine_s_round_the_grading_compared_with(part):
    work(part, swap_colours_in_round_2=True)
    part = hand_in(part)
    graded = next(t for t in part.report if t["key"] == "pair" and t["round"] == 2)
    engine = next(f for f in graded["faults"] if f["code"] == "engine_pairing")
    assert pair_row(part, 2)["explained"]["engine"] == [f"{w}-{b}" for w, b in engine["pairs"]] + [
        f"exempt {n}" for n in engine["byes"]]


def test_the_engine_s_round_is_shown_once_beside_its_explanation_not_again_as_a_fault(part):
    work(part, swap_colours_in_round_2=True)
    faults = pair_row(hand_in(part), 2)["faults"]
    assert len(faults) == 1 and "les couleurs sont inversées" in faults[0]


def test_the_stored_steps_replay_to_the_engine_s_round_on_the_trainee_s_data(part):
    work(part)
    part = hand_in(part)
    part.refresh_from_db()  # the steps as the database gives them back
    for task in (t for t in part.report if t["key"] == "pair"):
        stored = task["explanation"]
        steps = [Step.from_json(step) for step in stored["steps"]]
        assert replay(steps, task["round"]).pairs == tuple(tuple(pair) for pair in stored["pairs"])


def test_the_stored_steps_read_as_the_explainer_writes_them_in_both_languages(part):
    work(part, swap_colours_in_round_2=True)
    part = hand_in(part)
    part.refresh_from_db()
    round_2 = next(task for task in part.report if task["key"] == "pair" and task["round"] == 2)
    stored = [Step.from_json(step) for step in round_2["explanation"]["steps"]]
    steps = engine_round(part.tournament, 2).explain().steps
    for language in ("fr", "en"):
        assert [step.render(language) for step in stored] == [step.render(language) for step in steps]


def test_the_explanation_reads_in_english_for_an_english_reader(part, trainee):
    work(part)
    page = correction_page(hand_in(part), trainee, language="en")
    assert "Score groups, from the highest down" in page and "Groupes de points" not in page


def test_the_explanation_never_shows_before_the_hand_in(part, trainee):
    work(part)
    client = client_for(trainee)
    pages = [client.get(url).content.decode() for url in (
        reverse("delivery:attempt", args=[part.attempt.pk]),
        part.tournament.get_absolute_url(),
        reverse("managed_tournaments:round", args=[part.tournament.pk, 2]),
    )]
    assert not any("pas à pas" in page or "Groupes de points" in page for page in pages)
    part.refresh_from_db()
    assert MockPart().context(part.attempt, corrected=True) is None and part.report == []


def test_a_round_left_unpaired_is_explained_from_what_the_tournament_holds(part):
    pair_next_round(tournament=part.tournament)
    enter_results(part, 1)
    explained = pair_row(hand_in(part), 2)["explained"]
    assert explained["label"].startswith("Votre tournoi n'a pas cette ronde") and explained["steps"]


def test_a_round_that_could_not_be_paired_says_why_it_has_no_explanation(part):
    part = hand_in(part)
    assert pair_row(part, 1)["explained"]["steps"]  # the players registered, in rating order
    assert pair_row(part, 2)["explained"]["reason"] == "La ronde 1 n'est pas appariée non plus."
