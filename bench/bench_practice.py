"""Practice: a trainee with 5,000 graded practice answers (and the FSRS scheduler itself).

Measures, on the database of `make data` (SQLite by default), through the whole Django stack
(test client, middleware, templates): the progress dashboard, the practice page with the
daily review queue, the home page's count, and drawing the daily review. Target: dashboard
and review queue under 100 ms (p95). Also times FSRS against a plain SM-2 of our own on 5,000
cards, in memory. The data is made inside a transaction that is rolled back.
"""

from __future__ import annotations

import random
import time
from datetime import timedelta

from common import setup, summarise_ms, timings_ms, write_result

ANSWERS = 5000
PER_PAPER = 20
REPEAT = 30
TARGET_MS = 100


class _Rollback(Exception):
    pass


def cpu_timings_ms(function, *, repeat: int, warmup: int = 3) -> list[float]:
    """Processor time of this process (the database runs in it too on SQLite): on a machine shared
    with other jobs, wall-clock figures mostly measure the others."""
    for _ in range(warmup):
        function()
    samples = []
    for _ in range(repeat):
        start = time.process_time()
        function()
        samples.append((time.process_time() - start) * 1000)
    return samples


def sm2(card: dict, quality: int, now) -> dict:
    """SM-2 (SuperMemo 2), the classic alternative: ease factor and interval in days."""
    if quality < 3:
        card["repetitions"], card["interval"] = 0, 1
    else:
        card["repetitions"] += 1
        card["interval"] = {1: 1, 2: 6}.get(card["repetitions"], round(card["interval"] * card["ease"]))
    card["ease"] = max(1.3, card["ease"] + 0.1 - (5 - quality) * (0.08 + (5 - quality) * 0.02))
    card["due"] = now + timedelta(days=card["interval"])
    return card


def scheduler_figures() -> dict:
    from django.utils import timezone
    from fsrs import Card as FsrsCard
    from fsrs import Rating

    from practice.scheduling import SCHEDULER

    now = timezone.now()
    ratings = [Rating.Again if index % 3 == 0 else Rating.Good for index in range(ANSWERS)]
    start = time.perf_counter()
    for index, rating in enumerate(ratings):
        card, _log = SCHEDULER.review_card(FsrsCard(card_id=index + 1), rating, now)
        SCHEDULER.review_card(card, Rating.Good, card.due)
    fsrs_seconds = time.perf_counter() - start
    start = time.perf_counter()
    for _index in range(50):
        FsrsCard()  # without an id: the library sleeps 1 ms to make ids unique
    default_id_ms = (time.perf_counter() - start) * 1000 / 50
    start = time.perf_counter()
    for rating in ratings:
        card = sm2({"repetitions": 0, "interval": 0, "ease": 2.5}, 1 if rating == Rating.Again else 4, now)
        sm2(card, 4, card["due"])
    sm2_seconds = time.perf_counter() - start
    return {"fsrs_10000_reviews_ms": round(fsrs_seconds * 1000, 1),
            "sm2_10000_reviews_ms": round(sm2_seconds * 1000, 1),
            "fsrs_card_without_id_ms": round(default_id_ms, 2)}


