"""Full-text search over the Laws and the Livre, accent- and case-insensitive.

SQLite: the FTS5 table ``rules_search_fts`` (tokenizer unicode61 remove_diacritics 2) ranked
by bm25, the heading weighing more than the text. PostgreSQL: ``to_tsvector('simple', …)``
over the stored accent-folded text (GIN index), ranked by ts_rank. Both match every word
of the query as a prefix ("adoube" finds "j'adoube", "roq" finds "roque"); when no document
holds all the words, any of them will do. Snippets are cut and highlighted here, in Python,
on the original text, so both databases show the same thing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.db import connection
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules.models import Article, Edition, SearchDocument, SearchDocumentKind, fold, normalise_number

_WORD = re.compile(r"[^\W_]+")
_NUMBER_QUERY = re.compile(
    r"^\s*(?:art(?:icle)?\.?\s*)?"
    r"((?:\d{1,2}|[A-Da-d]|I{1,3}|i{1,3})(?:\.(?:\d{1,2}|[a-z]))+|\d{1,2}|\d{1,2}\.\d{1,2}\s*[a-z]\))"
    r"\s*\.?\s*$",
    re.IGNORECASE,
)
SNIPPET_WORDS = 32
MAX_QUERY_LENGTH = 200


@dataclass(frozen=True)
class SearchHit:
    edition: str
    number: str
    title: str
    snippet: SafeString
    url: str
    score: float
    kind: str
    language: str = "fr"

    def to_dict(self) -> dict:
        return {
            "kind": self.kind,
            "edition": self.edition or None,
            "number": self.number,
            "title": self.title,
            "snippet": str(self.snippet),
            "url": self.url,
            "score": round(self.score, 4),
        }


def query_terms(query: str) -> list[str]:
    """The folded words of a query, in order, without repeats (letters and digits only, so
    nothing of FTS5's or tsquery's syntax gets through)."""
    return list(dict.fromkeys(_WORD.findall(fold(query[:MAX_QUERY_LENGTH]))))


def number_in_query(query: str) -> str | None:
    """The article number a query consists of ("9.2.2", "art. A.4", "4.3 a)"), if any."""
    match = _NUMBER_QUERY.match(query)
    return normalise_number(match.group(1)) if match else None


def resolve_number_query(query: str, *, edition: str | None = None) -> Article | None:
    number = number_in_query(query)
    if number is None:
        return None
    slug = edition or getattr(Edition.current(), "slug", None)
    return Article.objects.resolve(slug, number) if slug else None


def highlight(text: str, terms: list[str], *, words: int = SNIPPET_WORDS) -> SafeString:
    """The part of ``text`` with the most matching words, those words in <mark>."""
    matches = list(_WORD.finditer(text))
    if not matches:
        return mark_safe("")
    useful = [term for term in terms if len(term) > 1] or terms
    hits = [
        index for index, match in enumerate(matches) if any(fold(match.group()).startswith(t) for t in useful)
    ]
    start = 0
    if hits:
        best = -1
        for hit in hits:
            candidate = max(0, hit - 4)
            count = sum(1 for other in hits if candidate <= other < candidate + words)
            if count > best:
                best, start = count, candidate
    end = min(len(matches), start + words)
    hit_set = set(hits)
    pieces: list[str] = ["… " if start > 0 else ""]
    cursor = matches[start].start()
    for index in range(start, end):
        match = matches[index]
        pieces.append(escape(text[cursor : match.start()]))
        word = escape(match.group())
        pieces.append(f"<mark>{word}</mark>" if index in hit_set else word)
        cursor = match.end()
    if end < len(matches):
        pieces.append(" …")
    else:
        pieces.append(escape(text[cursor:]))
    return mark_safe("".join(pieces).replace("\n", " "))


def _scope(language: str, edition: str | None) -> tuple[str, list]:
    if edition:
        where = "d.language = %s AND d.kind = %s AND d.edition = %s"
        return where, [language, SearchDocumentKind.ARTICLE.value, edition]
    current = getattr(Edition.current(), "slug", "")
    return "d.language = %s AND d.edition IN (%s, '')", [language, current]


def _ranked_ids(terms: list[str], *, any_term: bool, language: str, edition: str | None, limit: int):
    where, params = _scope(language, edition)
    if connection.vendor == "postgresql":
        tsquery = (" | " if any_term else " & ").join(f"{term}:*" for term in terms)
        sql = (
            "SELECT d.id, ts_rank(to_tsvector('simple', d.folded), to_tsquery('simple', %s)) AS score "  # noqa: S608
            "FROM rules_searchdocument d "
            f"WHERE to_tsvector('simple', d.folded) @@ to_tsquery('simple', %s) AND {where} "
            "ORDER BY score DESC, d.id LIMIT %s"
        )
        arguments = [tsquery, tsquery, *params, limit]
    else:
        # Terms are \w+ only, so quoting them is enough to keep FTS5 syntax out.
        match = (" OR " if any_term else " ").join(f'"{term}"*' for term in terms)
        sql = (
            "SELECT d.id, -bm25(rules_search_fts, 4.0, 1.0) AS score "  # noqa: S608
            "FROM rules_search_fts JOIN rules_searchdocument d ON d.id = rules_search_fts.rowid "
            f"WHERE rules_search_fts MATCH %s AND {where} "
            "ORDER BY score DESC, d.id LIMIT %s"
        )
        arguments = [match, *params, limit]
    # {where} above is one of two constant strings; every value is a query parameter.
    with connection.cursor() as cursor:
        cursor.execute(sql, arguments)
        return cursor.fetchall()


def search(
    query: str, *, language: str = "fr", edition: str | None = None, limit: int = 20
) -> list[SearchHit]:
    """Ranked hits for ``query`` among the articles of ``edition`` (default: the edition in
    force, plus the rest of the Livre) in ``language``; an article number comes first."""
    language = language if language in ("fr", "en") else "fr"
    hits: list[SearchHit] = []
    article = resolve_number_query(query, edition=edition)
    if article is not None:
        title = f"{article.label} {getattr(article, f'heading_{language}') or article.heading_fr}".strip()
        text = getattr(article, f"text_{language}") or article.text_fr
        hits.append(
            SearchHit(
                edition=article.edition.slug,
                number=article.number,
                title=title,
                snippet=highlight(text, []),
                url=article.get_absolute_url(),
                score=1000.0,
                kind=SearchDocumentKind.ARTICLE.value,
                language=language,
            )
        )
    terms = query_terms(query)
    if not terms:
        return hits
    rows = _ranked_ids(terms, any_term=False, language=language, edition=edition, limit=limit)
    if not rows and len(terms) > 1:
        rows = _ranked_ids(terms, any_term=True, language=language, edition=edition, limit=limit)
    documents = SearchDocument.objects.in_bulk([row[0] for row in rows])
    seen = {(hit.edition, hit.number, hit.kind) for hit in hits}
    for document_id, score in rows:
        document = documents[document_id]
        if (document.edition, document.number, document.kind) in seen:
            continue
        hits.append(
            SearchHit(
                edition=document.edition,
                number=document.number,
                title=document.title,
                snippet=highlight(document.body, terms),
                url=document.url,
                score=float(score),
                kind=str(document.kind),
                language=language,
            )
        )
    return hits[:limit]
