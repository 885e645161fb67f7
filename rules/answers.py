"""What the search page shows around the text hits: the rules a common name stands for
("threefold" → 9.2, the "best answer"), the places a number names (the Laws' 6.9 and the
Livre's chapter 6.9), and the other language's hits when this one has none."""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace

from django.db.models import Q, TextField
from django.db.models.functions import Cast
from django.urls import reverse
from django.utils.safestring import SafeString

from rules.models import Article, Chapter, Edition, GlossaryTerm, Section, in_language
from rules.search import (
    STOPWORDS,
    SearchHit,
    highlight,
    number_in_query,
    query_terms,
    resolve_number_query,
    search,
)
from rules.synonyms import matching_synonyms

_FIDE_CODE = re.compile(r"^[A-H]\.\d{2}(?:\.[0-9A-Za-z]{1,2})*$")


@dataclass(frozen=True)
class RuleLink:
    """An article, or a group of paragraphs the book prints no text for (9.2)."""

    edition: str
    number: str
    title: str  # the heading, or the first words of the text
    context: str  # the heading of the top-level article ("La partie nulle" for 9.2)
    url: str
    text: str = ""  # the text (of the first paragraph, for a group), for a snippet
    snippet: SafeString | str = ""  # the text around the query's words (highlight())


@dataclass(frozen=True)
class BestAnswer:
    name: str  # the common name the query matched
    term: str  # the glossary term, in the interface language first
    definition: str
    glossary_url: str
    rules: list[RuleLink]


@dataclass(frozen=True)
class Place:
    """Where a number leads: an article of the Laws or a part of the Livre."""

    kind: str  # "law" or "livre"
    number: str
    title: str
    url: str


@dataclass
class SearchPage:
    hits: list[SearchHit] = field(default_factory=list)  # the text hits, best answers left out
    answers: list[BestAnswer] = field(default_factory=list)
    places: list[Place] = field(default_factory=list)
    hits_language: str = ""  # the language of the hits, when it is not the one asked for
    # Everything in the order the page shows it: the best answers' rules, then the text hits.
    # The API returns this list, so the page and the API always agree.
    results: list[SearchHit] = field(default_factory=list)


def describe_rules(edition: str, numbers: list[str], *, language: str) -> list[RuleLink]:
    """Links to these articles of ``edition``, in the given order; a group is described by
    its first paragraph. Two queries at most."""
    tops = {number.split(".")[0] for number in numbers}
    articles = {
        article.number: article
        for article in Article.objects.filter(edition__slug=edition, number__in=[*numbers, *tops])
    }
    groups = [number for number in numbers if number not in articles]
    first_members: dict[str, Article] = {}
    if groups:
        condition = Q()
        for number in groups:
            condition |= Q(number__startswith=f"{number}.")
        for member in Article.objects.filter(condition, edition__slug=edition).order_by("order"):
            for number in groups:
                if member.number.startswith(f"{number}.") and number not in first_members:
                    first_members[number] = member
    links = []
    for number in numbers:
        article = articles.get(number) or first_members.get(number)
        if article is None:
            continue
        top = articles.get(number.split(".")[0])
        context = top.summary(language) if top is not None and top.number != number else ""
        links.append(RuleLink(
            edition=edition,
            number=number,
            title=article.summary(language, words=16),
            context=context,
            url=reverse("rules:article", kwargs={"edition": edition, "number": number}),
            text=in_language(article, "text", language),
        ))
    return links


def best_answers(query: str, *, language: str, edition: str | None = None) -> list[BestAnswer]:
    """The rules the common names in the query stand for, with their glossary term; with
    an ``edition`` chosen, only the names given for that edition's numbering."""
    if number_in_query(query) is not None:
        return []
    matches = matching_synonyms(query_terms(query))
    if edition:
        matches = [match for match in matches if match.synonym.edition == edition]
    if not matches:
        return []
    terms = GlossaryTerm.objects.in_bulk(
        [match.synonym.glossary_key for match in matches if match.synonym.glossary_key], field_name="key"
    )
    words = [term for term in query_terms(query) if len(term) > 1 and term not in STOPWORDS]
    answers = []
    for match in matches:
        term = terms.get(match.synonym.glossary_key)
        rules = describe_rules(match.synonym.edition, list(match.synonym.articles), language=language)
        answers.append(BestAnswer(
            name=match.name,
            term=in_language(term, "term", language) if term else "",
            definition=in_language(term, "definition", language) if term else "",
            glossary_url=f"{reverse('rules:glossary')}#{term.key}" if term else "",
            rules=[replace(rule, snippet=highlight(rule.text, words)) for rule in rules],
        ))
    return answers


