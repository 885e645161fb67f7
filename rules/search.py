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
from dataclasses import dataclass, replace

from django.db import connection
from django.db.models import Q
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules.models import (
    Article,
    Edition,
    GlossaryTerm,
    SearchDocument,
    SearchDocumentKind,
    fold,
    normalise_number,
)
from rules.synonyms import synonym_articles

_WORD = re.compile(r"[^\W_]+")
_NUMBER_QUERY = re.compile(
    r"^\s*(?:art(?:icle)?\.?\s*)?"
    r"((?:\d{1,2}|[A-Da-d]|I{1,3}|i{1,3})(?:\.(?:\d{1,2}|[a-z]))+|\d{1,2}|\d{1,2}\.\d{1,2}\s*[a-z]\)?)"
    r"\s*\.?\s*$",
    re.IGNORECASE,
)
SNIPPET_CHARACTERS = 220
# Too common to narrow anything down; dropped from the match when the query has other words.
STOPWORDS = frozenset({
    "a", "au", "aux", "ce", "d", "de", "des", "du", "en", "et", "l", "la", "le", "les", "ou", "par",
    "pour", "que", "qui", "un", "une", "sur", "se", "s",
    "an", "and", "are", "as", "at", "be", "by", "for", "in", "is", "it", "of", "on", "or", "the", "to",
})
MAX_QUERY_LENGTH = 200
# The database ranks this many candidates, then they are re-ranked here. Never fewer,
# whatever the limit: the first hits must not depend on how many are asked for (the page
# shows 30, the API 20 by default).
MIN_CANDIDATES = 60


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
    context: str = ""  # the heading of the top-level article ("La partie nulle" for 9.2.2)
    best: bool = False  # a rule a common name in the query stands for (rules.answers)

    def to_dict(self) -> dict:
        return {
            "best": self.best,
            "context": self.context,
            "kind": self.kind,
            "edition": self.edition or None,
            "number": self.number,
            "title": self.title,
            "snippet": str(self.snippet),
            "url": self.url,
            "score": round(self.score, 4),
        }


def query_param(request, name: str, default: str = "") -> str:
    """A GET parameter without NUL characters (PostgreSQL refuses them in any string)."""
    return request.GET.get(name, default).replace("\x00", "")


def query_terms(query: str) -> list[str]:
    """The folded words of a query, in order, without repeats (letters and digits only, so
    nothing of FTS5's or tsquery's syntax gets through)."""
    return list(dict.fromkeys(_WORD.findall(fold(query[:MAX_QUERY_LENGTH]))))


def number_in_query(query: str) -> str | None:
    """The article number a query consists of ("9.2.2", "art. A.4", "4.3 a)", "4.3a"), if any."""
    match = _NUMBER_QUERY.match(query)
    if match is None:
        return None
    # 2009's lettered sub-articles typed without their bracket: "4.3a", "4.3 a" → "4.3 a)".
    return normalise_number(re.sub(r"(?<=\d)\s*([a-z])$", r" \1)", match.group(1), flags=re.IGNORECASE))


def resolve_number_query(query: str, *, edition: str | None = None) -> str | None:
    """The permalink a query that is an article number leads to (the article, or the
    group of paragraphs under a number the book never prints alone), if any."""
    number = number_in_query(query)
    slug = edition or getattr(Edition.current(), "slug", None)
    if number is None or not slug:
        return None
    articles = Article.objects.filter(edition__slug=slug)
    if articles.filter(Q(number=number) | Q(number__startswith=f"{number}.")).exists():
        return reverse("rules:article", kwargs={"edition": slug, "number": number})
    return None


_CHAR_FOLDS: dict[str, str] = {}
_NON_ASCII = re.compile(r"[^\x00-\x7f]")


def _fold_char(match: re.Match) -> str:
    char = match.group()
    folded = _CHAR_FOLDS.get(char)
    if folded is None:
        folded = fold(char)
        folded = _CHAR_FOLDS[char] = folded[0] if folded else char
    return folded


def fold_in_place(text: str) -> str:
    """Like :func:`rules.models.fold`, but one character for one ("œ" → "o"), so positions
    in the result are positions in ``text``. Only non-ASCII characters cost a Python call."""
    lowered = text.lower()
    if len(lowered) != len(text):  # a few characters lower-case to two ("İ")
        lowered = "".join(char.lower() if len(char.lower()) == 1 else char for char in text)
    return _NON_ASCII.sub(_fold_char, lowered)