def make_history(trainee, generator: random.Random):
    """ANSWERS graded practice answers over 90 days, with their cards, as the services leave them."""
    from django.utils import timezone

    from delivery.models import Attempt, AttemptStatus, Feedback, Paper, PaperItem, Purpose, Response
    from practice import scheduling
    from practice.models import Card, CardReview, Kind, TrainingPaper
    from questions.models import Question, QuestionType, QuestionVersion

    ids = (Question.objects.in_use().exclude(current_version__type=QuestionType.OPEN)
           .values_list("current_version_id", flat=True))
    versions = list(QuestionVersion.objects.filter(pk__in=list(ids)))
    if len(versions) < PER_PAPER:
        raise SystemExit("The bank is empty: run `make data` (load_questions) first.")
    now = timezone.now()
    cards: dict[int, Card] = {}
    reviews = []
    for number in range(ANSWERS // PER_PAPER):
        at = now - timedelta(days=90 * (1 - number / (ANSWERS // PER_PAPER)), hours=1)
        paper = Paper.objects.create(title=f"bench practice {number}", purpose=Purpose.PRACTICE,
                                     feedback=Feedback.IMMEDIATE, duration=None)
        TrainingPaper.objects.create(paper=paper, trainee=trainee, kind=Kind.PRACTICE)
        items = PaperItem.objects.bulk_create([
            PaperItem(paper=paper, position=position, version=version, points=version.points)
            for position, version in enumerate(generator.sample(versions, PER_PAPER), start=1)])
        attempt = Attempt.objects.create(paper=paper, candidate=trainee, seed=number, started_at=at,
                                         status=AttemptStatus.GRADED, submitted_at=at)
        responses, pending = [], []
        for item in items:
            question = item.version.question_id
            right = generator.random() < 0.5 + 0.3 * number / (ANSWERS // PER_PAPER)
            responses.append(Response(attempt=attempt, item=item, answer={"choice": "a"}, sequence=1,
                                      points=item.points if right else 0, correct=right, checked_at=at))
            card = cards.setdefault(question, Card(trainee=trainee, question_id=question, due=at))
            rating = scheduling.rating_for(correct=right, points=0, max_points=item.points)
            scheduling.review(card, rating, at)
            card.reviews += 1
            card.lapses += int(not right)
            card.last_correct = right
            card.in_review = card.in_review or not right
            pending.append((card, question, right, int(rating), at))
        Response.objects.bulk_create(responses)
        reviews.extend((*review, response) for review, response in zip(pending, responses, strict=True))
    Card.objects.bulk_create(cards.values())
    CardReview.objects.bulk_create([
        CardReview(card=card, trainee=trainee, question_id=question, response=response,
                   purpose=Purpose.PRACTICE, rating=rating, correct=right, reviewed_at=at)
        for card, question, right, rating, at, response in reviews], batch_size=2000)
    return len(cards)


def main() -> None:
    setup()
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.test import Client

    from accounts.models import Role, User, ensure_role_groups
    from practice import services
    from practice.models import CardReview

    figures: dict = {"scheduler": scheduler_figures()}
    try:
        with transaction.atomic():
            trainee = User.objects.create(email="bench-practice@example.org", password=make_password(None))
            trainee.groups.add(ensure_role_groups()[Role.TRAINEE])
            start = time.perf_counter()
            figures["cards"] = make_history(trainee, random.Random(2026))
            figures["history_build_seconds"] = round(time.perf_counter() - start, 1)
            figures["answers"] = CardReview.objects.filter(trainee=trainee).count()
            figures["due_today"] = services.due_count(trainee)
            client = Client(SERVER_NAME="127.0.0.1")
            client.force_login(trainee)

            def get(path: str):
                def fetch():
                    response = client.get(path)
                    assert response.status_code == 200, response.status_code
                return fetch

            pages = {"dashboard": "/practice/progression/", "practice_page_with_review_queue": "/practice/",
                     "home_page_with_due_count": "/"}
            for name, path in pages.items():
                figures[name] = summarise_ms(timings_ms(get(path), repeat=REPEAT))
                figures[f"{name}_cpu"] = summarise_ms(cpu_timings_ms(get(path), repeat=REPEAT))
            figures["review_queue_query"] = summarise_ms(timings_ms(
                lambda: list(services.review_queue(trainee).select_related("question__current_version")[:20]),
                repeat=REPEAT))
            figures["draw_daily_review"] = summarise_ms(timings_ms(
                lambda: services.start_review(trainee=trainee), repeat=10, warmup=1))
            figures["target_ms"] = TARGET_MS
            raise _Rollback
    except _Rollback:
        pass
    dashboard, practice = figures["dashboard"], figures["practice_page_with_review_queue"]
    write_result("practice", figures,
                 f"{figures['answers']} answers on {figures['cards']} cards: dashboard p50/p95 "
                 f"{dashboard['p50_ms']}/{dashboard['p95_ms']} ms "
                 f"(CPU {figures['dashboard_cpu']['p95_ms']}), "
                 f"practice page {practice['p50_ms']}/{practice['p95_ms']} ms "
                 f"(CPU {figures['practice_page_with_review_queue_cpu']['p95_ms']}), target {TARGET_MS} ms; "
                 f"FSRS 10,000 reviews {figures['scheduler']['fsrs_10000_reviews_ms']} ms, "
                 f"SM-2 {figures['scheduler']['sm2_10000_reviews_ms']} ms")


if __name__ == "__main__":
    main()
