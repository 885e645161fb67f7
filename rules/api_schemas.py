"""The shapes of the rulebook API's answers (django-ninja turns them into the OpenAPI
document at /api/openapi.json and checks every answer against them)."""

from __future__ import annotations

import datetime
from typing import Annotated, Literal

from ninja import Schema
from pydantic import Field, StringConstraints

from rules.models import EDITION_SLUG_RE, NUMBER_PATTERN
from rules.search import MAX_QUERY_LENGTH

MAX_LIMIT = 50
EditionSlug = Annotated[str, StringConstraints(pattern=rf"^{EDITION_SLUG_RE.pattern}$")]
ArticleNumber = Annotated[str, StringConstraints(pattern=rf"^{NUMBER_PATTERN}$")]
Language = Literal["fr", "en"]


class Bilingual(Schema):
    fr: str
    en: str


class RuleEdition(Schema):
    slug: str = Field(examples=["2018"])
    title: Bilingual
    year: int
    adopted: datetime.date | None
    in_force: datetime.date | None
    languages: list[Language]
    complete: bool
    url: str


class RuleEditions(Schema):
    editions: list[RuleEdition] = Field(description="All editions, newest first.")


class Commentary(Schema):
    fr: str
    en: str
    en_is_unofficial: bool = Field(
        description="The English of the FIDE commentary is our unofficial translation."
    )


class ArticleVersion(Schema):
    edition: str
    number: str
    text: Bilingual
    found_by: Literal["correspondence", "same-number"]


class ArticleChange(Schema):
    old_edition: str
    old_number: str
    new_edition: str
    new_number: str
    kind: Literal["new", "reworded", "split", "renumbered", "deleted"]
    note: Bilingual


class RuleArticle(Schema):
    number: str
    printed: str
    edition: str
    kind: Literal["preface", "part", "article", "paragraph"]
    parent: str | None
    children: list[str]
    heading: Bilingual
    text: Bilingual
    commentary: Commentary
    notes: Bilingual
    exam_units: list[Literal["UVR", "UVC", "UVO", "UVT"]]
    references: list[str] = Field(description="Numbers of the articles this one refers to.")
    diagrams: list[str]
    url: str
    history: list[ArticleVersion]
    changes: list[ArticleChange] = Field(description="The changes (BAF 144 and later) that concern it.")


class SearchParameters(Schema):
    q: Annotated[str, StringConstraints(min_length=1, max_length=MAX_QUERY_LENGTH)] = Field(
        description="The text searched for: accent- and case-insensitive, every word matched as a prefix."
    )
    lang: Language = "fr"
    edition: EditionSlug | None = Field(
        None, description="Only this edition's articles (default: the edition in force and the Livre)."
    )
    limit: int = Field(20, ge=1, le=MAX_LIMIT)


class SearchResult(Schema):
    best: bool = Field(False, description="A rule a common name in the query stands for, listed first.")
    kind: Literal["article", "section"]
    edition: str | None
    number: str
    title: str
    context: str = Field(description="Heading of the top-level article.")
    snippet: str = Field(description="HTML, the matches in <mark>.")
    url: str
    score: float


class RuleSearch(Schema):
    query: str
    lang: Language
    results_lang: Language = Field(
        description="The language of the results: the other one when this one's text holds no hit."
    )
    edition: str | None
    results: list[SearchResult]
