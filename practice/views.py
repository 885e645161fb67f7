"""The trainee's practice: choosing what to practise, the daily review, mock exams, progress.

Every paper is sat on the delivery engine's own attempt page (``delivery:attempt``): these
views only draw the paper and send the trainee there.
"""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from delivery.models import Attempt
from papers.families import family_label
from practice import charts, permissions, progress, services
from practice.forms import PracticeForm
from questions.models import Unit

RECENT = 8
# What the page prints of each recent attempt (the three tables' other columns stay unread).
RECENT_FIELDS = ("status", "started_at", "score", "max_score", "paper__title", "paper__training__kind")
# What the progress page reads of each mock exam handed in (its table, its chart, the readiness).
MOCK_FIELDS = (
    "score", "max_score", "passed", "submitted_at", "paper__title", "paper__unit", "paper__pass_mark",
)


def _home(request: HttpRequest, form: PracticeForm, *, status: int = 200) -> HttpResponse:
    user = request.user
    recent = (Attempt.objects.filter(candidate=user, paper__training__isnull=False)
              .select_related("paper__training").only(*RECENT_FIELDS).order_by("-started_at")[:RECENT])
    blueprints, open_mocks = services.mock_blueprints(), services.open_mocks(user)
    mocks = [{"unit": unit, "label": label, "blueprint": blueprints.get(unit), "open": open_mocks.get(unit),
              "pairing_available": services.pairing_available(blueprints[unit]) if unit in blueprints else 0}
             for unit, label in Unit.choices]
    context = {"form": form, "due": services.due_count(user), "recent": recent, "mocks": mocks,
               "form_fields": "" if form.is_bound else _empty_form_fields(form)}
    return render(request, "practice/home.html", context, status=status)


def _empty_form_fields(form: PracticeForm) -> str:
    """The empty form's fields, the same for every trainee: rendering its seven fields costs
    more than the rest of the page, so they are kept until the bank changes."""
    key = f"practice:form-fields:{form.bank_fingerprint}:{get_language()}"
    html = cache.get(key)
    if html is None:
        html = render_to_string("practice/_form_fields.html", {"form": form})
        cache.set(key, html, timeout=24 * 3600)
    return mark_safe(html)  # a template's output, stored as it was rendered


@require_GET
@login_required
def home(request: HttpRequest) -> HttpResponse:
    permissions.require_practise(request.user)
    return _home(request, PracticeForm())


@require_POST
@login_required
def start(request: HttpRequest) -> HttpResponse:
    permissions.require_practise(request.user)
    form = PracticeForm(request.POST)
    if not form.is_valid():
        return _home(request, form, status=422)
    try:
        attempt = services.start_practice(trainee=request.user, criteria=form.criteria())
    except services.NothingToDraw as error:
        form.add_error(None, str(error))
        return _home(request, form, status=422)
    return redirect("delivery:attempt", attempt.pk)


@require_POST
@login_required
def review(request: HttpRequest) -> HttpResponse:
    permissions.require_practise(request.user)
    try:
        attempt = services.start_review(trainee=request.user)
    except services.NothingToDraw as error:
        messages.info(request, str(error))
        return redirect("practice:home")
    return redirect("delivery:attempt", attempt.pk)


@require_POST
@login_required
def mock(request: HttpRequest, unit: str) -> HttpResponse:
    permissions.require_practise(request.user)
    if unit not in Unit.values:
        raise Http404
    try:
        attempt = services.start_mock(trainee=request.user, unit=unit)
    except services.NothingToDraw as error:
        messages.error(request, str(error))
        return redirect("practice:home")
    training = getattr(attempt.paper, "training", None)
    missing = training.criteria.get("pairing_missing", 0) if training else 0
    if missing:
        messages.warning(
            request,
            ngettext(
                "Partie appariement indisponible : la banque n'a pas encore assez de questions "
                "d'appariement publiées (%(count)s manque). L'examen blanc se fait sans elle.",
                "Partie appariement indisponible : la banque n'a pas encore assez de questions "
                "d'appariement publiées (%(count)s manquent). L'examen blanc se fait sans elle.",
                missing,
            )
            % {"count": missing},
        )
    return redirect("delivery:attempt", attempt.pk)


def _common_pass_mark(attempts) -> int | None:
    """The pass mark drawn on the chart: each blueprint sets its own (a platform convention),
    so a line is drawn only when every mock shown has the same."""
    marks = {attempt.paper.pass_mark for attempt in attempts}
    return int(marks.pop()) if len(marks) == 1 else None


@require_GET
@login_required
def dashboard(request: HttpRequest) -> HttpResponse:
    permissions.require_practise(request.user)
    user = request.user
    unit_tables, family_tables = progress.mastery_tables([user.pk])
    units, families = unit_tables[user.pk], family_tables[user.pk]
    mock_attempts = list(progress.mock_results([user.pk]).only(*MOCK_FIELDS))
    sessions = progress.next_sessions()
    unit_rows = []
    for unit, label in Unit.choices:
        row = units[unit]
        mocks = [attempt for attempt in mock_attempts if attempt.paper.unit == unit]
        unit_rows.append({"unit": unit, "label": label, "mastery": row, "session": sessions.get(unit),
                          "mocks": mocks, "readiness": progress.readiness(row, mocks)})
    practised = [(key, row) for key, row in families.items() if row.answers]
    labels = {key: family_label(key) for key in families}  # the table and the chart
    trend = progress.weekly_trend(user.pk)
    context = {
        "units": unit_rows,
        "families": [{"key": key, "label": labels[key], "mastery": row} for key, row in families.items()],
        "trend": trend,
        "mocks": [{"attempt": attempt, "percent": progress.percent(attempt)} for attempt in mock_attempts],
        "due": services.due_count(user),
        "unit_chart": charts.bar_chart(
            [charts.Bar(unit, units[unit].mastery_percent, f"{units[unit].mastered}/{units[unit].in_service}")
             for unit in Unit.values],
            title=_("Questions maîtrisées par unité de valeur (%)"), chart_id="chart-units"),
        "family_chart": charts.bar_chart(
            [charts.Bar(labels[key], row.accuracy_percent, f"{row.correct}/{row.answers}")
             for key, row in practised],
            title=_("Réponses justes par famille d'articles (%)"), chart_id="chart-families", threshold=70),
        "trend_chart": charts.line_chart(
            [charts.Point(week.start.strftime("%d/%m"), week.accuracy_percent if week.answers else None)
             for week in trend],
            title=_("Réponses justes par semaine (%)"), chart_id="chart-trend"),
        "mock_chart": charts.line_chart(
            [charts.Point(f"{attempt.paper.unit} {timezone.localtime(attempt.submitted_at):%d/%m}",
                          progress.percent(attempt)) for attempt in mock_attempts],
            title=_("Notes aux examens blancs (%)"), chart_id="chart-mocks",
            threshold=_common_pass_mark(mock_attempts)) if mock_attempts else None,
    }
    return render(request, "practice/dashboard.html", context)
