"""Reading the rulebook: public pages, server-rendered, htmx fragments where useful."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from rules.answers import places_for_number, search_page
from rules.api import closest_numbers
from rules.editions import compare_articles, edition_as_items, previous_edition
from rules.history import ParagraphHistory, article_history, group_history, related_changes
from rules.models import (
    Article,
    ArticleKind,
    Change,
    Chapter,
    Correspondence,
    Diagram,
    Edition,
    GlossaryTerm,
    fold,
    normalise_number,
)
from rules.permissions import can_manage_rulebook
from rules.rulebook_cache import cached_fragment
from rules.search import MAX_QUERY_LENGTH, number_in_query, query_param

SHOW_CHOICES = ("both", "fr", "en")


def _show(request: HttpRequest, edition: Edition) -> str:
    """Which language column(s) to show: ?show=both|fr|en, both by default when there are two."""
    default = "both" if edition.bilingual else (edition.languages[0] if edition.languages else "fr")
    value = request.GET.get("show", default)
    if value == "both":
        return value if edition.bilingual else default
    return value if value in SHOW_CHOICES and value in edition.languages else default


def _languages(show: str) -> list[str]:
    return ["fr", "en"] if show == "both" else [show]


def _ui_language() -> str:
    return (get_language() or "fr")[:2]


@require_safe
def index(request: HttpRequest) -> HttpResponse:
    context = {
        "editions": Edition.objects.all(),
        "current": Edition.current(),
        "chapters": Chapter.objects.all(),
        "can_manage": can_manage_rulebook(request.user),
    }
    return render(request, "rules/index.html", context)


@dataclass
class TocEntry:
    """A top-level entry of an edition's table of contents and the paragraphs under it."""

    article: Article
    paragraphs: list[tuple[Article, str, int]] = field(default_factory=list)  # (article, summary, depth)


def table_of_contents(edition: Edition, *, language: str) -> list[TocEntry]:
    """The edition's articles folded under their top-level entry (preface, part, article),
    each paragraph named by its first words: 2018's paragraphs have no heading."""
    entries: list[TocEntry] = []
    articles = edition.articles.only(
        "edition", "number", "printed", "kind", "heading_fr", "heading_en", "text_fr", "text_en", "order"
    )
    for article in articles:
        if article.kind != ArticleKind.PARAGRAPH or not entries:
            entries.append(TocEntry(article=article))
        else:
            depth = min(article.number.count("."), 4)
            entries[-1].paragraphs.append((article, article.summary(language, words=10), depth))
    return entries


@require_safe
def edition_detail(request: HttpRequest, edition: str) -> HttpResponse:
    edition_obj = get_object_or_404(Edition, slug=edition)
    language = _ui_language()
    # Some 400 links, each named by its first words: built once per edition and language.
    toc = cached_fragment("toc", edition_obj.slug, language, render=lambda: render_to_string(
        "rules/_edition_toc.html", {"entries": table_of_contents(edition_obj, language=language)}
    ))
    context = {"edition": edition_obj, "toc": toc,
               "previous": previous_edition(year=edition_obj.year, exclude=edition_obj.slug)}
    return render(request, "rules/edition.html", context)


@require_safe
def laws(request: HttpRequest, edition: str) -> HttpResponse:
    edition_obj = get_object_or_404(Edition, slug=edition)
    show = _show(request, edition_obj)
    articles = list(edition_obj.articles.all())
    keys = {key for article in articles for key in article.diagram_keys}
    diagrams = {diagram.key: diagram for diagram in Diagram.objects.filter(key__in=keys)}
    for article in articles:
        article.diagram_list = [diagrams[key] for key in article.diagram_keys if key in diagrams]
    context = {
        "edition": edition_obj,
        "articles": articles,
        "show": show,
        "languages": _languages(show),
    }
    return render(request, "rules/laws.html", context)


