from datetime import timedelta

import pytest
from django.urls import reverse

from delivery import services as delivery
from delivery.models import Paper
from papers import services
from papers.models import PaperAnalysis
from papers.statistics import analyse_paper, chosen_keys
from tests.conftest import client_for, make_user


@pytest.fixture
def sat_paper(bank):
    """Three candidates sat two true/false questions: strong, middling, weak."""
    paper = Paper.objects.create(title="UVR juin", duration=timedelta(hours=2))
    first = services.add_question(paper=paper, uid="art9-a")
    second = services.add_question(paper=paper, uid="art9-b")
    for name, answers in [("forte", (True, True)), ("moyen", (True, False)), ("faible", (False, False))]:
        attempt = delivery.start_attempt(paper=paper, candidate=make_user(f"{name}@example.org"))
        for sequence, (item, answer) in enumerate(zip((first, second), answers, strict=True), start=1):
            delivery.save_response(attempt=attempt, item_id=item.pk, answer={"answer": answer},
                                   sequence=sequence)
        delivery.submit_attempt(attempt=attempt)
    return paper


def test_it_stores_the_analysis_of_graded_attempts(sat_paper):
    analysis = analyse_paper(paper=sat_paper)
    first = analysis.items.get(item__position=1)
    assert (analysis.attempts, round(first.facility, 1)) == (3, 66.7)
    assert first.option_counts == {"true": 2, "false": 1}


def test_recomputing_replaces_the_previous_analysis(sat_paper):
    analyse_paper(paper=sat_paper)
    analyse_paper(paper=sat_paper)
    assert PaperAnalysis.objects.get().items.count() == 2


@pytest.mark.parametrize(("answer", "keys"), [
    ({"choice": "b"}, ["b"]),
    ({"choices": ["a", "c"]}, ["a", "c"]),
    ({"decision": "draw", "sanctions": ["warn"]}, ["draw"]),
    ({"answer": False}, ["false"]),
    ({"text": "libre"}, []),
])
def test_it_reads_the_options_a_response_chose(answer, keys):
    assert chosen_keys(answer) == keys


def test_the_analysis_page_runs_the_task_and_shows_the_figures(exam_staff, sat_paper):
    client = client_for(exam_staff)
    response = client.post(reverse("papers:analyse", args=[sat_paper.pk]), follow=True)
    assert response.status_code == 200
    assert "Alpha de Cronbach" in response.content.decode()
    assert PaperAnalysis.objects.filter(paper=sat_paper).exists()


@pytest.mark.parametrize("role", ["trainee", "trainer", "grader"])
def test_the_analysis_page_is_for_exam_staff_only(role, request, sat_paper):
    client = client_for(request.getfixturevalue(role))
    assert client.get(reverse("papers:analysis", args=[sat_paper.pk])).status_code == 403


def test_the_question_page_shows_its_exam_statistics(trainer, sat_paper):
    analyse_paper(paper=sat_paper)
    page = client_for(trainer).get(reverse("questions:detail", args=["art9-a"])).content.decode()
    assert 'id="statistics-title"' in page
    assert "UVR juin" in page
