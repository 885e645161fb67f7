"""What an article said in each edition: counterparts through the correspondence table
(or the same number), word diffs between consecutive versions, and the BAF 144 notes."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.safestring import SafeString

from rules.diffing import word_diff_html
from rules.models import Article, Change, Correspondence, Edition


@dataclass
class Version:
    edition: Edition
    article: Article | None
    via: str  # "self", "correspondence", "same-number"
    diff: SafeString | None = None

    @property
    def text(self) -> str:
        if self.article is None:
            return ""
        return self.article.text_fr or self.article.text_en


def counterparts(article: Article) -> dict[str, tuple[str, str]]:
    """Edition slug → (number, how it was found) for the other editions.

    The correspondence table wins; an edition it does not reach is tried with the same
    number, and the table is followed again from there (2018 4.2.1 → 2017 4.2.1, same
    number → 2014 4.2, through the table). Numbers alone can mislead (7.5.3 in 2017 and in
    2018), which is why they only come second.
    """
    edges: dict[tuple[str, str], list[tuple[str, str]]] = {}
    for row in Correspondence.objects.all():
        source, target = (row.from_edition, row.from_number), (row.to_edition, row.to_number)
        edges.setdefault(source, []).append(target)
        edges.setdefault(target, []).append(source)
    start = (article.edition.slug, article.number)
    found: dict[str, tuple[str, str]] = {start[0]: (start[1], "self")}

    def follow(queue: list[tuple[str, str]]) -> None:
        while queue:
            node = queue.pop(0)
            for edition, number in edges.get(node, []):
                if edition not in found:
                    found[edition] = (number, "correspondence")
                    queue.append((edition, number))

    follow([start])
    same_number = set(
        Article.objects.filter(number=article.number).exclude(edition__slug__in=found)
        .values_list("edition__slug", flat=True)
    )
    for edition in Edition.objects.filter(slug__in=same_number).order_by("-year"):
        if edition.slug not in found:
            found[edition.slug] = (article.number, "same-number")
            follow([(edition.slug, article.number)])
    del found[start[0]]
    return found


def article_history(article: Article) -> list[Version]:
    """One version per edition that has this article, oldest first, each diffed with the one before."""
    mapped = counterparts(article)
    editions = list(Edition.objects.order_by("year", "-order"))
    wanted = Q(pk=article.pk)
    for edition in editions:
        if edition.pk == article.edition_id:
            continue
        number = mapped.get(edition.slug, (article.number, ""))[0]
        wanted |= Q(edition=edition, number=number)
    found = {a.edition_id: a for a in Article.objects.filter(wanted).select_related("edition")}
    versions: list[Version] = []
    for edition in editions:
        other = found.get(edition.pk)
        if other is None:
            continue
        via = "self" if other.pk == article.pk else mapped.get(edition.slug, ("", "same-number"))[1]
        versions.append(Version(edition=edition, article=other, via=via))
    previous = None
    for version in versions:
        if previous is not None and version.text and previous.text:
            version.diff = word_diff_html(previous.text, version.text)
        if version.text:
            previous = version
    return versions


@dataclass
class ParagraphHistory:
    article: Article
    versions: list[Version]


def group_history(members: list[Article]) -> list[ParagraphHistory]:
    """The history of a group of paragraphs the book prints under no number of its own
    (2018's 9.2 above 9.2.1 to 9.2.3): each paragraph's, in book order."""
    return [ParagraphHistory(article=member, versions=article_history(member)) for member in members]


def related_changes(versions: list[Version]) -> list[Change]:
    """The BAF 144 records about any of these versions."""
    condition = Q(pk__in=[])
    for version in versions:
        if version.article is None:
            continue
        slug, number = version.edition.slug, version.article.number
        condition |= Q(old_edition=slug, old_number=number) | Q(new_edition=slug, new_number=number)
    return list(Change.objects.filter(condition))