@require_safe
def article_detail(request: HttpRequest, edition: str, number: str) -> HttpResponse:
    article = Article.objects.resolve(edition, number)
    if article is None:
        return _article_group_or_404(request, edition, number)
    if article.number != number:
        return redirect(article, permanent=True)
    show = _show(request, article.edition)
    # The article, its paragraphs, neighbours and glossary terms change only with the rulebook.
    key = (article.edition.slug, article.number, show, _ui_language(), request.scheme, request.get_host())
    content = cached_fragment("article", *key, render=lambda: render_to_string(
        "rules/_article_page.html", _article_context(article, show), request=request
    ))
    context = {"article": article, "edition": article.edition, "diagrams": article.diagram_keys,
               "content": content}
    return render(request, "rules/article.html", context)


def _article_context(article: Article, show: str) -> dict:
    # label and get_absolute_url read kind and edition: leaving them out costs a query each.
    siblings = article.edition.articles.only(
        "edition", "number", "printed", "kind", "order", "heading_fr", "heading_en"
    )
    previous = siblings.filter(order__lt=article.order).order_by("-order").first()
    following = siblings.filter(order__gt=article.order).order_by("order").first()
    descendants = article.edition.articles.filter(number__startswith=f"{article.number}.").order_by("order")
    top_number = article.number.split(".")[0]
    top = siblings.filter(number=top_number).first() if top_number != article.number else None
    return {
        "article": article,
        "top": top,
        "edition": article.edition,
        "descendants": descendants,
        "previous": previous,
        "following": following,
        "show": show,
        "languages": _languages(show),
        "diagrams": article.diagrams(),
        "glossary": [
            term for term in GlossaryTerm.objects.filter(edition=article.edition.slug)
            if article.number in term.articles
        ],
    }


def _article_group_or_404(request: HttpRequest, edition: str, number: str) -> HttpResponse:
    """A number the book never prints by itself (9.2 above 9.2.1 and 9.2.2) lists the
    paragraphs under it; anything else is a 404 that suggests the closest numbers."""
    edition_obj = get_object_or_404(Edition, slug=edition)
    normalised = normalise_number(number)
    members = edition_obj.articles.filter(number__startswith=f"{normalised}.").order_by("order")
    if members.exists():
        show = _show(request, edition_obj)
        top_number = normalised.split(".")[0]
        top = edition_obj.articles.filter(number=top_number).first() if top_number != normalised else None
        context = {"edition": edition_obj, "number": normalised, "descendants": members, "show": show,
                   "languages": _languages(show), "top": top}
        return render(request, "rules/article_group.html", context)
    context = {"edition": edition_obj, "number": number, "suggestions": [
        edition_obj.articles.get(number=suggestion) for suggestion in closest_numbers(edition_obj, normalised)
    ]}
    return render(request, "rules/article_not_found.html", context, status=404)


@require_safe
@vary_on_headers("HX-Request")
def article_history_view(request: HttpRequest, edition: str, number: str) -> HttpResponse:
    article = Article.objects.resolve(edition, number)
    if article is not None:
        paragraphs = [ParagraphHistory(article=article, versions=article_history(article))]
        context = {"article": article, "number": article.name, "edition": article.edition}
    else:
        # A group the book prints no text for (9.2): the history of each paragraph under it.
        edition_obj = Edition.objects.filter(slug=edition).first() if Edition.is_known(edition) else None
        normalised = normalise_number(number)
        members = [] if edition_obj is None else list(
            edition_obj.articles.filter(number__startswith=f"{normalised}.").select_related("edition").order_by("order")
        )
        if not members:
            raise Http404(_("Pas d'article %(number)s dans l'édition %(edition)s.") % {
                "number": number, "edition": edition})
        paragraphs = group_history(members)
        group_url = reverse("rules:article", kwargs={"edition": edition_obj.slug, "number": normalised})
        context = {"article": None, "number": normalised, "edition": edition_obj, "group_url": group_url}
    versions = [version for paragraph in paragraphs for version in paragraph.versions]
    context |= {"paragraphs": paragraphs, "grouped": article is None, "changes": related_changes(versions)}
    template = "rules/history.html#history" if request.htmx else "rules/history.html"
    return render(request, template, context)


