from __future__ import annotations

from rules.history import article_history, counterparts, related_changes
from rules.models import Article, Correspondence


def test_the_correspondence_table_gives_renumbered_articles(rulebook):
    assert counterparts(Article.objects.resolve("2018", "4.2.1"))["2014"] == ("4.2", "correspondence")


def test_the_same_number_is_used_when_the_table_says_nothing(rulebook):
    assert counterparts(Article.objects.resolve("2018", "9.2.2"))["2017"] == ("9.2.2", "same-number")


def test_the_table_is_followed_from_a_same_number_match(rulebook):
    Correspondence.objects.filter(to_edition="2018").delete()
    # 2018 4.2.1 → 2017 4.2.1 (same number) → 2014 4.2 (table).
    assert counterparts(Article.objects.resolve("2018", "4.2.1"))["2014"] == ("4.2", "correspondence")


def test_versions_are_oldest_first_and_diffed_with_the_previous_one(rulebook):
    versions = article_history(Article.objects.resolve("2018", "4.2.1"))
    assert [version.edition.slug for version in versions] == ["2014", "2017", "2018"]
    assert versions[0].diff is None and "<ins>" in versions[2].diff


def test_related_changes_include_those_of_older_versions(rulebook):
    versions = article_history(Article.objects.resolve("2018", "4.2.1"))
    assert [change.kind for change in related_changes(versions)] == ["split"]


def test_an_article_without_other_versions_has_only_itself(rulebook):
    versions = article_history(Article.objects.resolve("2018", "A.4"))
    assert [version.via for version in versions] == ["self"]
