"""load_demo adds a UVT practice set of pairing questions once they are in the bank."""

from __future__ import annotations

from delivery.demo import PAIRING_PAPER_TITLE
from delivery.models import Paper
from tests.delivery.conftest import publish
from tests.delivery.test_demo import load_demo
from tests.questions.pairing_samples import livre, pairing


def test_load_demo_adds_the_pairing_practice_set_once(trainer, reviewer):
    publish(pairing(), "uvt-appariement-ronde-3", trainer, reviewer)
    publish(livre(2, rounds_to_pair=3), "uvt-appariement-livre-4-3", trainer, reviewer)
    load_demo()
    load_demo()
    paper = Paper.objects.get(title=PAIRING_PAPER_TITLE)
    assert (paper.unit, paper.items.count()) == ("UVT", 2)


def test_without_pairing_questions_there_is_no_pairing_set(db):
    load_demo()
    assert not Paper.objects.filter(title=PAIRING_PAPER_TITLE).exists()
