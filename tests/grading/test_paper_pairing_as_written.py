"""A pairing question on paper records the boards as the candidate wrote them: a player seated
twice or absent is typed in as it is, and the grading counts those boards wrong by the question's
scale, its faults shown in the correction. Only a grader's typo (an unknown number, an
unreadable line) is refused."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import pytest
from django.template import Context, Template
from django.urls import reverse
from django.utils import translation

from exams.models import Registration
from grading import paper
from questions import computed
from tests.conftest import client_for
from tests.delivery.conftest import make_paper
from tests.grading.test_paper_pairing import paper_session
from tests.questions.pairing_samples import livre

pytestmark = pytest.mark.django_db

CODE = "UVT-LLLL-2222"
# Round 2 of the Livre's 4.3 example (12 absent, 14 exempt, 13 marks): 7 written twice, 13 forgotten.
SEATED_TWICE = "5-1\n2-7\n6-3\n4-9\n8-11\n10-7\nexempt 14"
# The engine's boards, but 14 paired with the absent 12 instead of given the bye.
ABSENT_SEATED = "5-1\n2-7\n6-3\n4-9\n8-11\n10-13\n14-12"


@pytest.fixture
def livre_session(trainer, reviewer, exam_staff, grader):
    exam = make_paper(trainer, reviewer, [("p-livre-2", livre(2))], title="UVT")
    return paper_session(
        exam,
        trainer=trainer,
        exam_staff=exam_staff,
        graders=[grader],
        centre="Laval",
        code=CODE,
        email="livre@example.org",
    )


def enter(client, session, text: str):
    item = session.paper.items.get()
    return client.post(
        reverse("grading:entry", args=[session.pk]), {"code": CODE, f"q{item.pk}-answer__text": text}
    )


def stored(session):
    return Registration.objects.get(anonymity_code=CODE).attempt.responses.get()


def test_a_grader_records_a_player_seated_twice_as_the_candidate_wrote_it(livre_session, grader):
    response = enter(client_for(grader), livre_session, SEATED_TWICE)
    assert response.status_code == 302
    pairs = stored(livre_session).answer["pairs"]
    assert [2, 7] in pairs and [10, 7] in pairs


def test_a_player_seated_twice_loses_both_boards_by_the_questions_scale(livre_session, grader):
    enter(client_for(grader), livre_session, SEATED_TWICE)
    item = livre_session.paper.items.get()
    # 4 boards × 2 + the bye, less 1 for 7 seated twice and 1 for 13 left out: 7 marks of 13.
    expected = (item.points * 7 / 13).quantize(Decimal("0.01"), ROUND_HALF_UP)
    assert stored(livre_session).points == expected and stored(livre_session).correct is False


def test_an_absent_player_seated_is_recorded_and_never_gets_full_marks(livre_session, grader):
    response = enter(client_for(grader), livre_session, ABSENT_SEATED)
    assert response.status_code == 302
    assert stored(livre_session).points < livre_session.paper.items.get().points


def correction_html(session) -> str:
    response = stored(session)
    item = response.item
    seed = computed.item_seed(paper.printed_seed(Registration.objects.get(anonymity_code=CODE)), item.pk)
    template = Template("{% load pairing_tags %}{% pairing_correction content answer seed %}")
    with translation.override("fr"):
        return template.render(
            Context({"content": item.version.content(), "answer": response.answer, "seed": seed})
        )


def test_the_correction_names_the_player_seated_twice_and_his_boards(livre_session, grader):
    enter(client_for(grader), livre_session, SEATED_TWICE)
    assert "Le joueur 7 est apparié deux fois ; comptés faux : 2-7, 10-7." in correction_html(livre_session)


def test_the_correction_names_the_absent_player_and_his_board(livre_session, grader):
    enter(client_for(grader), livre_session, ABSENT_SEATED)
    html = correction_html(livre_session)
    assert "Le joueur 12 est absent à cette ronde ; compté faux : 14-12." in html
    assert "Le moteur exempte 14." in html


def test_an_unreadable_line_is_still_refused_with_its_line_and_nothing_is_entered(livre_session, grader):
    response = enter(client_for(grader), livre_session, "5-1\n2 contre 7")
    assert response.status_code == 422 and "Ligne 2 : « 2 contre 7 » illisible" in response.content.decode()
    assert Registration.objects.get(anonymity_code=CODE).attempt_id is None


def test_the_entry_screen_takes_the_boards_as_text_without_the_boards_script(livre_session, grader):
    item = livre_session.paper.items.get()
    page = client_for(grader).get(reverse("grading:entry", args=[livre_session.pk]), {"code": CODE})
    html = page.content.decode()
    assert f'name="q{item.pk}-answer__text"' in html and "pairing-board.js" not in html
    assert "Recopiez aussi un échiquier faux" in html and "Ronde 2 : les échiquiers du candidat" in html


def test_exam_staff_may_correct_a_copy_typed_in_to_a_player_seated_twice(livre_session, grader, exam_staff):
    item = livre_session.paper.items.get()
    enter(client_for(grader), livre_session, "5-1\n2-7\n6-3\n4-9\n8-11\n10-13\nexempt 14")
    response = client_for(exam_staff).post(
        reverse("grading:entry_correction", args=[livre_session.pk]),
        {
            "code": CODE,
            f"q{item.pk}-answer__text": SEATED_TWICE,
            "reason": "Erreur de saisie : 7 au lieu de 13.",
        },
    )
    assert response.status_code == 302 and [10, 7] in stored(livre_session).answer["pairs"]
