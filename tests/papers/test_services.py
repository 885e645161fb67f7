from datetime import timedelta

import pytest

from delivery.models import Paper, Purpose
from delivery.services import start_attempt
from papers import services
from papers.families import family_key, family_label
from papers.models import Blueprint, BlueprintRule


def blueprint_with(*rules, unit="UVR", purpose=Purpose.EXAM) -> Blueprint:
    blueprint = Blueprint.objects.create(name="Plan", unit=unit, purpose=purpose, duration_minutes=120)
    for position, rule in enumerate(rules, start=1):
        BlueprintRule.objects.create(blueprint=blueprint, position=position, **rule)
    return blueprint


@pytest.mark.parametrize(("citation", "key"), [
    ({"edition": "2018", "article": "9.2.1"}, "laws:9"),
    ({"edition": "2018", "article": "A.4.2"}, "laws:A"),
    ({"edition": "2018", "article": "III.3.1"}, "laws:III"),
    ({"edition": "livre", "article": "5.2.3"}, "livre:5.2"),
])
def test_it_groups_citations_by_article_family(citation, key):
    assert family_key(citation) == key


def test_it_names_families_for_people():
    assert [family_label(key) for key in ("laws:9", "laws:A", "laws:III", "livre:1.2")] == [
        "Article 9", "Annexe A", "Directives III", "Livre 1.2"]


def test_it_draws_each_rule_from_its_family_without_duplicates(bank):
    blueprint = blueprint_with({"family": "laws:9", "count": 3}, {"family": "laws:A", "count": 2})
    draw = services.draw(blueprint, seed=7)
    uids = [version.question.uid for rule in draw.rules for version in rule.drawn]
    assert len(set(uids)) == 5
    assert {uid[:4] for uid in uids[:3]} == {"art9"}


def test_the_same_seed_gives_the_same_draw(bank):
    blueprint = blueprint_with({"family": "laws:9", "count": 2})
    first = [v.pk for v in services.draw(blueprint, seed=11).rules[0].drawn]
    assert first == [v.pk for v in services.draw(blueprint, seed=11).rules[0].drawn]


def test_it_says_which_rule_the_bank_cannot_fill(bank, exam_staff):
    blueprint = blueprint_with({"family": "laws:A", "difficulty": 3, "count": 2})
    with pytest.raises(services.CompositionError, match="règle 1 : 2 demandées, 1 disponibles"):
        services.compose_from_blueprint(blueprint=blueprint, title="UVR", actor=exam_staff)


def test_it_pins_the_published_versions_and_the_rules_points(bank, exam_staff):
    blueprint = blueprint_with({"family": "laws:9", "count": 4, "points_each": 2})
    paper = services.compose_from_blueprint(blueprint=blueprint, title="UVR juin", actor=exam_staff, seed=3)
    assert paper.duration == timedelta(minutes=120)
    assert sorted(paper.items.values_list("points", flat=True)) == [2, 2, 2, 2]
    assert paper.origin.seed == 3


def test_a_mock_blueprint_makes_a_paper_corrected_at_the_end(bank, exam_staff):
    blueprint = blueprint_with({"count": 1}, purpose=Purpose.MOCK)
    paper = services.compose_from_blueprint(blueprint=blueprint, title="Blanc", actor=exam_staff)
    assert paper.feedback == "at_end"


def test_it_refuses_to_change_a_locked_paper(bank, exam_staff):
    paper = Paper.objects.create(title="UVR")
    services.add_question(paper=paper, uid="art9-a")
    services.lock_paper(paper=paper, actor=exam_staff)
    with pytest.raises(services.PaperLocked):
        services.add_question(paper=paper, uid="art9-b")


def test_an_unlock_needs_a_reason_and_is_recorded(bank, exam_staff):
    paper = Paper.objects.create(title="UVR")
    services.add_question(paper=paper, uid="art9-a")
    services.lock_paper(paper=paper, actor=exam_staff)
    with pytest.raises(services.CompositionError):
        services.unlock_paper(paper=paper, actor=exam_staff, reason="  ")
    services.unlock_paper(paper=paper, actor=exam_staff, reason="Coquille dans la question 1")
    assert [entry.reason for entry in services.unlock_history(paper)] == ["Coquille dans la question 1"]


def test_it_refuses_to_unlock_a_paper_candidates_have_started(bank, exam_staff, trainee):
    paper = Paper.objects.create(title="UVR", duration=timedelta(hours=2))
    services.add_question(paper=paper, uid="art9-a")
    services.lock_paper(paper=paper, actor=exam_staff)
    start_attempt(paper=paper, candidate=trainee)
    with pytest.raises(services.CompositionError, match="déjà commencé"):
        services.unlock_paper(paper=paper, actor=exam_staff, reason="Erreur")


def test_it_refuses_a_question_not_in_service_or_twice(bank):
    paper = Paper.objects.create(title="UVR")
    services.add_question(paper=paper, uid="art9-a")
    with pytest.raises(services.CompositionError, match="déjà dans ce sujet"):
        services.add_question(paper=paper, uid="art9-a")
    with pytest.raises(services.CompositionError, match="Aucune question en service"):
        services.add_question(paper=paper, uid="brouillon-inconnu")


def test_it_keeps_positions_consecutive_after_moves_and_removals(bank):
    paper = Paper.objects.create(title="UVR")
    for uid in ("art9-a", "art9-b", "art9-c"):
        services.add_question(paper=paper, uid=uid)
    first, _second, third = paper.items.order_by("position")
    services.move_item(item=third, offset=-1)
    services.remove_item(item=first)
    assert list(paper.items.order_by("position").values_list("position", "version__question__uid")) == [
        (1, "art9-c"), (2, "art9-b")]