@require_safe
def edition_changes(request: HttpRequest, edition: str) -> HttpResponse:
    edition_obj = get_object_or_404(Edition, slug=edition)
    previous = previous_edition(year=edition_obj.year, exclude=edition_obj.slug)
    differences = []
    if previous is not None:
        differences = compare_articles(
            old=edition_as_items(previous), new=edition_as_items(edition_obj),
            old_complete=previous.complete, new_complete=edition_obj.complete,
        )
    context = {
        "edition": edition_obj,
        "previous": previous,
        "differences": differences,
        "partial": previous if previous is not None and not previous.complete else edition_obj,
        "correspondence_url": reverse("rules:correspondence"),
        "recorded": Change.objects.filter(new_edition=edition_obj.slug),
    }
    return render(request, "rules/changes.html", context)


@require_safe
def correspondence(request: HttpRequest) -> HttpResponse:
    """The table of article numbers across editions, one block per pair of editions."""
    rows = list(Correspondence.objects.all())
    known = set(Article.objects.values_list("edition__slug", "number"))
    years = dict(Edition.objects.values_list("slug", "year"))
    pairs: dict[tuple[str, str], list[dict]] = {}
    for row in rows:
        pairs.setdefault((row.from_edition, row.to_edition), []).append({
            "row": row,
            "from_exists": (row.from_edition, row.from_number) in known,
            "to_exists": (row.to_edition, row.to_number) in known,
        })
    ordered = sorted(pairs.items(), key=lambda item: (-years.get(item[0][1], 0), -years.get(item[0][0], 0)))
    return render(request, "rules/correspondence.html", {"pairs": ordered})


@require_safe
def edition_export(request: HttpRequest, edition: str) -> JsonResponse:
    """The edition in the upload format: the starting point for preparing the next one."""
    edition_obj = get_object_or_404(Edition, slug=edition)
    meta = {
        "slug": edition_obj.slug,
        "year": edition_obj.year,
        "title_fr": edition_obj.title_fr,
        "title_en": edition_obj.title_en,
        "adopted": edition_obj.adopted.isoformat() if edition_obj.adopted else "",
        "in_force": edition_obj.in_force.isoformat() if edition_obj.in_force else "",
        "languages": edition_obj.languages,
        "complete": edition_obj.complete,
        "source": edition_obj.source,
        "notes_fr": edition_obj.notes_fr,
        "notes_en": edition_obj.notes_en,
    }
    response = JsonResponse(
        {"edition": meta, "articles": edition_as_items(edition_obj)},
        json_dumps_params={"ensure_ascii": False, "indent": 1},
    )
    response["Content-Disposition"] = f'attachment; filename="edition-{edition_obj.slug}.json"'
    return response


@require_safe
def chapter_detail(request: HttpRequest, number: str) -> HttpResponse:
    chapter = get_object_or_404(Chapter, number=number)
    sections = list(chapter.sections.all())
    context = {
        "chapter": chapter,
        "sections": sections,
        "only_in_french": _ui_language() != "fr" and not chapter.has_english(sections),
        "previous": Chapter.objects.filter(order__lt=chapter.order).order_by("-order").first(),
        "following": Chapter.objects.filter(order__gt=chapter.order).order_by("order").first(),
    }
    return render(request, "rules/chapter.html", context)


def _initial(text: str) -> str:
    """The index letter of a term: "échec" under E; "Chess960" under C; digits under #."""
    first = fold(text.strip())[:1].upper()
    return first if "A" <= first <= "Z" else "#"


