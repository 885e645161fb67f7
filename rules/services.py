"""Writes to the rulebook: loading rules/data and the search index (a new edition: ``rules.editions``).

``load_rulebook`` compares what the files say with what the database holds, natural key by
natural key, and only creates, updates or deletes the difference (in bulk): loading twice
changes nothing, and loading the whole Livre stays fast.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from django.db import connection, models, transaction

from rules import schema
from rules.models import (
    NUMBER_RE,
    Article,
    Change,
    Chapter,
    Correspondence,
    Diagram,
    Edition,
    GlossaryTerm,
    SearchDocument,
    SearchDocumentKind,
    Section,
    Synonym,
)
from rules.rulebook_cache import forget_rulebook
from rules.synonyms import forget_synonyms

DEFAULT_DATA_DIR = Path(__file__).resolve().parent / "data"


class RulebookDataError(Exception):
    def __init__(self, messages: list[str]):
        super().__init__("\n".join(messages))
        self.messages = messages


@dataclass
class LoadReport:
    counts: dict[str, tuple[int, int, int]] = field(default_factory=dict)
    skipped: list[str] = field(default_factory=list)

    @property
    def changed(self) -> bool:
        return any(any(numbers) for numbers in self.counts.values())

    def lines(self) -> list[str]:
        lines = [
            f"{name}: {created} created, {updated} updated, {deleted} deleted"
            for name, (created, updated, deleted) in self.counts.items()
        ]
        lines.extend(f"skipped: {name} (file not found)" for name in self.skipped)
        return lines


def sync_rows(
    model: type[models.Model],
    *,
    rows: Iterable[dict],
    key: tuple[str, ...],
    existing: models.QuerySet,
    delete_missing: bool = True,
) -> tuple[int, int, int]:
    """Make ``existing`` hold exactly ``rows`` (matched on ``key``); returns the counts."""
    current = {tuple(getattr(obj, name) for name in key): obj for obj in existing}
    to_create: list[models.Model] = []
    to_update: list[models.Model] = []
    fields: set[str] = set()
    for row in rows:
        row_key = tuple(row[name] for name in key)
        obj = current.pop(row_key, None)
        if obj is None:
            to_create.append(model(**row))
            continue
        changed = [name for name, value in row.items() if getattr(obj, name) != value]
        for name in changed:
            setattr(obj, name, row[name])
        if changed:
            fields.update(changed)
            to_update.append(obj)
    model.objects.bulk_create(to_create, batch_size=500)
    if to_update:
        model.objects.bulk_update(to_update, sorted(fields), batch_size=500)
    deleted = 0
    if delete_missing and current:
        model.objects.filter(pk__in=[obj.pk for obj in current.values()]).delete()
        deleted = len(current)
    return len(to_create), len(to_update), deleted


def _read(data_dir: Path, name: str) -> object | None:
    path = data_dir / name
    if not path.exists():
        return None
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as error:
        raise RulebookDataError([f"{name}: invalid JSON ({error})"]) from error


def _edition_row(meta: dict, order: int) -> dict:
    return {
        "slug": meta["slug"],
        "year": meta["year"],
        "title_fr": meta["title_fr"],
        "title_en": meta.get("title_en", ""),
        "adopted": schema.parse_date(meta.get("adopted", "")),
        "in_force": schema.parse_date(meta.get("in_force", "")),
        "languages": meta.get("languages", ["fr"]),
        "complete": meta.get("complete", False),
        "source": meta.get("source", ""),
        "notes_fr": meta.get("notes_fr", ""),
        "notes_en": meta.get("notes_en", ""),
        "order": order,
    }


def _article_row(edition: Edition, item: dict, order: int) -> dict:
    return {
        "edition_id": edition.pk,
        "number": item["number"],
        "printed": item.get("printed", "") or item["number"],
        "kind": item["kind"],
        **{name: item.get(name, "") for name in schema.ARTICLE_TEXT_FIELDS if name != "printed"},
        "diagram_keys": item.get("diagrams", []),
        "order": order,
    }


def sync_articles(edition: Edition, items: list[dict]) -> tuple[int, int, int]:
    """The articles of one edition, parents included (a second pass, once every id exists).

    Articles that left the file are deleted last: deleting cascades to children, and a
    child that stays must first be moved to its new parent.
    """
    existing_numbers = set(Article.objects.filter(edition=edition).values_list("number", flat=True))
    gone = existing_numbers - {item["number"] for item in items}
    created, updated, _deleted = sync_rows(
        Article,
        rows=[_article_row(edition, item, order) for order, item in enumerate(items)],
        key=("edition_id", "number"),
        existing=Article.objects.filter(edition=edition),
        delete_missing=False,
    )
    articles = [article for article in Article.objects.filter(edition=edition) if article.number not in gone]
    ids = {article.number: article.pk for article in articles}
    reparented = []
    parents = {item["number"]: ids.get(item.get("parent", "")) for item in items}
    for article in articles:
        if article.parent_id != parents.get(article.number):
            article.parent_id = parents.get(article.number)
            reparented.append(article)
    Article.objects.bulk_update(reparented, ["parent"], batch_size=500)
    Article.objects.filter(edition=edition, number__in=gone).delete()
    moved = sum(1 for article in reparented if article.number in existing_numbers)
    return created, updated + moved, len(gone)


def _article_documents(articles: Iterable[Article]) -> list[dict]:
    rows = []
    for article in articles:
        for language in ("fr", "en"):
            text = getattr(article, f"text_{language}")
            heading = getattr(article, f"heading_{language}")
            if not (text or heading):
                continue
            body = "\n\n".join(
                part
                for part in (
                    text,
                    getattr(article, f"commentary_{language}"),
                    getattr(article, f"notes_{language}"),
                )
                if part
            )
            title = f"{article.label} {heading}".strip()
            rows.append(
                {
                    "kind": SearchDocumentKind.ARTICLE,
                    "language": language,
                    "edition": article.edition.slug,
                    "number": article.number,
                    "article_id": article.pk,
                    "section_id": None,
                    "title": title[:400],
                    "body": body,
                    "folded": SearchDocument.fold_text(title, body),
                    "url": article.get_absolute_url(),
                }
            )
    return rows


def _section_documents(sections: Iterable[Section]) -> list[dict]:
    rows = []
    for section in sections:
        for language in ("fr", "en"):
            body = section.plain_text(language)
            if not body:
                continue
            chapter = section.chapter
            title = f"{chapter.number} · {section.heading}" if section.heading else chapter.title_fr
            rows.append(
                {
                    "kind": SearchDocumentKind.SECTION,
                    "language": language,
                    "edition": "",
                    "number": section.number,
                    "article_id": None,
                    "section_id": section.pk,
                    "title": title[:400],
                    "body": body,
                    "folded": SearchDocument.fold_text(title, body),
                    "url": section.get_absolute_url(),
                }
            )
    return rows


def index_editions(editions: Iterable[Edition]) -> tuple[int, int, int]:
    slugs = [edition.slug for edition in editions]
    articles = Article.objects.filter(edition__slug__in=slugs).select_related("edition")
    return sync_rows(
        SearchDocument,
        rows=_article_documents(articles),
        key=("kind", "language", "article_id"),
        existing=SearchDocument.objects.filter(kind=SearchDocumentKind.ARTICLE, edition__in=slugs),
    )


def index_sections() -> tuple[int, int, int]:
    return sync_rows(
        SearchDocument,
        rows=_section_documents(Section.objects.select_related("chapter")),
        key=("kind", "language", "section_id"),
        existing=SearchDocument.objects.filter(kind=SearchDocumentKind.SECTION),
    )


def _check_unique(name: str, items: list[dict], key: tuple[str, ...]) -> list[str]:
    seen: set[tuple] = set()
    errors = []
    for position, item in enumerate(items, start=1):
        value = tuple(item.get(part) for part in key)
        if value in seen:
            errors.append(f"{name}: item {position} repeats {dict(zip(key, value, strict=True))}")
        seen.add(value)
    return errors


# Fields holding article numbers: they become URLs, so they must look like numbers.
NUMBER_FIELDS = ("article", "old_number", "new_number", "from_number", "to_number")


def _check_numbers(name: str, rows: list[dict]) -> list[str]:
    errors = []
    for position, row in enumerate(rows, start=1):
        numbers = [row[field] for field in NUMBER_FIELDS if field in row]
        numbers += row.get("articles", []) if isinstance(row.get("articles"), list) else []
        errors.extend(
            f"{name}: item {position}: {number!r} is not an article number"
            for number in numbers
            if number and not (isinstance(number, str) and NUMBER_RE.fullmatch(number))
        )
    return errors


@transaction.atomic
def load_rulebook(*, data_dir: Path = DEFAULT_DATA_DIR) -> LoadReport:
    """Load every file of ``data_dir`` into the database (only the differences)."""
    report = LoadReport()
    editions_data = _read(data_dir, "editions.json")
    errors: list[str] = []
    laws: dict[str, list[dict]] = {}
    if editions_data is None:
        report.skipped.append("editions.json")
        editions_data = []
    for meta in editions_data:
        errors.extend(f"editions.json: {message}" for message in schema.validate_edition_meta(meta))
        if not isinstance(meta, dict) or not isinstance(meta.get("slug"), str):
            continue
        name = f"laws-{meta['slug']}.json"
        items = _read(data_dir, name)
        if items is None:
            report.skipped.append(name)
            continue
        errors.extend(f"{name}: {message}" for message in schema.validate_articles(items))
        laws[meta["slug"]] = items
    if errors:
        raise RulebookDataError(errors)

    report.counts["editions"] = sync_rows(
        Edition,
        rows=[_edition_row(meta, order) for order, meta in enumerate(editions_data)],
        key=("slug",),
        existing=Edition.objects.filter(slug__in=[meta["slug"] for meta in editions_data]),
        delete_missing=False,
    )
    editions = {edition.slug: edition for edition in Edition.objects.filter(slug__in=laws)}
    totals = [0, 0, 0]
    for slug, items in laws.items():
        for index, count in enumerate(sync_articles(editions[slug], items)):
            totals[index] += count
    report.counts["articles"] = tuple(totals)

    simple = (
        ("diagrams.json", "diagrams", Diagram, ("key",), _diagram_row),
        ("glossary.json", "glossary", GlossaryTerm, ("key",), _glossary_row),
        ("changes-baf144.json", "changes", Change, ("old_edition", "old_number", "new_edition", "new_number"),
         _change_row),
        ("correspondence.json", "correspondence", Correspondence,
         ("from_edition", "from_number", "to_edition", "to_number"), _correspondence_row),
        ("synonyms.json", "synonyms", Synonym, ("key",), _synonym_row),
    )
    for filename, label, model, key, to_row in simple:
        items = _read(data_dir, filename)
        if items is None:
            report.skipped.append(filename)
            continue
        try:
            rows = [to_row(item, order) for order, item in enumerate(items)]
        except (KeyError, TypeError, AttributeError) as error:
            raise RulebookDataError([f"{filename}: malformed item ({error!r})"]) from error
        problems = _check_unique(filename, rows, key) + _check_numbers(filename, rows)
        if model is Synonym:
            problems += _check_glossary_keys(filename, rows)
        if problems:
            raise RulebookDataError(problems)
        report.counts[label] = sync_rows(model, rows=rows, key=key, existing=model.objects.all())

    livre = _read(data_dir, "livre.json")
    if livre is None:
        report.skipped.append("livre.json")
    else:
        report.counts["chapters"], report.counts["sections"] = _sync_livre(livre)
        report.counts["search (Livre)"] = index_sections()
    report.counts["search (articles)"] = index_editions(editions.values())
    forget_synonyms()
    # Now (this connection reads the new rows) and at commit (the other processes do).
    forget_rulebook()
    transaction.on_commit(forget_rulebook)
    if report.changed:
        tidy_search_index()
    return report


def tidy_search_index() -> None:
    """After a bulk load: merge the FTS5 segments (SQLite), refresh the planner's statistics
    (PostgreSQL) so the first searches are as fast as the later ones."""
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute("INSERT INTO rules_search_fts(rules_search_fts) VALUES ('optimize')")
        elif connection.vendor == "postgresql":
            cursor.execute("ANALYZE rules_searchdocument")


def _diagram_row(item: dict, order: int) -> dict:
    return {
        "key": item["key"],
        "edition": item.get("edition", ""),
        "article": item.get("article", ""),
        "fen": item["fen"],
        "orientation": item.get("orientation", "white"),
        "arrows": item.get("arrows", []),
        "circles": item.get("circles", []),
        "squares": item.get("squares", {}),
        "last_move": item.get("last_move", ""),
        "caption_fr": item.get("caption_fr", ""),
        "caption_en": item.get("caption_en", ""),
    }


def _glossary_row(item: dict, order: int) -> dict:
    return {
        "key": item["key"],
        "term_fr": item["term_fr"],
        "term_en": item.get("term_en", ""),
        "definition_fr": item.get("definition_fr", ""),
        "definition_en": item.get("definition_en", ""),
        "articles": item.get("articles", []),
        "edition": item.get("edition", ""),
        "order": order,
    }


def _change_row(item: dict, order: int) -> dict:
    return {
        "old_edition": item["old_edition"],
        "old_number": item.get("old_number", ""),
        "new_edition": item["new_edition"],
        "new_number": item.get("new_number", ""),
        "kind": item["kind"],
        "old_text": item.get("old_text", ""),
        "new_text": item.get("new_text", ""),
        "note_fr": item.get("note_fr", ""),
        "note_en": item.get("note_en", ""),
        "order": order,
    }


def _synonym_row(item: dict, order: int) -> dict:
    return {
        "key": item["key"],
        "glossary_key": item.get("glossary", ""),
        "names_fr": list(item.get("names_fr", [])),
        "names_en": list(item.get("names_en", [])),
        "articles": list(item.get("articles", [])),
        "edition": item.get("edition", ""),
        "order": order,
    }


def _check_glossary_keys(name: str, rows: list[dict]) -> list[str]:
    """A common name is tied to a glossary term that exists (the glossary is loaded first)."""
    known = set(GlossaryTerm.objects.values_list("key", flat=True))
    return [
        f"{name}: item {position}: unknown glossary term {row['glossary_key']!r}"
        for position, row in enumerate(rows, start=1)
        if row["glossary_key"] and row["glossary_key"] not in known
    ]


def _correspondence_row(item: dict, order: int) -> dict:
    return {
        "from_edition": item["from_edition"],
        "from_number": item["from_number"],
        "to_edition": item["to_edition"],
        "to_number": item["to_number"],
        "note_fr": item.get("note_fr", ""),
        "note_en": item.get("note_en", ""),
    }


def _sync_livre(chapters: list[dict]) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    try:
        chapter_rows = [
            {
                "number": chapter["number"],
                "title_fr": chapter["title_fr"],
                "title_en": chapter.get("title_en", ""),
                "units": chapter.get("units", []),
                "language": chapter.get("language", "fr"),
                "order": order,
            }
            for order, chapter in enumerate(chapters)
        ]
    except (KeyError, TypeError) as error:
        raise RulebookDataError([f"livre.json: malformed chapter ({error!r})"]) from error
    duplicate_errors = _check_unique("livre.json", chapter_rows, ("number",))
    if duplicate_errors:
        raise RulebookDataError(duplicate_errors)
    chapter_counts = sync_rows(Chapter, rows=chapter_rows, key=("number",), existing=Chapter.objects.all())
    ids = dict(Chapter.objects.values_list("number", "pk"))
    section_rows = []
    for chapter in chapters:
        for order, section in enumerate(chapter.get("sections", [])):
            anchor = section.get("anchor") or f"s{order + 1}"
            section_rows.append(
                {
                    "chapter_id": ids[chapter["number"]],
                    "number": section.get("number", ""),
                    "anchor": anchor,
                    "heading": section.get("heading", ""),
                    "blocks": section.get("blocks", []),
                    "order": order,
                }
            )
    duplicate_errors = _check_unique("livre.json (sections)", section_rows, ("chapter_id", "anchor"))
    if duplicate_errors:
        raise RulebookDataError(duplicate_errors)
    section_counts = sync_rows(
        Section, rows=section_rows, key=("chapter_id", "anchor"), existing=Section.objects.all()
    )
    return chapter_counts, section_counts
