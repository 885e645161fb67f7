"""Pages of the positions app: the analysis page and panel, and the diagram route."""

from __future__ import annotations

import hashlib
from urllib.parse import urlencode

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from positions.diagrams import DiagramError, make_spec, render_spec
from positions.engine import AnalysisInputError, analyse
from positions.examples import reference_verdicts
from positions.forms import AnalysisForm
from positions.notation import movetext_to_san, notation_of_language
from positions.permissions import require_analyse, require_reference
from positions.validation import FenError

DIAGRAM_MAX_AGE = 60 * 60 * 24 * 365


def _run(form: AnalysisForm):
    """Validate the form and run the engine; errors go back onto the form."""
    if not form.is_valid():
        return None
    try:
        return analyse(form.analysis_request(language=(get_language() or "fr")[:2]))
    except AnalysisInputError as error:
        field = {"pgn": "moves", "claim": "claim_type", "claim.intended_move": "intended_move"}.get(
            error.field, error.field
        )
        form.add_error(field if field in form.fields else None, error.message)
        return None


@require_http_methods(["GET", "POST"])
@login_required
@require_analyse
def analyse_page(request: HttpRequest) -> HttpResponse:
    # GET with the form's fields (the replay's links without JavaScript) analyses too.
    submitted = request.POST if request.method == "POST" else None
    if submitted is None and any(name in request.GET for name in ("fen", "moves")):
        submitted = request.GET
    form = AnalysisForm(submitted)
    analysis = _run(form) if submitted is not None else None
    status = 422 if submitted is not None and analysis is None else 200
    template = "positions/analyse.html"
    if request.htmx:
        template += "#results"
        status = 200  # htmx swaps only 2xx responses: the errors are in the fragment
    context = {
        "form": form,
        "analysis": analysis,
        # The replay reads SAN: moves typed with French letters are translated first.
        "moves_text": movetext_to_san(form.data.get("moves", ""), notation_of_language()),
        "replay_query": _replay_query(form) if analysis else "",
    }
    return render(request, template, context, status=status)


REPLAY_QUERY_LIMIT = 4000  # longer games keep their replay working with JavaScript only


def _replay_query(form: AnalysisForm) -> str:
    """The analysis as a query string, so that the replay's plain links re-run it by GET."""
    query = urlencode(
        {name: form.data.get(name, "") for name in form.fields if name != "ply" and form.data.get(name)}
    )
    return query if len(query) <= REPLAY_QUERY_LIMIT else ""


@require_POST
@login_required
@require_analyse
def analyse_panel(request: HttpRequest) -> HttpResponse:
    form = AnalysisForm(request.POST)
    analysis = _run(form)
    context = {"form": form, "analysis": analysis, "moves_text": form.data.get("moves", ""), "panel": True}
    # Always 200: the panel is an htmx fragment (htmx swaps only 2xx) that shows the errors itself.
    return render(request, "positions/_analysis.html", context)


@require_GET
@login_required
@require_reference
def reference(request: HttpRequest) -> HttpResponse:
    """Ten reference positions with their diagrams and the engine's verdicts."""
    return render(request, "positions/reference.html", {"verdicts": reference_verdicts()})


@require_GET
def diagram(request: HttpRequest) -> HttpResponse:
    """``/positions/diagram.svg?fen=…&orientation=…&arrows=…&circles=…&squares=…&last_move=…&size=…``"""
    params = request.GET
    try:
        spec = make_spec(
            params.get("fen", ""),
            orientation=params.get("orientation", "white"),
            arrows=params.get("arrows", ""),
            circles=params.get("circles", ""),
            squares=params.get("squares", ""),
            last_move=params.get("last_move") or None,
            size=params.get("size", "360"),
            coordinates=params.get("coordinates", "1") not in ("0", "false", "no"),
            as_played=True,  # the replay shows the positions left by illegal moves
        )
    except (FenError, DiagramError) as error:
        return HttpResponse(error.message, status=400, content_type="text/plain; charset=utf-8")
    svg = render_spec(spec)
    etag = '"' + hashlib.sha256(svg.encode()).hexdigest()[:32] + '"'
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponse(status=304)
    else:
        response = HttpResponse(svg, content_type="image/svg+xml; charset=utf-8")
    response["ETag"] = etag
    response["Cache-Control"] = f"public, max-age={DIAGRAM_MAX_AGE}, immutable"
    response["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    response["X-Content-Type-Options"] = "nosniff"
    return response
