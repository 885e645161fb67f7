"""Issue 19: during a closed-book exam the candidate's own questions draw their boards (and no
other board is drawn), and each exam copy being sat works on its own."""

from __future__ import annotations

import html as html_module
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services
from delivery.models import Attempt, Feedback
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.questions import core_samples

MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"
BOARD = "8/8/8/4k3/8/8/8/4K2R w - - 0 1"
# A position none of the papers shows: the king of the side not to move in check (impossible).
ELSEWHERE = "4k3/8/8/8/8/8/8/4KR2 b - - 0 1"


@pytest.fixture
def replay_paper(trainer, reviewer):
    """A closed-book exam whose questions draw a board and replay a game."""
    return make_paper(trainer, reviewer, [
        ("c-board", core_samples.ruling(scenario={"fen": BOARD, "rate": "standard"})),
        ("c-replay", core_samples.ruling(scenario={"moves": MOVES, "rate": "standard"})),
    ], title="UVC — session de test")


@pytest.fixture
def replay_copy(replay_paper, trainee):
    return services.start_attempt(paper=replay_paper, candidate=trainee)


def page_html(user, attempt) -> str:
    return client_for(user).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()


def replay_images(html: str) -> list[str]:
    return [html_module.unescape(src) for src in re.findall(r'data-src="([^"]+)"', html)]


def test_every_position_of_the_copys_replay_is_drawn_during_a_closed_book_exam(replay_copy, trainee):
    client = client_for(trainee)
    images = replay_images(page_html(trainee, replay_copy))
    assert len(images) == 7  # the start and six moves
    assert {client.get(src).status_code for src in images} == {200}


def test_a_position_the_copy_does_not_show_is_not_drawn_during_the_exam(replay_copy, trainee):
    response = client_for(trainee).get(reverse("positions:diagram"), {"fen": ELSEWHERE})
    assert response.status_code == 403


def test_an_unreadable_position_gets_the_403_and_not_its_diagnosis(replay_copy, trainee):
    response = client_for(trainee).get(reverse("positions:diagram"), {"fen": "rnbqkbnr/8 w"})
    assert response.status_code == 403 and "FEN" not in response.content.decode()


def test_any_position_is_drawn_again_once_the_copy_is_handed_in(replay_copy, trainee):
    services.submit_attempt(attempt=replay_copy)
    response = client_for(trainee).get(reverse("positions:diagram"), {"fen": ELSEWHERE})
    assert response.status_code == 200


def test_the_attempt_page_loads_the_replays_script(replay_copy, trainee):
    assert "positions/positions.js" in page_html(trainee, replay_copy)


@pytest.mark.parametrize("path", ["/static/positions/positions.js", "/static/delivery/delivery.js",
                                  "/static/positions/positions.css", "/static/questions/questions.css"])
def test_the_copys_scripts_and_styles_stay_open(replay_copy, trainee, path):
    assert client_for(trainee).get(path).status_code == 200


# --- Two exam copies at once ---------------------------------------------------------------------

@pytest.fixture
def second_copy(trainer, reviewer, trainee):
    """A second exam sat at the same time (a UVO beside the UVC), closed-book too."""
    paper = make_paper(trainer, reviewer, [("o-truefalse", core_samples.truefalse())],
                       title="UVO — session de test", feedback=Feedback.AT_END)
    return services.start_attempt(paper=paper, candidate=trainee)


def past_its_deadline(attempt: Attempt, *, beside: Attempt) -> None:
    """``attempt``'s deadline and grace period have passed while ``beside`` was being sat."""
    now = timezone.now()
    Attempt.objects.filter(pk=beside.pk).update(started_at=now - timedelta(minutes=30))
    overdue = now - services.grace_period() - timedelta(seconds=1)
    Attempt.objects.filter(pk=attempt.pk).update(deadline=overdue)


def test_two_closed_book_copies_each_open_their_own_page(replay_copy, second_copy, trainee):
    client = client_for(trainee)
    statuses = {client.get(reverse("delivery:attempt", args=[copy.pk])).status_code
                for copy in (replay_copy, second_copy)}
    assert statuses == {200}


def test_an_open_book_copy_beside_a_closed_book_one_keeps_its_page_and_boards(replay_paper, second_copy,
                                                                              trainee):
    replay_paper.open_book = True
    replay_paper.save()
    open_book = services.start_attempt(paper=replay_paper, candidate=trainee)
    client = client_for(trainee)
    html = page_html(trainee, open_book)
    assert client.get(reverse("delivery:attempt", args=[open_book.pk])).status_code == 200
    assert client.get(replay_images(html)[0]).status_code == 200


def test_the_open_book_copy_offers_no_rulebook_while_a_closed_book_copy_runs(replay_paper, second_copy,
                                                                             trainee):
    replay_paper.open_book = True
    replay_paper.save()
    open_book = services.start_attempt(paper=replay_paper, candidate=trainee)
    assert reverse("rules:index") not in page_html(trainee, open_book)


def test_a_copy_handed_in_at_its_deadline_beside_another_says_so_instead_of_403(second_copy, replay_copy,
                                                                                trainee):
    past_its_deadline(second_copy, beside=replay_copy)
    response = client_for(trainee).get(reverse("delivery:attempt", args=[second_copy.pk]))
    assert response.status_code == 200
    assert "Temps écoulé : votre copie a été remise" in response.content.decode()


def test_the_handed_in_copy_leads_back_to_the_copy_still_being_sat(second_copy, replay_copy, trainee):
    past_its_deadline(second_copy, beside=replay_copy)
    html = page_html(trainee, second_copy)
    assert 'class="dl-result"' in html and reverse("delivery:attempt", args=[replay_copy.pk]) in html


def test_its_correction_waits_for_the_end_of_the_other_closed_book_exam(second_copy, replay_copy, trainee):
    past_its_deadline(second_copy, beside=replay_copy)
    html = page_html(trainee, second_copy)
    assert "Correction" not in html and "épreuve sans documents en cours" in html


def test_a_copy_handed_in_before_the_closed_book_exam_began_stays_closed(second_copy, replay_paper, trainee):
    services.submit_attempt(attempt=second_copy, now=timezone.now() - timedelta(hours=2))
    services.start_attempt(paper=replay_paper, candidate=trainee)
    assert client_for(trainee).get(reverse("delivery:attempt", args=[second_copy.pk])).status_code == 403


def test_the_403_page_leads_to_each_copy_being_sat(replay_copy, second_copy, trainee):
    html = client_for(trainee).get("/rules/").content.decode()
    assert all(reverse("delivery:attempt", args=[copy.pk]) in html for copy in (replay_copy, second_copy))


def test_the_403_page_names_the_copies_when_there_are_two(replay_copy, second_copy, trainee):
    html = client_for(trainee).get("/rules/").content.decode()
    assert "UVC — session de test" in html and "UVO — session de test" in html


# --- The end of the time ---------------------------------------------------------------------------

def test_the_time_left_is_never_zero_before_the_deadline(replay_copy):
    assert replay_copy.remaining_seconds(now=replay_copy.deadline - timedelta(milliseconds=300)) == 1


def test_the_page_tells_its_script_how_long_the_grace_period_lasts(replay_copy, trainee, settings):
    settings.DELIVERY_GRACE_SECONDS = 7
    assert 'data-grace-seconds="7"' in page_html(trainee, replay_copy)
