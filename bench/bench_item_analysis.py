"""Item analysis of a large paper: 2,000 graded attempts × 60 questions.

Measures ``papers.statistics.analyse_paper`` whole (reading 120,000 responses from the
database, computing every index, storing the results) and the pure computation alone
(``papers.analysis.analyse`` on the same marks in memory). Target: under 2 s for the whole.
The data is made inside a transaction that is rolled back.
"""

from __future__ import annotations

import random
import time

from common import setup, write_result

ATTEMPTS = 2000
ITEMS = 60


class _Rollback(Exception):
    pass


def main() -> None:
    setup()
    from django.contrib.auth.hashers import make_password
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import User
    from delivery.models import Attempt, AttemptStatus, Paper, PaperItem, Response
    from papers.analysis import analyse
    from papers.statistics import analyse_paper
    from questions.models import Question, QuestionVersion, Status

    figures: dict = {}
    generator = random.Random(2026)
    try:
        with transaction.atomic():
            now = timezone.now()
            paper = Paper.objects.create(title="bench item analysis")
            items = []
            for index in range(ITEMS):
                question = Question.objects.create(
                    uid=f"bench-item-analysis-{index}", status=Status.PUBLISHED
                )
                version = QuestionVersion(question=question, number=1)
                version.set_content(
                    {
                        "type": "truefalse",
                        "units": ["UVR"],
                        "tags": [],
                        "difficulty": 2,
                        "points": 1,
                        "negative_marking": False,
                        "eliminatory": False,
                        "stem_fr": f"Énoncé {index}",
                        "stem_en": "",
                        "explanation_fr": "",
                        "explanation_en": "",
                        "citations": [],
                        "source": "",
                        "scenario": None,
                        "body": {"answer": True},
                    }
                )
                version.published_at = now
                version.save()
                items.append(PaperItem(paper=paper, position=index + 1, version=version, points=1))
            PaperItem.objects.bulk_create(items)
            users = User.objects.bulk_create(
                [
                    User(email=f"bench-analysis-{index}@example.org", password=make_password(None))
                    for index in range(ATTEMPTS)
                ]
            )
            attempts = Attempt.objects.bulk_create(
                [
                    Attempt(paper=paper, candidate=user, seed=index, status=AttemptStatus.GRADED)
                    for index, user in enumerate(users)
                ]
            )
            difficulty = [generator.uniform(-1.5, 1.5) for _item in items]
            responses = []
            for attempt in attempts:
                ability = generator.gauss(0, 1)
                for item, hardness in zip(items, difficulty, strict=True):
                    right = generator.random() < 1 / (1 + 2.718281828 ** (hardness - ability))
                    responses.append(
                        Response(
                            attempt=attempt,
                            item=item,
                            answer={"answer": right},
                            points=1 if right else 0,
                            correct=right,
                        )
                    )
            Response.objects.bulk_create(responses, batch_size=5000)

            start = time.perf_counter()
            analysis = analyse_paper(paper=paper)
            figures["analyse_paper_seconds"] = round(time.perf_counter() - start, 3)

            marks = [[0.0] * ITEMS for _attempt in attempts]
            position = {item.pk: index for index, item in enumerate(items)}
            row = {attempt.pk: index for index, attempt in enumerate(attempts)}
            for response in responses:
                marks[row[response.attempt_id]][position[response.item_id]] = float(response.points)
            start = time.perf_counter()
            analyse(marks, [1.0] * ITEMS)
            figures["computation_only_seconds"] = round(time.perf_counter() - start, 3)
            figures.update(
                {
                    "attempts": analysis.attempts,
                    "items": ITEMS,
                    "alpha": round(analysis.alpha, 3),
                    "target_seconds": 2.0,
                }
            )
            raise _Rollback
    except _Rollback:
        pass
    write_result(
        "item_analysis",
        figures,
        f"item analysis of {ATTEMPTS} attempts × {ITEMS} items: "
        f"{figures['analyse_paper_seconds']} s "
        f"(computation alone {figures['computation_only_seconds']} s, alpha {figures['alpha']})",
    )


if __name__ == "__main__":
    main()
