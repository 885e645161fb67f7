"""Drawing practice sets and reviews, and how graded answers move the FSRS cards."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from delivery import services as delivery
from delivery.models import Feedback, Purpose
from practice import services
from practice.models import Card, CardReview, Kind
from practice.services import Criteria
from questions import services as bank
from tests.delivery.conftest import make_paper
from tests.practice.helpers import answer, uids
from tests.questions import core_samples

NOW = timezone.now()


def practise(trainee, **criteria):
    return services.start_practice(trainee=trainee, criteria=Criteria(count=40, **criteria), seed=1, now=NOW)


def test_it_draws_only_questions_in_service_never_drafts_or_open_questions(trainee, bank_questions):
    attempt = practise(trainee)
    assert uids(attempt) == {"art4-single", "art4-truefalse", "art9-single", "art9-truefalse", "uvc-numeric"}


def test_it_pins_the_published_version_while_a_new_draft_is_in_the_works(trainee, trainer, bank_questions):
    question = bank_questions["art4-single"].question
    bank.save_draft(question=question, user=trainer, content=core_samples.single(stem_fr="Nouvelle version"))
    attempt = practise(trainee, family="laws:4")
    item = attempt.paper.items.get(version__question=question)
    assert item.version == bank_questions["art4-single"]


def test_a_practice_paper_gives_feedback_at_once_and_is_its_trainees_own(trainee, bank_questions):
    attempt = practise(trainee)
    assert attempt.paper.purpose == Purpose.PRACTICE
    assert attempt.paper.feedback == Feedback.IMMEDIATE
    assert attempt.paper.training.trainee == trainee and not attempt.paper.is_locked


@pytest.mark.parametrize(("criteria", "expected"), [
    ({"family": "laws:9"}, {"art9-single", "art9-truefalse"}),
    ({"article": "4.3"}, {"art4-single"}),
    ({"tag": "nulle"}, {"art9-single", "art9-truefalse"}),
    ({"difficulty": 3}, {"art9-single"}),
    ({"unit": "UVC"}, {"uvc-numeric"}),
])
def test_it_draws_by_family_article_topic_difficulty_and_unit(trainee, bank_questions, criteria, expected):
    assert uids(practise(trainee, **criteria)) == expected


def test_it_says_so_when_nothing_fits(trainee, bank_questions):
    with pytest.raises(services.NothingToDraw):
        practise(trainee, unit="UVT")


def test_a_wrong_answer_is_due_tomorrow_in_the_review_queue(trainee, bank_questions):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=False, at=NOW)
    assert services.due_count(trainee, now=NOW) == 0
    assert list(services.review_queue(trainee, now=NOW + timedelta(days=1))
                .values_list("question__uid", flat=True)) == ["art4-single"]


def test_a_right_answer_to_an_easy_question_stays_out_of_the_queue(trainee, bank_questions):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=True, at=NOW)
    card = Card.objects.get(trainee=trainee)
    assert card.last_correct and not card.in_review and card.due > NOW + timedelta(days=1)


def test_a_hard_question_enters_the_queue_even_when_answered_right(trainee, bank_questions):
    attempt = practise(trainee, family="laws:9")
    answer(attempt, "art9-single", right=True, at=NOW)
    assert Card.objects.get(trainee=trainee, question__uid="art9-single").in_review


def test_an_answer_checked_twice_moves_the_card_once(trainee, bank_questions):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=False, at=NOW)
    item = attempt.paper.items.get(version__question__uid="art4-single")
    delivery.check_response(attempt=attempt, item_id=item.pk, now=NOW)
    delivery.submit_attempt(attempt=attempt, now=NOW)
    assert Card.objects.get(trainee=trainee).reviews == 1
    assert CardReview.objects.count() == 1


def test_items_left_unanswered_at_submission_do_not_count(trainee, bank_questions):
    attempt = practise(trainee)
    delivery.submit_attempt(attempt=attempt, now=NOW)
    assert not Card.objects.exists()


def test_a_hand_in_moves_the_cards_it_finds_and_creates_the_others(trainee, bank_questions):
    first = practise(trainee, family="laws:4")
    answer(first, "art4-single", right=False, at=NOW)
    later = NOW + timedelta(days=1)
    attempt = practise(trainee)
    for uid in uids(attempt):
        answer(attempt, uid, right=True, at=later, check=False)
    delivery.submit_attempt(attempt=attempt, now=later)
    found = Card.objects.select_related("question").filter(trainee=trainee)
    cards = {card.question.uid: card for card in found}
    assert set(cards) == uids(attempt)
    moved, created = cards["art4-single"], cards["uvc-numeric"]
    assert (moved.reviews, moved.lapses, created.reviews) == (2, 1, 1)
    assert CardReview.objects.filter(response__attempt=attempt).count() == len(uids(attempt))


def test_a_hand_in_moves_its_cards_in_a_few_statements_whatever_its_length(
    trainee, bank_questions, django_assert_max_num_queries
):
    attempt = practise(trainee)
    for uid in uids(attempt):
        answer(attempt, uid, right=False, at=NOW, check=False)
    delivery.grade_attempt(attempt=attempt)
    responses = list(attempt.responses.all())
    CardReview.objects.all().delete()
    Card.objects.exclude(question__uid="art4-single").delete()  # one card found, the others new
    # Reviews already recorded, items, cards; insert cards, update cards, insert reviews; the
    # savepoint around them: never four statements per answer.
    with django_assert_max_num_queries(9):
        recorded = services.record_graded(attempt=attempt, responses=responses, now=NOW)
    assert recorded == len(uids(attempt)) == Card.objects.filter(trainee=trainee).count()


def test_a_hand_in_meeting_a_card_inserted_meanwhile_records_its_answers_one_by_one(
    trainee, bank_questions, monkeypatch
):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=False, at=NOW, check=False)
    delivery.grade_attempt(attempt=attempt)
    CardReview.objects.all().delete()
    Card.objects.all().delete()
    question = bank_questions["art4-single"].question
    insert_cards = Card.objects.bulk_create

    def another_hand_in_first(cards, *args, **kwargs):
        # The same trainee's other hand-in inserts the card after this one read the cards.
        Card.objects.create(trainee=trainee, question=question, due=NOW)
        return insert_cards(cards, *args, **kwargs)

    monkeypatch.setattr(Card.objects, "bulk_create", another_hand_in_first)
    services.record_graded(attempt=attempt, responses=list(attempt.responses.all()), now=NOW)
    card = Card.objects.get(trainee=trainee, question=question)
    assert (card.reviews, CardReview.objects.filter(card=card).count()) == (1, 1)


def test_exam_answers_never_touch_the_cards(trainee, trainer, reviewer):
    paper = make_paper(trainer, reviewer, [("exam-single", core_samples.single())])
    attempt = delivery.start_attempt(paper=paper, candidate=trainee)
    answer(attempt, "exam-single", right=False, check=False)
    delivery.submit_attempt(attempt=attempt)
    assert not Card.objects.exists()


def test_weak_spots_are_the_missed_questions_and_the_families_answered_too_rarely(trainee, bank_questions):
    attempt = practise(trainee, unit="UVR")
    answer(attempt, "art4-single", right=False, at=NOW)
    answer(attempt, "art9-single", right=True, at=NOW)
    answer(attempt, "art9-truefalse", right=True, at=NOW)
    # Article 4 is weak (one answer, wrong) only through its missed question: 1 answer < 3.
    assert uids(practise(trainee, weak_spots=True)) == {"art4-single"}


def test_a_family_with_too_few_right_answers_is_a_weak_spot(trainee, bank_questions):
    for _round in range(3):
        attempt = practise(trainee, family="laws:9")
        answer(attempt, "art9-single", right=True, at=NOW)
        answer(attempt, "art9-truefalse", right=False, at=NOW)
    assert uids(practise(trainee, weak_spots=True)) == {"art9-single", "art9-truefalse"}


def test_weak_spots_without_any_history_say_there_are_none_yet(trainee, bank_questions):
    with pytest.raises(services.NothingToDraw, match="point faible"):
        practise(trainee, weak_spots=True)


def test_the_daily_review_draws_the_due_cards_and_a_right_answer_clears_them(trainee, bank_questions):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=False, at=NOW)
    tomorrow = NOW + timedelta(days=1)
    review = services.start_review(trainee=trainee, now=tomorrow)
    assert review.paper.training.kind == Kind.REVIEW and uids(review) == {"art4-single"}
    answer(review, "art4-single", right=True, at=tomorrow)
    assert services.due_count(trainee, now=tomorrow) == 0


def test_a_missed_question_is_due_tomorrow_and_not_before(trainee, bank_questions):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=False, at=NOW)
    tomorrow = NOW + timedelta(days=1)
    assert [services.due_count(trainee, now=when) for when in (NOW - timedelta(days=1), tomorrow)] == [0, 1]
    assert services.review_queue(trainee, now=tomorrow).count() == 1


def test_nothing_to_review_is_said_plainly(trainee, bank_questions):
    with pytest.raises(services.NothingToDraw, match="Rien à réviser"):
        services.start_review(trainee=trainee, now=NOW)


def test_a_retired_question_leaves_the_queue(trainee, trainer, bank_questions):
    attempt = practise(trainee, family="laws:4")
    answer(attempt, "art4-single", right=False, at=NOW)
    bank.retire(question=bank_questions["art4-single"].question, user=trainer)
    assert services.due_count(trainee, now=NOW + timedelta(days=1)) == 0


def test_a_failing_schedule_update_never_loses_the_checked_answer(db, monkeypatch, caplog):
    """The practice hook fails: the answer is still graded and saved, and the failure is logged."""
    from delivery import services as delivery_services
    from delivery.models import Feedback, Purpose
    from tests.conftest import make_user
    from tests.delivery.conftest import make_paper
    from tests.questions import core_samples

    author = make_user("auteur@example.org", "trainer")
    reviewer = make_user("relecteur@example.org", "trainer")
    candidate = make_user("eleve@example.org", "trainee")
    paper = make_paper(author, reviewer, [("hook-single", core_samples.single())], purpose=Purpose.PRACTICE,
                       feedback=Feedback.IMMEDIATE, duration=None)
    attempt = delivery_services.start_attempt(paper=paper, candidate=candidate)
    item = paper.items.get()
    delivery_services.save_response(attempt=attempt, item_id=item.pk, answer={"choice": "a"}, sequence=1)

    def broken(**kwargs):
        raise RuntimeError("scheduler down")

    monkeypatch.setattr("practice.services.record_graded", broken)
    response = delivery_services.check_response(attempt=attempt, item_id=item.pk)
    assert response.correct is True
    assert "Spaced-repetition update failed" in caplog.text