def highlight(text: str, terms: list[str], *, width: int = SNIPPET_CHARACTERS) -> SafeString:
    """About ``width`` characters of ``text`` around the densest matches, matches in <mark>.

    Matching runs on an accent-folded copy of the same length, so it costs one regular
    expression over the text, not a Python loop over its words.
    """
    useful = [term for term in terms if len(term) > 1] or terms
    spans: list[tuple[int, int]] = []
    if useful:
        pattern = re.compile(
            r"(?<![^\W_])(?:" + "|".join(re.escape(term) for term in sorted(useful, key=len, reverse=True))
            + r")[^\W_]*"
        )
        spans = [match.span() for match in pattern.finditer(fold_in_place(text))]
    start = 0
    if spans:
        starts = [span_start for span_start, _ in spans]
        best, following = -1, 0
        for index, first in enumerate(starts):
            while following < len(starts) and starts[following] < first + width - 40:
                following += 1
            if following - index > best:
                best, start = following - index, max(0, first - 40)
    end = min(len(text), start + width)
    if start > 0:
        space = text.find(" ", start, start + 30)
        start = space + 1 if space != -1 else start
    if end < len(text):
        space = text.rfind(" ", end - 30, end)
        end = space if space != -1 else end
    pieces = ["… " if start > 0 else ""]
    cursor = start
    for span_start, span_end in spans:
        if span_start < start or span_end > end:
            continue
        pieces.append(escape(text[cursor:span_start]))
        pieces.append(f"<mark>{escape(text[span_start:span_end])}</mark>")
        cursor = span_end
    pieces.append(escape(text[cursor:end]))
    if end < len(text):
        pieces.append(" …")
    return mark_safe(" ".join("".join(pieces).split()))


def _scope(language: str, edition: str | None) -> tuple[str, list]:
    if edition:
        where = "d.language = %s AND d.kind = %s AND d.edition = %s"
        return where, [language, SearchDocumentKind.ARTICLE.value, edition]
    current = getattr(Edition.current(), "slug", "")
    return "d.language = %s AND d.edition IN (%s, '')", [language, current]


# The ranked query returns the documents themselves: one round trip, no second fetch.
_FIELDS = ("id", "kind", "language", "edition", "number", "title", "body", "url")
_COLUMNS = ", ".join(f"d.{name}" for name in _FIELDS)


@dataclass(frozen=True, slots=True)
class RankedDocument:
    """A search document as the ranked query reads it (``_FIELDS``): the sixty candidates of a
    search as model instances cost 0.7 ms of keyword arguments and signals."""

    id: int
    kind: str
    language: str
    edition: str
    number: str
    title: str
    body: str
    url: str


def _ranked_documents(terms: list[str], *, any_term: bool, language: str, edition: str | None, limit: int):
    where, params = _scope(language, edition)
    if connection.vendor == "postgresql":
        tsquery = (" | " if any_term else " & ").join(f"{term}:*" for term in terms)
        sql = (
            f"SELECT {_COLUMNS}, ts_rank(d.search_vector, to_tsquery('simple', %s)) AS score "  # noqa: S608
            "FROM rules_searchdocument d "
            f"WHERE d.search_vector @@ to_tsquery('simple', %s) AND {where} "
            "ORDER BY score DESC, d.id LIMIT %s"
        )
        arguments = [tsquery, tsquery, *params, limit]
    else:
        # Terms are \w+ only, so quoting them is enough to keep FTS5 syntax out.
        match = (" OR " if any_term else " ").join(f'"{term}"*' for term in terms)
        sql = (
            f"SELECT {_COLUMNS}, -bm25(rules_search_fts, 4.0, 1.0) AS score "  # noqa: S608
            "FROM rules_search_fts JOIN rules_searchdocument d ON d.id = rules_search_fts.rowid "
            f"WHERE rules_search_fts MATCH %s AND {where} "
            "ORDER BY score DESC, d.id LIMIT %s"
        )
        arguments = [match, *params, limit]
    # {where} above is one of two constant strings; every value is a query parameter.
    with connection.cursor() as cursor:
        cursor.execute(sql, arguments)
        return [(RankedDocument(*row[:-1]), float(row[-1])) for row in cursor.fetchall()]


def _hit(document: SearchDocument | RankedDocument, *, snippet: SafeString, score: float) -> SearchHit:
    return SearchHit(
        edition=document.edition,
        number=document.number,
        title=document.title,
        snippet=snippet,
        url=document.url,
        score=score,
        kind=str(document.kind),
        language=document.language,
    )


def _number_hits(number: str, *, language: str, edition: str | None, limit: int) -> list[SearchHit]:
    """A query that is a number: that article, then the paragraphs under it, in book order."""
    slug = edition or getattr(Edition.current(), "slug", "")
    documents = (
        SearchDocument.objects.filter(kind=SearchDocumentKind.ARTICLE, language=language, edition=slug)
        .filter(Q(number=number) | Q(number__startswith=f"{number}."))
        .order_by("article__order")[:limit]
    )
    return [
        _hit(document, snippet=highlight(document.body, []),
             score=1000.0 if document.number == number else 500.0)
        for document in documents
    ]


