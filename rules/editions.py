"""Loading a future edition uploaded by staff: what it changes against the previous edition
(compared article by article), then the edition itself, indexed, with the other apps told."""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from rules import schema
from rules.diffing import same_wording, word_diff_html
from rules.models import Article, Diagram, Edition, EditionUpload
from rules.rulebook_cache import forget_rulebook
from rules.services import RulebookDataError, _edition_row, index_editions, sync_articles
from rules.signals import articles_changed


@dataclass
class ArticleDifference:
    number: str
    status: str  # "added", "removed", "changed"
    old_text: str = ""
    new_text: str = ""

    @property
    def diff_html(self) -> str:
        return word_diff_html(self.old_text, self.new_text)


def previous_edition(*, year: int, exclude: str = "") -> Edition | None:
    return Edition.objects.filter(year__lte=year).exclude(slug=exclude).order_by("-year", "order").first()


def _languages(items: list[dict]) -> set[str]:
    return {
        language for language in ("fr", "en")
        if any(item.get(f"text_{language}") for item in items)
    }


def _same_wording(before: dict, after: dict, languages: set[str]) -> bool:
    return all(
        same_wording(before.get(f"{part}_{language}", ""), after.get(f"{part}_{language}", ""))
        for language in languages
        for part in ("heading", "text")
    )


def _display_text(item: dict) -> str:
    return item.get("text_fr", "") or item.get("text_en", "") or item.get("heading_fr", "")


def compare_articles(
    *, old: list[dict], new: list[dict], old_complete: bool = True, new_complete: bool = True
) -> list[ArticleDifference]:
    """What changed from ``old`` to ``new`` (both lists in the laws-<slug>.json format).

    Only the languages both editions have are compared (the 2017 text is French only), and
    typography (quotes, apostrophes, spaces) is not a change. An article missing from a
    partial edition says nothing: it is neither "added" after a partial ``old`` nor
    "removed" before a partial ``new``.
    """
    languages = (_languages(old) & _languages(new)) or {"fr", "en"}
    old_by_number = {item["number"]: item for item in old}
    new_numbers = {item["number"] for item in new}
    differences = []
    for item in new:
        before = old_by_number.get(item["number"])
        if before is None:
            if old_complete:
                differences.append(ArticleDifference(item["number"], "added", "", _display_text(item)))
        elif not _same_wording(before, item, languages):
            differences.append(
                ArticleDifference(item["number"], "changed", _display_text(before), _display_text(item))
            )
    if new_complete:
        for item in old:
            if item["number"] not in new_numbers:
                differences.append(ArticleDifference(item["number"], "removed", _display_text(item), ""))
    return differences


def edition_as_items(edition: Edition) -> list[dict]:
    parents = dict(Article.objects.filter(edition=edition).values_list("pk", "number"))
    return [
        {
            "number": article.number,
            "parent": parents.get(article.parent_id, ""),
            "kind": article.kind,
            **{name: getattr(article, name) for name in schema.ARTICLE_TEXT_FIELDS},
            "diagrams": article.diagram_keys,
        }
        for article in Article.objects.filter(edition=edition).order_by("order")
    ]


def upload_differences(upload: EditionUpload) -> tuple[Edition | None, list[ArticleDifference]]:
    meta = upload.payload["edition"]
    previous = previous_edition(year=meta["year"], exclude=meta["slug"])
    old_items = edition_as_items(previous) if previous else []
    differences = compare_articles(
        old=old_items, new=upload.payload["articles"],
        old_complete=previous.complete if previous else True, new_complete=bool(meta.get("complete", True)),
    )
    return previous, differences


@transaction.atomic
def load_edition(*, upload: EditionUpload) -> Edition:
    """Create the uploaded edition, index it, and tell the other apps what changed."""
    upload = EditionUpload.objects.select_for_update().get(pk=upload.pk)
    if upload.loaded_at is not None:
        raise RulebookDataError([_("Cette édition a déjà été chargée.")])
    errors = schema.validate_upload(
        upload.payload,
        existing_slugs=set(Edition.objects.values_list("slug", flat=True)),
        known_diagrams=set(Diagram.objects.values_list("key", flat=True)),
    )
    if errors:
        raise RulebookDataError(errors)
    meta = upload.payload["edition"]
    previous, differences = upload_differences(upload)
    edition = Edition(**_edition_row(meta, order=0))
    edition.full_clean()
    edition.save()
    # The newest edition comes first: shift the others.
    for order, other in enumerate(Edition.objects.exclude(pk=edition.pk).order_by("-year", "order"), start=1):
        if other.order != order:
            other.order = order
            other.save(update_fields=["order"])
    sync_articles(edition, upload.payload["articles"])
    index_editions([edition])
    upload.loaded_at = timezone.now()
    upload.save(update_fields=["loaded_at"])
    forget_rulebook()
    transaction.on_commit(forget_rulebook)
    # Sent inside the transaction: the listeners' writes (questions flagged for review)
    # commit or roll back together with the edition.
    articles_changed.send(
        sender=Edition,
        edition=edition.slug,
        previous_edition=previous.slug if previous else "",
        numbers=[difference.number for difference in differences],
    )
    return edition
