"""The save endpoint: numbered saves from the browser, plain form posts without JavaScript."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from delivery import services
from delivery.models import Paper
from tests.conftest import client_for
from tests.delivery.conftest import item_of, make_paper
from tests.questions import core_samples

JSON = {"HTTP_ACCEPT": "application/json"}


def save(user, attempt, data, **headers):
    return client_for(user).post(reverse("delivery:save", args=[attempt.pk]), data, **headers)


def test_it_stores_a_numbered_answer_and_says_when(attempt, trainee):
    item = item_of(attempt.paper, "t-single")
    response = save(trainee, attempt, {"item": item.pk, "sequence": 10, f"q{item.pk}-answer": "b"}, **JSON)
    assert response.json()["status"] == "saved"
    assert attempt.responses.get(item=item).answer == {"choice": "b"}


def test_it_acknowledges_an_older_save_without_storing_it(attempt, trainee):
    item = item_of(attempt.paper, "t-single")
    save(trainee, attempt, {"item": item.pk, "sequence": 20, f"q{item.pk}-answer": "b"}, **JSON)
    response = save(trainee, attempt, {"item": item.pk, "sequence": 19, f"q{item.pk}-answer": "c"}, **JSON)
    assert (response.status_code, response.json()["status"]) == (200, "stale")
    assert attempt.responses.get(item=item).answer == {"choice": "b"}


def test_a_save_sent_twice_is_stored_once(attempt, trainee):
    item = item_of(attempt.paper, "t-numeric")
    data = {"item": item.pk, "sequence": 7, f"q{item.pk}-answer": "10"}
    save(trainee, attempt, data, **JSON)
    assert save(trainee, attempt, data, **JSON).json()["status"] == "stale"


def test_it_stores_the_flag_for_review(attempt, trainee):
    item = item_of(attempt.paper, "t-open")
    save(trainee, attempt, {"item": item.pk, "sequence": 1, "flagged": "1"}, **JSON)
    assert attempt.responses.get(item=item).flagged is True


def test_it_returns_the_servers_remaining_seconds(attempt, trainee):
    item = item_of(attempt.paper, "t-open")
    remaining = save(trainee, attempt, {"item": item.pk, "sequence": 1}, **JSON).json()["remaining"]
    assert 3590 <= remaining <= 3600


def test_a_plain_form_post_saves_and_comes_back_to_the_question(attempt, trainee):
    item = item_of(attempt.paper, "t-truefalse")
    response = save(trainee, attempt, {"item": item.pk, f"q{item.pk}-answer": "true"})
    assert response.status_code == 302 and "#q-" in response["Location"]
    assert attempt.responses.get(item=item).answer == {"answer": True}


def test_a_later_plain_form_post_wins_over_an_earlier_browser_save(attempt, trainee):
    item = item_of(attempt.paper, "t-truefalse")
    earlier = services.server_sequence(timezone.now() - timedelta(seconds=5))
    save(trainee, attempt, {"item": item.pk, "sequence": earlier, f"q{item.pk}-answer": "false"}, **JSON)
    save(trainee, attempt, {"item": item.pk, f"q{item.pk}-answer": "true"})
    assert attempt.responses.get(item=item).answer == {"answer": True}


def test_it_refuses_an_item_of_another_paper(attempt, trainee, trainer, reviewer):
    other = make_paper(trainer, reviewer, [("o-single", core_samples.single())], title="Autre")
    item = other.items.get()
    response = save(trainee, attempt, {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": "a"}, **JSON)
    assert response.status_code == 400
    assert "ne fait pas partie" in response.json()["message"]


def test_it_refuses_an_item_number_too_large_for_the_database(attempt, trainee):
    response = save(trainee, attempt, {"item": "9" * 40, "sequence": 1}, **JSON)
    assert response.status_code == 400
    assert "ne fait pas partie" in response.json()["message"]


def test_it_refuses_an_option_the_question_does_not_have(attempt, trainee):
    item = item_of(attempt.paper, "t-single")
    response = save(trainee, attempt, {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": "z"}, **JSON)
    assert response.status_code == 400
    assert not attempt.responses.exists()


def test_it_refuses_a_sequence_that_is_not_a_number(attempt, trainee):
    item = item_of(attempt.paper, "t-single")
    response = save(trainee, attempt, {"item": item.pk, "sequence": "-3"}, **JSON)
    assert response.status_code == 400


def test_it_refuses_a_plain_post_with_a_page_that_says_why(attempt, trainee):
    response = save(trainee, attempt, {"item": "nope"})
    assert response.status_code == 400
    assert "ne fait pas partie de votre épreuve" in response.content.decode()


def test_it_answers_409_after_the_deadline_and_grace(attempt, trainee):
    attempt.deadline = timezone.now() - services.grace_period() - timedelta(seconds=1)
    attempt.save()
    item = item_of(attempt.paper, "t-single")
    response = save(trainee, attempt, {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": "a"}, **JSON)
    assert response.status_code == 409
    assert "Temps écoulé" in response.json()["message"]


def test_it_still_accepts_an_answer_within_the_grace_period(attempt, trainee):
    attempt.deadline = timezone.now() - timedelta(seconds=5)
    attempt.save()
    item = item_of(attempt.paper, "t-single")
    response = save(trainee, attempt, {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": "a"}, **JSON)
    assert response.json()["status"] == "saved"


def test_a_save_to_an_overdue_attempt_closes_it(attempt, trainee):
    attempt.deadline = timezone.now() - timedelta(hours=1)
    attempt.save()
    item = item_of(attempt.paper, "t-single")
    save(trainee, attempt, {"item": item.pk, "sequence": 1, f"q{item.pk}-answer": "a"}, **JSON)
    attempt.refresh_from_db()
    assert (attempt.is_open, attempt.submitted_automatically) == (False, True)


def test_it_answers_404_to_another_candidates_attempt(attempt, other_trainee):
    item = item_of(attempt.paper, "t-single")
    assert save(other_trainee, attempt, {"item": item.pk, "sequence": 1}, **JSON).status_code == 404


def test_it_answers_405_to_a_get(attempt, trainee):
    response = client_for(trainee).get(reverse("delivery:save", args=[attempt.pk]))
    assert response.status_code == 405


def test_papers_are_left_untouched_by_a_refused_save(attempt, trainee):
    save(trainee, attempt, {"item": "", "sequence": 1}, **JSON)
    assert Paper.objects.count() == 1


def test_the_clock_follows_an_extension(attempt, trainee, exam_staff):
    services.extend_attempt(attempt=attempt, minutes=15, reason="Panne de courant", actor=exam_staff)
    data = client_for(trainee).get(reverse("delivery:clock", args=[attempt.pk])).json()
    assert data["open"] is True and data["remaining"] > 3600 + 14 * 60


def test_the_clock_says_when_the_attempt_is_closed(attempt, trainee):
    services.submit_attempt(attempt=attempt)
    assert client_for(trainee).get(reverse("delivery:clock", args=[attempt.pk])).json()["open"] is False


def test_the_clock_is_the_candidates_only(attempt, other_trainee):
    assert client_for(other_trainee).get(reverse("delivery:clock", args=[attempt.pk])).status_code == 404


def test_the_clock_answers_405_to_a_post(attempt, trainee):
    assert client_for(trainee).post(reverse("delivery:clock", args=[attempt.pk])).status_code == 405


def single_save(attempt, trainee, **fields):
    item = item_of(attempt.paper, "t-single")
    data = {"item": str(item.pk), "sequence": "5", f"q{item.pk}-answer": "b", **fields}
    return save(trainee, attempt, data, **JSON)


def test_it_refuses_a_save_number_far_ahead_of_the_servers_clock(attempt, trainee):
    response = single_save(attempt, trainee, sequence=str(10**18))
    assert response.status_code == 400 and "rechargez la page" in response.json()["message"]


def test_it_accepts_a_save_number_a_little_ahead_of_the_servers_clock(attempt, trainee):
    response = single_save(attempt, trainee, sequence=str(services.server_sequence() + 60_000_000))
    assert response.json()["status"] == "saved"


@pytest.mark.parametrize("field", ["item", "sequence"])
def test_it_refuses_a_number_written_in_other_digits(attempt, trainee, field):
    assert single_save(attempt, trainee, **{field: "²"}).status_code == 400


def test_control_characters_are_left_out_of_a_text_answer(attempt, trainee):
    item = item_of(attempt.paper, "t-open")
    data = {"item": item.pk, "sequence": 7, f"q{item.pk}-answer": "La partie\x00 continue\x07\nligne 2"}
    assert save(trainee, attempt, data, **JSON).json()["status"] == "saved"
    assert attempt.responses.get(item=item).answer == {"text": "La partie continue\nligne 2"}


def test_the_page_gives_the_servers_clock_to_number_saves_by(attempt, trainee):
    content = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    given = int(re.search(r'data-server-now="(\d+)"', content).group(1))
    assert abs(given - services.server_sequence()) < 60_000_000
