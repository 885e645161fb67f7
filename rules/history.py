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
    """Edition slug → (number, how it was found) for every other edition."""
    slug, number = article.edition.slug, article.number
    found: dict[str, tuple[str, str]] = {}
    rows = Correspondence.objects.filter(
        Q(from_edition=slug, from_number=number) | Q(to_edition=slug, to_number=number)
    )
    for row in rows:
        if row.from_edition == slug and row.from_number == number:
            found.setdefault(row.to_edition, (row.to_number, "correspondence"))
        else:
            found.setdefault(row.from_edition, (row.from_number, "correspondence"))
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


def related_changes(versions: list[Version]) -> list[Change]:
    """The BAF 144 records about any of these versions."""
    condition = Q(pk__in=[])
    for version in versions:
        if version.article is None:
            continue
        slug, number = version.edition.slug, version.article.number
        condition |= Q(old_edition=slug, old_number=number) | Q(new_edition=slug, new_number=number)
    return list(Change.objects.filter(condition))
