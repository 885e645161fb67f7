"""The public, read-only JSON API of the rulebook (mounted at /api/rules/ by
config/api_urls.py).

Errors are ``{"error": {"field": …, "message": …}}`` (400 for bad parameters, 404 for
unknown editions and articles, with the closest article numbers as ``suggestions``).
"""

from __future__ import annotations

import difflib

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control, patch_vary_headers
from django.utils.translation import gettext as _
from ninja import Path, Query, Router

from config.api import COMMON_ERRORS, Error, error_response
from rules.answers import search_page
from rules.api_schemas import (
    ArticleNumber,
    EditionSlug,
    RuleArticle,
    RuleEditions,
    RuleSearch,
    SearchParameters,
)
from rules.history import article_history, related_changes
from rules.models import Article, Edition
from rules.templatetags.rules_tags import _NUMBER_RE, CROSS_REFERENCE, linkable_numbers

router = Router(tags=["rules"])


def read_only(path: str, **options):
    """A GET operation that answers HEAD as well (HEAD stays out of the document: it is
    GET without the body)."""

    def register(view):
        router.add_api_operation(path, ["HEAD"], view, include_in_schema=False, response=options["response"])
        return router.get(path, **options)(view)

    return register


def closest_numbers(edition: Edition, number: str, *, limit: int = 5) -> list[str]:
    """Article numbers of ``edition`` that look most like ``number``: the paragraphs under
    it, then its closest existing parent, then numbers spelt alike."""
    numbers = list(edition.articles.order_by("order").values_list("number", flat=True))
    ancestors = []
    parts = number.split(".")
    for length in range(len(parts) - 1, 0, -1):
        candidate = ".".join(parts[:length])
        if candidate in numbers:
            ancestors.append(candidate)
            break
    children = [candidate for candidate in numbers if candidate.startswith(f"{number}.")]
    close = difflib.get_close_matches(number, numbers, n=limit, cutoff=0.6)
    return list(dict.fromkeys([*children, *ancestors, *close]))[:limit]


def edition_to_dict(edition: Edition) -> dict:
    return {
        "slug": edition.slug,
        "title": {"fr": edition.title_fr, "en": edition.title_en},
        "year": edition.year,
        "adopted": edition.adopted.isoformat() if edition.adopted else None,
        "in_force": edition.in_force.isoformat() if edition.in_force else None,
        "languages": edition.languages,
        "complete": edition.complete,
        "url": edition.get_absolute_url(),
    }


def referenced_numbers(article: Article, numbers: set[str]) -> list[str]:
    found: list[str] = []
    for field in ("text_fr", "text_en", "commentary_fr", "commentary_en"):
        for match in CROSS_REFERENCE.finditer(getattr(article, field)):
            for number in _NUMBER_RE.findall(match.group("refs")):
                if number in numbers and number != article.number and number not in found:
                    found.append(number)
    return found


@read_only("/editions", response={200: RuleEditions, **COMMON_ERRORS}, operation_id="listRuleEditions",
           summary="Editions of the FIDE Laws of Chess")
def editions(request: HttpRequest, response: HttpResponse) -> dict:
    patch_cache_control(response, max_age=300, public=True)
    return {"editions": [edition_to_dict(edition) for edition in Edition.objects.all()]}


@read_only(
    "/{slug:edition}/articles/{number:number}",
    response={200: RuleArticle, **COMMON_ERRORS, 400: Error},
    operation_id="getRuleArticle",
    summary="One article of an edition, in both languages, with its history",
    description="An unknown edition or article is a 404 whose `suggestions` lists the closest numbers.",
)
def article(
    request: HttpRequest,
    response: HttpResponse,
    edition: Path[EditionSlug],
    number: Path[ArticleNumber],
) -> dict | JsonResponse:
    patch_cache_control(response, max_age=300, public=True)
    edition_obj = Edition.objects.filter(slug=edition).first()
    if edition_obj is None:
        return error_response(
            "edition", _("Édition inconnue : %(edition)s.") % {"edition": edition}, status=404,
            suggestions=list(Edition.objects.values_list("slug", flat=True)),
        )
    found = Article.objects.resolve(edition, number)
    if found is None:
        return error_response(
            "number",
            _("Pas d'article %(number)s dans l'édition %(edition)s.")
            % {"number": number, "edition": edition},
            status=404,
            suggestions=closest_numbers(edition_obj, number),
        )
    numbers = linkable_numbers(edition_obj.slug)
    versions = article_history(found)
    return {
        "number": found.number,
        "printed": found.printed,
        "edition": edition_obj.slug,
        "kind": found.kind,
        "parent": found.parent.number if found.parent_id else None,
        "children": list(found.children.order_by("order").values_list("number", flat=True)),
        "heading": {"fr": found.heading_fr, "en": found.heading_en},
        "text": {"fr": found.text_fr, "en": found.text_en},
        "commentary": {"fr": found.commentary_fr, "en": found.commentary_en, "en_is_unofficial": True},
        "notes": {"fr": found.notes_fr, "en": found.notes_en},
        "exam_units": found.exam_units(),
        "references": referenced_numbers(found, numbers),
        "diagrams": found.diagram_keys,
        "url": found.get_absolute_url(),
        "history": [
            {
                "edition": version.edition.slug,
                "number": version.article.number,
                "text": {"fr": version.article.text_fr, "en": version.article.text_en},
                "found_by": version.via,
            }
            for version in versions
            if version.article is not None and version.article.pk != found.pk
        ],
        "changes": [
            {
                "old_edition": change.old_edition,
                "old_number": change.old_number,
                "new_edition": change.new_edition,
                "new_number": change.new_number,
                "kind": change.kind,
                "note": {"fr": change.note_fr, "en": change.note_en},
            }
            for change in related_changes(versions)
        ],
    }


@read_only(
    "/search",
    response={200: RuleSearch, 400: Error, **COMMON_ERRORS},
    operation_id="searchRules",
    summary="Full-text search in the Laws and the Livre de l'Arbitre",
    description="Accent- and case-insensitive; every word is matched as a prefix. A query that is an "
    "article number returns that article first. An unknown `edition` is a 400 on that field.",
)
def search_api(
    request: HttpRequest, response: HttpResponse, parameters: Query[SearchParameters]
) -> dict | JsonResponse:
    patch_cache_control(response, max_age=60, public=True)
    patch_vary_headers(response, ["Accept-Language"])
    # PostgreSQL refuses NUL characters in any string.
    query = parameters.q.replace("\x00", "").strip()
    if parameters.edition is not None and not Edition.is_known(parameters.edition):
        message = _("Édition inconnue : %(edition)s.") % {"edition": parameters.edition}
        return error_response("edition", message, status=400)
    # The search page's own search: same common names, ranking, editions and fallback to
    # the other language, so both list the same rules in the same order.
    page = search_page(query, language=parameters.lang, edition=parameters.edition, limit=parameters.limit)
    return {"query": query, "lang": parameters.lang, "edition": parameters.edition,
            "results_lang": page.hits_language or parameters.lang,
            "results": [hit.to_dict() for hit in page.results[:parameters.limit]]}