@require_safe
@vary_on_headers("HX-Request")
def glossary(request: HttpRequest) -> HttpResponse:
    """The bilingual glossary, A–Z, filtered by ?q= (any part of the term, in either
    language, accents and case ignored)."""
    language = _ui_language()
    query = query_param(request, "q").strip()[:MAX_QUERY_LENGTH]
    terms_html = ""
    if not query:
        # The whole glossary changes only with the rulebook: rendered once per language.
        terms_html = cached_fragment("glossary", language, render=lambda: render_to_string(
            "rules/glossary.html#terms", {**_glossary_context(query, language), "LANGUAGE_CODE": language}
        ))
        if request.htmx:
            return HttpResponse(terms_html)
        context = {"query": query, "terms_html": terms_html}
    else:
        context = _glossary_context(query, language)
    template = "rules/glossary.html#terms" if request.htmx else "rules/glossary.html"
    return render(request, template, context)


def _glossary_context(query: str, language: str) -> dict:
    wanted = fold(query)

    def name(term: GlossaryTerm) -> str:
        return (term.term_en if language == "en" else "") or term.term_fr

    terms = sorted(
        (term for term in GlossaryTerm.objects.all()
         if not wanted or wanted in fold(term.term_fr) or wanted in fold(term.term_en)),
        key=lambda term: fold(name(term)),
    )
    known = {
        (slug, number)
        for slug, number in Article.objects.filter(
            edition__slug__in={term.edition for term in terms}
        ).values_list("edition__slug", "number")
    }
    groups: dict[str, list[dict]] = {}
    for term in terms:
        articles = [(number, (term.edition, number) in known) for number in term.articles]
        groups.setdefault(_initial(name(term)), []).append({"term": term, "articles": articles})
    return {
        "query": query,
        "groups": sorted(groups.items(), key=lambda item: (item[0] == "#", item[0])),
        "letters": [(letter, letter in groups) for letter in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"],
        "count": len(terms),
    }


def _missing_number(query: str, *, edition: str | None) -> tuple[str, list[Article]]:
    """A query that is an article number the edition lacks ("99.9"): that number, and the
    articles whose numbers look most like it."""
    number = number_in_query(query) if query else None
    edition_obj = Edition.objects.filter(slug=edition).first() if edition else Edition.current()
    if number is None or edition_obj is None:
        return "", []
    suggestions = closest_numbers(edition_obj, number)
    by_number = {article.number: article for article in edition_obj.articles.filter(number__in=suggestions)}
    return number, [by_number[found] for found in suggestions if found in by_number]


@require_safe
@vary_on_headers("HX-Request")
def search_view(request: HttpRequest) -> HttpResponse:
    query = query_param(request, "q", "").strip()[:MAX_QUERY_LENGTH]
    language = query_param(request, "lang") or _ui_language()
    if language not in ("fr", "en"):
        language = "fr"
    edition = request.GET.get("edition") or None
    errors = []
    if edition and not Edition.is_known(edition):
        errors.append(_("Édition inconnue : %(edition)s.") % {"edition": edition})
        edition = None
    places = places_for_number(query, edition=edition, language=_ui_language()) if query else []
    if len(places) == 1 and not request.htmx:
        return redirect(places[0].url)
    page = search_page(query, language=language, edition=edition, places=places)
    missing, suggestions = ("", []) if places else _missing_number(query, edition=edition)
    other_language_url = ""
    if page.hits_language:
        parameters = {"q": query, "lang": page.hits_language} | ({"edition": edition} if edition else {})
        other_language_url = f"{reverse('rules:search')}?{urlencode(parameters)}"
    context = {
        "missing_number": missing,
        "suggestions": suggestions,
        "query": query,
        "language": language,
        "edition": edition or "",
        "editions": Edition.objects.all(),
        "hits": page.hits,
        "hits_language": page.hits_language,
        "other_language_url": other_language_url,
        "answers": page.answers,
        "places": places,
        "errors": errors,
    }
    template = "rules/search.html#results" if request.htmx else "rules/search.html"
    return render(request, template, context)

