from __future__ import annotations

import pytest
from django.utils import timezone

from questions.models import Question, QuestionVersion, Status


def publish(uid: str, *, unit: str = "UVR", article: str = "9.2", edition: str = "2018",
            type_: str = "truefalse", difficulty: int = 2, tags: tuple[str, ...] = ()) -> QuestionVersion:
    question = Question.objects.create(uid=uid, status=Status.PUBLISHED)
    version = QuestionVersion(question=question, number=1)
    version.set_content({
        "type": type_, "units": [unit], "tags": list(tags), "difficulty": difficulty, "points": 1,
        "negative_marking": False, "eliminatory": False, "stem_fr": f"Énoncé {uid}", "stem_en": "",
        "explanation_fr": "", "explanation_en": "", "source": "", "scenario": None,
        "citations": [{"edition": edition, "article": article}],
        "body": {"answer": True},
    })
    version.published_at = timezone.now()
    version.save()
    question.current_version = version
    question.copy_summary_from(version)
    question.save()
    return version


@pytest.fixture
def bank(db) -> list[QuestionVersion]:
    """Six UVR questions: four on Article 9, two on Appendix A (one hard), and a UVC one."""
    return [
        publish("art9-a", article="9.2.1"),
        publish("art9-b", article="9.3"),
        publish("art9-c", article="9.6.1"),
        publish("art9-d", article="9.1.2"),
        publish("annexe-a", article="A.4.2"),
        publish("annexe-a-dure", article="A.5.1", difficulty=3),
        publish("uvc-one", unit="UVC", edition="livre", article="1.2"),
    ]
