"""The public, read-only JSON API of the rulebook (mounted at /api/rules/).

Errors are ``{"error": {"field": …, "message": …}}`` (400 for bad parameters, 404 for
unknown editions and articles, with the closest article numbers as ``suggestions``).
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from functools import wraps

from django.http import HttpRequest, JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.vary import vary_on_headers

from config.api import error_response, method_not_allowed
from rules.history import article_history, related_changes
from rules.models import Article, Edition
from rules.search import MAX_QUERY_LENGTH, query_param, search
from rules.templatetags.rules_tags import _NUMBER_RE, CROSS_REFERENCE, linkable_numbers

MAX_LIMIT = 50


def read_only(view: Callable[..., JsonResponse]) -> Callable[..., JsonResponse]:
    """GET and HEAD only; anything else is a JSON 405, not Django's HTML pages. The API
    never writes, so it needs no CSRF token (a POST would otherwise get an HTML 403)."""

    @csrf_exempt
    @wraps(view)
    def wrapper(request: HttpRequest, *args, **kwargs) -> JsonResponse:
        if request.method not in ("GET", "HEAD"):
            return method_not_allowed(
                _("La méthode %(method)s n'est pas permise : l'API des règles est en lecture seule (GET).")
                % {"method": request.method},
                allowed=["GET", "HEAD"],
            )
        return view(request, *args, **kwargs)

    return wrapper


def _json(data: object) -> JsonResponse:
    return JsonResponse(data, safe=False, json_dumps_params={"ensure_ascii": False})


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


@read_only
@cache_control(max_age=300, public=True)
def editions(request: HttpRequest) -> JsonResponse:
    return _json({"editions": [edition_to_dict(edition) for edition in Edition.objects.all()]})


@read_only
@cache_control(max_age=300, public=True)
def article(request: HttpRequest, edition: str, number: str) -> JsonResponse:
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
    children = list(found.children.order_by("order").values_list("number", flat=True))
    data = {
        "number": found.number,
        "printed": found.printed,
        "edition": edition_obj.slug,
        "kind": found.kind,
        "parent": found.parent.number if found.parent_id else None,
        "children": children,
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
    return _json(data)


@read_only
@cache_control(max_age=60, public=True)
@vary_on_headers("Accept-Language")
def search_api(request: HttpRequest) -> JsonResponse:
    query = query_param(request, "q", "").strip()
    if not query:
        return error_response("q", _("Le paramètre « q » (texte recherché) est obligatoire."), status=400)
    if len(query) > MAX_QUERY_LENGTH:
        return error_response(
            "q", _("La recherche est limitée à %(max)d caractères.") % {"max": MAX_QUERY_LENGTH}, status=400
        )
    language = query_param(request, "lang", "fr")
    if language not in ("fr", "en"):
        return error_response("lang", _("« lang » doit valoir « fr » ou « en »."), status=400)
    edition = request.GET.get("edition") or None
    if edition is not None and not Edition.is_known(edition):
        message = _("Édition inconnue : %(edition)s.") % {"edition": edition}
        return error_response("edition", message, status=400)
    raw_limit = query_param(request, "limit", "20")
    try:
        limit = int(raw_limit)
    except ValueError:
        limit = 0
    if not 1 <= limit <= MAX_LIMIT:
        return error_response(
            "limit", _("« limit » doit être un entier entre 1 et %(max)d.") % {"max": MAX_LIMIT}, status=400
        )
    hits = search(query, language=language, edition=edition, limit=limit)
    return _json({"query": query, "lang": language, "edition": edition,
                  "results": [hit.to_dict() for hit in hits]})


_ARTICLE_REF = {"application/json": {"schema": {"$ref": "#/components/schemas/RuleArticle"}}}
_SEARCH_REF = {"application/json": {"schema": {"$ref": "#/components/schemas/RuleSearch"}}}
_UNITS = ["UVR", "UVC", "UVO", "UVT"]
_ERROR = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
_NOT_FOUND = {
    "description": "Unknown edition or article; `suggestions` lists the closest numbers.",
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RulesNotFound"}}},
}
_BILINGUAL = {
    "type": "object",
    "properties": {"fr": {"type": "string"}, "en": {"type": "string"}},
    "required": ["fr", "en"],
}

OPENAPI_PATHS = {
    "/rules/editions": {
        "get": {
            "summary": "Editions of the FIDE Laws of Chess",
            "operationId": "listRuleEditions",
            "tags": ["rules"],
            "responses": {
                "200": {
                    "description": "All editions, newest first.",
                    "content": {"application/json": {"schema": {
                        "type": "object",
                        "properties": {"editions": {"type": "array",
                                                    "items": {"$ref": "#/components/schemas/RuleEdition"}}},
                    }}},
                }
            },
        }
    },
    "/rules/{edition}/articles/{number}": {
        "get": {
            "summary": "One article of an edition, in both languages, with its history",
            "operationId": "getRuleArticle",
            "tags": ["rules"],
            "parameters": [
                {"name": "edition", "in": "path", "required": True, "schema": {"type": "string"},
                 "example": "2018"},
                {"name": "number", "in": "path", "required": True, "schema": {"type": "string"},
                 "description": "Normalised article number (9.2.2, A.4, III.4).", "example": "9.2.2"},
            ],
            "responses": {
                "200": {"description": "The article.", "content": _ARTICLE_REF},
                "404": _NOT_FOUND,
            },
        }
    },
    "/rules/search": {
        "get": {
            "summary": "Full-text search in the Laws and the Livre de l'Arbitre",
            "description": "Accent- and case-insensitive; every word is matched as a prefix. "
                           "A query that is an article number returns that article first.",
            "operationId": "searchRules",
            "tags": ["rules"],
            "parameters": [
                {"name": "q", "in": "query", "required": True,
                 "schema": {"type": "string", "maxLength": 200}},
                {"name": "lang", "in": "query",
                 "schema": {"type": "string", "enum": ["fr", "en"], "default": "fr"}},
                {"name": "edition", "in": "query", "schema": {"type": "string"},
                 "description": "Only this edition's articles "
                                "(default: the edition in force and the Livre)."},
                {"name": "limit", "in": "query",
                 "schema": {"type": "integer", "minimum": 1, "maximum": MAX_LIMIT, "default": 20}},
            ],
            "responses": {
                "200": {"description": "Ranked results.", "content": _SEARCH_REF},
                "400": {"description": "A parameter is missing or invalid.", "content": _ERROR},
            },
        }
    },
}

OPENAPI_SCHEMAS = {
    "RuleEdition": {
        "type": "object",
        "required": ["slug", "title", "year", "languages", "complete"],
        "properties": {
            "slug": {"type": "string", "example": "2018"},
            "title": _BILINGUAL,
            "year": {"type": "integer"},
            "adopted": {"type": ["string", "null"], "format": "date"},
            "in_force": {"type": ["string", "null"], "format": "date"},
            "languages": {"type": "array", "items": {"type": "string", "enum": ["fr", "en"]}},
            "complete": {"type": "boolean"},
            "url": {"type": "string"},
        },
    },
    "RuleArticle": {
        "type": "object",
        "required": [
            "number", "edition", "heading", "text", "commentary", "exam_units", "references", "history",
        ],
        "properties": {
            "number": {"type": "string"},
            "printed": {"type": "string"},
            "edition": {"type": "string"},
            "kind": {"type": "string", "enum": ["preface", "part", "article", "paragraph"]},
            "parent": {"type": ["string", "null"]},
            "children": {"type": "array", "items": {"type": "string"}},
            "heading": _BILINGUAL,
            "text": _BILINGUAL,
            "commentary": {
                "type": "object",
                "description": "FIDE commentary; the English is our unofficial translation.",
                "properties": {"fr": {"type": "string"}, "en": {"type": "string"},
                               "en_is_unofficial": {"type": "boolean"}},
            },
            "notes": _BILINGUAL,
            "exam_units": {"type": "array", "items": {"type": "string", "enum": _UNITS}},
            "references": {"type": "array", "items": {"type": "string"},
                           "description": "Numbers of the articles this one refers to."},
            "diagrams": {"type": "array", "items": {"type": "string"}},
            "url": {"type": "string"},
            "history": {"type": "array", "items": {"type": "object", "properties": {
                "edition": {"type": "string"}, "number": {"type": "string"}, "text": _BILINGUAL,
                "found_by": {"type": "string", "enum": ["correspondence", "same-number"]},
            }}},
            "changes": {"type": "array", "items": {"type": "object", "properties": {
                "old_edition": {"type": "string"}, "old_number": {"type": "string"},
                "new_edition": {"type": "string"}, "new_number": {"type": "string"},
                "kind": {"type": "string", "enum": ["new", "reworded", "split", "renumbered", "deleted"]},
                "note": _BILINGUAL,
            }}},
        },
    },
    "RuleSearch": {
        "type": "object",
        "properties": {
            "query": {"type": "string"},
            "lang": {"type": "string"},
            "edition": {"type": ["string", "null"]},
            "results": {"type": "array", "items": {"type": "object", "properties": {
                "kind": {"type": "string", "enum": ["article", "section"]},
                "edition": {"type": ["string", "null"]},
                "number": {"type": "string"},
                "title": {"type": "string"},
                "context": {"type": "string", "description": "Heading of the top-level article."},
                "snippet": {"type": "string", "description": "HTML, matches in <mark>."},
                "url": {"type": "string"},
                "score": {"type": "number"},
            }}},
        },
    },
    "RulesNotFound": {
        "type": "object",
        "required": ["error"],
        "properties": {"error": {"type": "object", "required": ["field", "message"], "properties": {
            "field": {"type": "string"},
            "message": {"type": "string"},
            "suggestions": {"type": "array", "items": {"type": "string"}},
        }}},
    },
}


@read_only
def not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Any other address under /api/rules/: a JSON 404 (API clients never get an HTML page)."""
    return error_response(
        None,
        _("Adresse inconnue : %(path)s. Les adresses de l'API sont décrites dans /api/openapi.json.")
        % {"path": request.path},
        status=404,
    )


# Every rules operation answers other methods with a JSON 405 (see ``read_only``).
for _operations in OPENAPI_PATHS.values():
    _operations["get"]["responses"]["405"] = {
        "description": "Only GET and HEAD are allowed (the API is read-only); `Allow` lists them.",
        "content": _ERROR,
    }