def _livre_code(code: str) -> Place | None:
    """The part of the Livre a FIDE handbook number names: a section headed "C.04.1 …", or
    a paragraph of the Swiss rules numbered "C.04.3.A.6" (or the first one under it)."""
    for section in Section.objects.filter(heading__istartswith=code).select_related("chapter"):
        rest = section.heading[len(code):]
        if not rest[:1].isalnum() and not rest.startswith("."):
            return Place(kind="livre", number=code, title=section.heading, url=section.get_absolute_url())
    # Only the sections whose stored blocks mention the code are read and scanned.
    sections = (
        Section.objects.annotate(raw=Cast("blocks", TextField())).filter(raw__icontains=code)
        .select_related("chapter").order_by("chapter__order", "order")
    )
    for section in sections:
        for block in section.blocks:
            number = block.get("number", "") if block.get("type") == "bilingual" else ""
            if number.upper() == code.upper() or number.upper().startswith(f"{code.upper()}."):
                title = f"{section.chapter.number} {section.chapter.title}"
                return Place(kind="livre", number=number, title=title,
                             url=f"{section.chapter.get_absolute_url()}#{number}")
    return None


def places_for_number(query: str, *, edition: str | None, language: str) -> list[Place]:
    """Everything a number names: the article of the Laws (of ``edition``, the edition in
    force by default) and, when no edition is chosen, the Livre's chapter or FIDE section."""
    number = number_in_query(query)
    if number is None:
        return []
    places = []
    law_url = resolve_number_query(query, edition=edition)
    if law_url is not None:
        slug = edition or Edition.current().slug
        links = describe_rules(slug, [number], language=language)
        title = links[0].title if links else ""
        places.append(Place(kind="law", number=number, title=title, url=law_url))
    if edition:
        return places
    chapter = Chapter.objects.filter(number=number).first()
    if chapter is not None:
        places.append(Place(kind="livre", number=chapter.number, title=chapter.title,
                            url=chapter.get_absolute_url()))
    elif _FIDE_CODE.match(number):
        place = _livre_code(number)
        if place is not None:
            places.append(place)
    return places


def search_page(
    query: str, *, language: str, edition: str | None, limit: int = 30, places: list[Place] | None = None
) -> SearchPage:
    """Everything the search page shows for ``query`` (``places``: already looked up)."""
    page = SearchPage()
    if not query:
        return page
    if places is None:
        places = places_for_number(query, edition=edition, language=language)
    page.places = places
    if page.places and not any(place.kind == "law" for place in page.places):
        return page  # a number of the Livre only: its words ("c", "04") would find noise
    page.answers = best_answers(query, language=language, edition=edition)
    hits = search(query, language=language, edition=edition, limit=limit)
    if not hits and number_in_query(query) is None:
        other = "en" if language == "fr" else "fr"
        hits = search(query, language=other, edition=edition, limit=limit)
        page.hits_language = other if hits else ""
    best = _best_answer_hits(page.answers, language=language)
    shown = {(hit.edition, hit.number) for hit in best}
    page.hits = [hit for hit in hits if (hit.edition, hit.number) not in shown]
    page.results = [*best, *page.hits]
    return page


# Above any text hit's score, and above a number's own article (1000).
BEST_ANSWER_SCORE = 2000.0


def _best_answer_hits(answers: list[BestAnswer], *, language: str) -> list[SearchHit]:
    """The best answers' rules as hits, each once, in the order the page lists them."""
    hits: dict[tuple[str, str], SearchHit] = {}
    for answer in answers:
        for rule in answer.rules:
            hits.setdefault((rule.edition, rule.number), SearchHit(
                edition=rule.edition,
                number=rule.number,
                title=rule.title,
                snippet=rule.snippet,  # a SafeString from highlight()
                url=rule.url,
                score=BEST_ANSWER_SCORE,
                kind="article",
                language=language,
                context=rule.context,
                best=True,
            ))
    return list(hits.values())