def search(
    query: str, *, language: str = "fr", edition: str | None = None, limit: int = 20
) -> list[SearchHit]:
    """Ranked hits for ``query`` among the articles of ``edition`` (default: the edition in
    force, plus the rest of the Livre) in ``language``. A query that is an article number
    ("9.2", "art. A.4") finds that article and the paragraphs under it."""
    language = language if language in ("fr", "en") else "fr"
    number = number_in_query(query)
    if number is not None:
        hits = _number_hits(number, language=language, edition=edition, limit=limit)
        if hits:
            return _with_context(hits, language)
    terms = query_terms(query)
    if not terms:
        return []
    significant = [term for term in terms if len(term) > 1 and term not in STOPWORDS] or terms
    candidates = max(limit, MIN_CANDIDATES)
    scope = {"language": language, "edition": edition, "limit": candidates}
    ranked = _ranked_documents(significant, any_term=False, **scope)
    if not ranked and len(significant) > 1:
        ranked = _ranked_documents(significant, any_term=True, **scope)
    ranked = _rerank(ranked, significant, language=language, words=terms)[:limit]
    hits = [
        _hit(document, snippet=highlight(document.body, significant), score=score)
        for document, score in ranked
    ]
    return _with_context(hits, language)


def glossary_articles(terms: list[str], *, language: str) -> set[tuple[str, str]]:
    """(edition, number) of the articles the glossary cites for a term made of these words
    ("roque" → 3.8.2, "adoube" → 4.2.1 through "j'adoube")."""
    wanted = set(terms)
    found: set[tuple[str, str]] = set()
    for words, edition, articles in _glossary_words(language):
        if wanted <= words:
            found.update((edition, number) for number in articles)
    return found


def _glossary_words(language: str) -> list[tuple[frozenset[str], str, tuple[str, ...]]]:
    """(folded words of the term, edition, articles) of every glossary term: read and folded
    once until the rulebook changes, not on every search."""
    from rules.rulebook_cache import cached_value

    def compute() -> list[tuple[frozenset[str], str, tuple[str, ...]]]:
        rows = GlossaryTerm.objects.values_list("term_fr", "term_en", "articles", "edition")
        return [
            (frozenset(_WORD.findall(fold(term_en if language == "en" and term_en else term_fr))),
             edition, tuple(articles))
            for term_fr, term_en, articles, edition in rows
        ]

    return cached_value("glossary-words", language, compute=compute)  # type: ignore[return-value]


def _defines(document: SearchDocument | RankedDocument, defining: set[tuple[str, str]]) -> bool:
    """Whether the document is one of ``defining`` or lies under one (9.2.1 under 9.2)."""
    parts = document.number.split(".")
    return any((document.edition, ".".join(parts[:size])) in defining for size in range(len(parts), 0, -1))


def _rerank(ranked: list, terms: list[str], *, language: str, words: list[str] = ()) -> list:
    """The articles the glossary or a common name ("triple répétition") gives for the query
    first, then the documents holding the words as typed (not only words they begin:
    "adoube" before "adouber"), then the database's order. bm25 alone puts a long paragraph
    that repeats a word (Chess960 castling) before the short one that defines it (3.8.2)."""
    defining = glossary_articles(terms, language=language) | synonym_articles(words or terms)
    whole = [re.compile(r"(?<![^\W_])" + re.escape(term) + r"(?![^\W_])") for term in terms]

    def key(item: tuple) -> tuple:
        document, score = item
        folded = fold_in_place(document.body)
        return (
            not _defines(document, defining),
            -sum(1 for pattern in whole if pattern.search(folded)),
            -score,
        )

    return sorted(ranked, key=key)


def _with_context(hits: list[SearchHit], language: str) -> list[SearchHit]:
    """Name the top-level article of each paragraph, in one query."""
    paragraphs = [hit for hit in hits if hit.kind == "article" and "." in hit.number]
    tops = {(hit.edition, hit.number.split(".")[0]) for hit in paragraphs}
    if not tops:
        return hits
    headings = {
        (slug, number): (english if language == "en" and english else french)
        for slug, number, french, english in Article.objects.filter(
            edition__slug__in={slug for slug, _ in tops}, number__in={number for _, number in tops}
        ).values_list("edition__slug", "number", "heading_fr", "heading_en")
    }
    return [
        replace(hit, context=headings.get((hit.edition, hit.number.split(".")[0]), ""))
        if hit.kind == "article" and "." in hit.number
        else hit
        for hit in hits
    ]
