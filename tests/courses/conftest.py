"""A tiny course in the COURSE_FORMAT, written to a temporary folder, and its practice questions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from courses.folder import read_course, read_folder
from courses.services import sync_course
from questions import services as question_services
from tests.questions import core_samples

PRACTICE_UIDS = ["sc-test-touch-1", "sc-test-touch-2", "sc-test-touch-3"]

COURSE_JSON = {
    "code": "SC",
    "stage": "SC",
    "units": ["UVR", "UVC"],
    "hours": 14,
    "title": {"fr": "Stage d'arbitre club (SC)", "en": "Club arbiter course (SC)"},
    "summary": {"fr": "Les lois du jeu pour arbitrer en club.", "en": "The Laws for club arbiters."},
    "modules": [
        {
            "slug": "lois-bases",
            "title": {"fr": "Les bases", "en": "The basics"},
            "lessons": ["toucher-jouer", "nulle"],
        },
        {
            "slug": "pendule",
            "title": {"fr": "La pendule", "en": "The clock"},
            "lessons": [
                {
                    "slug": "chute-du-drapeau",
                    "title": {"fr": "La chute du drapeau", "en": "Flag fall"},
                    "planned": True,
                }
            ],
        },
    ],
}

TOUCH_FR = """---
title: Le toucher-jouer
minutes: 20                      # lecture et exercices
articles: 2018:4.1, 2018:4.3
practice: sc-test-touch-1, sc-test-touch-2, sc-test-touch-3
---

Le joueur qui **touche** une pièce doit la jouer ([[2018:4.3]]), sauf s'il a dit « j'adoube »
([[2018:4.2.1|l'ajustement]]). Exemple : Nf3 puis Bb5.

::: diagram fen="4k3/8/8/8/4P3/8/8/4K3 b - - 0 1" arrows="e2e4" squares="e4" caption="Après 1. e4"

::: replay pgn="1. e4 e5 2. Nf3 Nc6 3. Bb5" ply="3" caption="La partie espagnole"

::: scenario title="Mise en situation"
Un joueur touche son cavalier puis joue son fou. **Décision** : il doit jouer le cavalier ([[2018:4.3.1]]).
:::
"""

TOUCH_EN = """---
title: Touch-move
minutes: 20
articles: 2018:4.1, 2018:4.3
practice: sc-test-touch-1, sc-test-touch-2, sc-test-touch-3
---

A player who **touches** a piece must move it ([[2018:4.3]]).

::: diagram fen="rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1" caption="After 1. e4"
"""

DRAW_FR = """---
title: La nulle
minutes: 15
articles: 2018:9.2.1
---

La triple répétition ([[2018:9.2.1|la répétition]]) et le Livre ([[livre:1.2]]).
"""


def write_course(root: Path, *, course: dict | None = None, lessons: dict[str, str] | None = None) -> Path:
    folder = root / "SC"
    (folder / "lessons").mkdir(parents=True, exist_ok=True)
    (folder / "course.json").write_text(
        json.dumps(course or COURSE_JSON, ensure_ascii=False, indent=2), encoding="utf-8"
    )
    files = (
        lessons
        if lessons is not None
        else {"toucher-jouer.fr.md": TOUCH_FR, "toucher-jouer.en.md": TOUCH_EN, "nulle.fr.md": DRAW_FR}
    )
    for name, text in files.items():
        (folder / "lessons" / name).write_text(text, encoding="utf-8")
    return folder


def publish_practice_questions(author, reviewer) -> list:
    questions = []
    for uid in PRACTICE_UIDS:
        question = question_services.create_question(author=author, content=core_samples.single(), uid=uid)
        question_services.submit_for_review(question=question, user=author)
        question_services.approve(question=question, reviewer=reviewer)
        questions.append(question)
    return questions


@pytest.fixture
def practice_questions(trainer, other_trainer):
    return publish_practice_questions(trainer, other_trainer)


@pytest.fixture
def course_folder(tmp_path) -> Path:
    return write_course(tmp_path / "data")


@pytest.fixture
def course(course_folder, practice_questions):
    from courses.models import Course

    sync_course(data=read_course(read_folder(course_folder), folder="SC"))
    return Course.objects.get(code="SC")
