"""load_demo adds a practice paper the demo trainee can open, once the bank is loaded."""

from __future__ import annotations

import os

from django.core.management import call_command
from django.urls import reverse

from accounts.models import User
from delivery.demo import DEMO_PAPER_TITLE
from delivery.models import Paper
from tests.conftest import client_for
from tests.delivery.conftest import publish
from tests.questions import core_samples


def load_demo() -> None:
    call_command("load_demo", stdout=open(os.devnull, "w"))  # noqa: SIM115


def test_load_demo_waits_for_the_bank(db):
    load_demo()
    assert not Paper.objects.exists()


def test_load_demo_adds_one_practice_paper_of_five_questions(trainer, reviewer):
    for number in range(6):
        publish(core_samples.single(), f"demo-{number}", trainer, reviewer)
    load_demo()
    load_demo()
    paper = Paper.objects.get(title=DEMO_PAPER_TITLE)  # the practice demo adds its own papers
    assert (paper.title, paper.items.count()) == (DEMO_PAPER_TITLE, 5)


def test_the_demo_trainee_sees_the_practice_paper(trainer, reviewer):
    for number in range(5):
        publish(core_samples.truefalse(), f"demo-{number}", trainer, reviewer)
    load_demo()
    trainee = User.objects.get(email="stagiaire@demo.arbitre.fr")
    assert DEMO_PAPER_TITLE in client_for(trainee).get(reverse("delivery:papers")).content.decode()
