"""Exam staff compose papers: blueprints with a preview of their draw, papers drawn or made
by hand, ordered, weighted and locked before the session."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from delivery.models import Paper, Purpose
from papers import permissions, services
from papers.forms import (
    UNIT_DURATIONS,
    AddQuestionForm,
    BlueprintForm,
    ComposeForm,
    ExposurePolicyForm,
    PaperForm,
    PointsForm,
    UnlockForm,
    rule_formset,
)
from papers.models import Blueprint, ExposurePolicy, PaperAnalysis
from papers.tasks import analyse_paper_task


@require_GET
@login_required
def index(request: HttpRequest) -> HttpResponse:
    permissions.require_composer(request.user)
    return _index_page(request, ExposurePolicyForm(instance=ExposurePolicy.current()))


def _index_page(request: HttpRequest, policy_form, *, status: int = 200) -> HttpResponse:
    blueprints = Blueprint.objects.prefetch_related("rules")
    papers = (
        Paper.objects.exclude(purpose=Purpose.PRACTICE)
        .filter(training__isnull=True)  # not the mock papers drawn for each trainee (practice app)
        .select_related("origin__blueprint")
        .prefetch_related("items")
    )
    context = {"blueprints": blueprints, "papers": papers, "policy_form": policy_form}
    return render(request, "papers/index.html", context, status=status)


@require_POST
@login_required
def exposure_policy(request: HttpRequest) -> HttpResponse:
    """The exam office's threshold of exposure, above which an exam paper is not locked."""
    permissions.require_composer(request.user)
    form = ExposurePolicyForm(request.POST, instance=ExposurePolicy.current())
    if form.is_valid():
        services.set_exposure_threshold(max_trainees=form.cleaned_data["max_trainees"], actor=request.user)
        messages.success(request, _("Seuil d'exposition enregistré."))
        return redirect("papers:index")
    return _index_page(request, form, status=422)


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def blueprint_edit(request: HttpRequest, pk: int | None = None) -> HttpResponse:
    if pk is None:
        permissions.require_composer(request.user)
        blueprint = Blueprint(created_by=request.user, duration_minutes=UNIT_DURATIONS["UVR"])
    else:
        blueprint = permissions.get_blueprint_for_user(request.user, pk)
    form = BlueprintForm(request.POST or None, instance=blueprint)
    formset = rule_formset(request.POST or None, instance=blueprint, prefix="rules")
    if request.method == "POST":
        if form.is_valid() and formset.is_valid():
            with transaction.atomic():
                blueprint = form.save()
                formset.instance = blueprint
                rules = formset.save(commit=False)
                for deleted in formset.deleted_objects:
                    deleted.delete()
                _renumber_rules(blueprint, rules)
            messages.success(request, _("Plan enregistré."))
            return redirect("papers:blueprint", pk=blueprint.pk)
        return render(
            request,
            "papers/blueprint_form.html",
            {"form": form, "formset": formset, "blueprint": blueprint},
            status=422,
        )
    return render(
        request, "papers/blueprint_form.html", {"form": form, "formset": formset, "blueprint": blueprint}
    )


def _renumber_rules(blueprint: Blueprint, new_or_changed) -> None:
    kept = {rule.pk: rule for rule in blueprint.rules.all()}
    for rule in new_or_changed:
        if rule.pk:
            kept[rule.pk] = rule
    ordered = sorted(kept.values(), key=lambda rule: rule.position or 10**6)
    ordered += [rule for rule in new_or_changed if not rule.pk]
    # Positions are rewritten in two passes to respect the unique (blueprint, position).
    for index, rule in enumerate(ordered, start=1):
        rule.blueprint = blueprint
        rule.position = 10_000 + index
        rule.save()
    for index, rule in enumerate(ordered, start=1):
        rule.position = index
        rule.save(update_fields=["position"])


@require_GET
@login_required
def blueprint_detail(request: HttpRequest, pk: int) -> HttpResponse:
    blueprint = permissions.get_blueprint_for_user(request.user, pk)
    seed = _seed_from(request.GET.get("seed"))
    draw = services.draw(blueprint, seed=seed)
    compose_form = ComposeForm(
        initial={
            "title": f"{blueprint.get_unit_display()} — {blueprint.name}",
            "seed": seed,
        }
    )
    context = {"blueprint": blueprint, "draw": draw, "compose_form": compose_form}
    template = "papers/blueprint.html#draw" if request.htmx else "papers/blueprint.html"
    return render(request, template, context)


def _seed_from(text: str | None) -> int:
    try:
        seed = int(text or "")
    except ValueError:
        return services.new_seed()
    return seed if 0 <= seed <= 2**48 else services.new_seed()


@require_POST
@login_required
def blueprint_compose(request: HttpRequest, pk: int) -> HttpResponse:
    blueprint = permissions.get_blueprint_for_user(request.user, pk)
    form = ComposeForm(request.POST)
    if form.is_valid():
        try:
            paper = services.compose_from_blueprint(
                blueprint=blueprint,
                title=form.cleaned_data["title"],
                actor=request.user,
                seed=form.cleaned_data["seed"],
                shuffle_questions=form.cleaned_data["shuffle_questions"],
                shuffle_options=form.cleaned_data["shuffle_options"],
                open_book=form.cleaned_data["open_book"],
            )
        except services.CompositionError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, _("Sujet tiré du plan : relisez-le, puis verrouillez-le."))
            return redirect("papers:paper", pk=paper.pk)
    draw = (
        services.draw(blueprint, seed=form.cleaned_data.get("seed") or services.new_seed())
        if form.is_valid()
        else services.draw(blueprint, seed=services.new_seed())
    )
    return render(
        request,
        "papers/blueprint.html",
        {"blueprint": blueprint, "draw": draw, "compose_form": form},
        status=422,
    )


@require_http_methods(["GET", "HEAD", "POST"])
@login_required
def paper_create(request: HttpRequest) -> HttpResponse:
    permissions.require_composer(request.user)
    form = PaperForm(request.POST or None, initial={"duration_minutes": UNIT_DURATIONS["UVR"]})
    if request.method == "POST":
        if form.is_valid():
            data = form.cleaned_data
            paper = Paper.objects.create(
                title=data["title"],
                purpose=data["purpose"],
                unit=data["unit"],
                duration=timedelta(minutes=data["duration_minutes"]),
                pass_mark=data["pass_mark"],
                shuffle_questions=data["shuffle_questions"],
                shuffle_options=data["shuffle_options"],
                negative_marking=data["negative_marking"],
                open_book=data["open_book"],
                created_by=request.user,
            )
            messages.success(request, _("Sujet créé : ajoutez ses questions."))
            return redirect("papers:paper", pk=paper.pk)
        return render(request, "papers/paper_form.html", {"form": form}, status=422)
    return render(request, "papers/paper_form.html", {"form": form})


@require_GET
@login_required
def paper_detail(request: HttpRequest, pk: int) -> HttpResponse:
    paper = permissions.get_paper_for_user(request.user, pk)
    return _paper_page(request, paper)


def _paper_page(
    request: HttpRequest, paper: Paper, *, add_form=None, unlock_form=None, status: int = 200
) -> HttpResponse:
    rows = services.exposure_report(paper)
    items = [row.item for row in rows]
    context = {
        "paper": paper,
        "items": items,
        "rows": rows,
        "threshold": ExposurePolicy.current().max_trainees,
        "total": sum((item.points for item in items), 0),
        "add_form": add_form or AddQuestionForm(),
        "unlock_form": unlock_form or UnlockForm(),
        "unlocks": services.unlock_history(paper),
        "minutes": int(paper.duration.total_seconds() // 60) if paper.duration else None,
    }
    return render(request, "papers/paper.html", context, status=status)


@require_POST
@login_required
def paper_add(request: HttpRequest, pk: int) -> HttpResponse:
    paper = permissions.get_paper_for_user(request.user, pk)
    form = AddQuestionForm(request.POST)
    if form.is_valid():
        try:
            services.add_question(
                paper=paper, uid=form.cleaned_data["uid"], points=form.cleaned_data["points"]
            )
        except services.CompositionError as error:
            form.add_error("uid", str(error))
        else:
            messages.success(request, _("Question ajoutée."))
            return redirect("papers:paper", pk=paper.pk)
    return _paper_page(request, paper, add_form=form, status=422)


def _item_step(request: HttpRequest, pk: int, item_pk: int, step) -> HttpResponse:
    paper = permissions.get_paper_for_user(request.user, pk)
    item = get_object_or_404(paper.items, pk=item_pk)
    try:
        step(item)
    except services.CompositionError as error:
        messages.error(request, str(error))
    return redirect("papers:paper", pk=paper.pk)


@require_POST
@login_required
def item_remove(request: HttpRequest, pk: int, item_pk: int) -> HttpResponse:
    return _item_step(request, pk, item_pk, lambda item: services.remove_item(item=item))


@require_POST
@login_required
def item_move(request: HttpRequest, pk: int, item_pk: int) -> HttpResponse:
    offset = -1 if request.POST.get("direction") == "up" else 1
    return _item_step(request, pk, item_pk, lambda item: services.move_item(item=item, offset=offset))


@require_POST
@login_required
def item_points(request: HttpRequest, pk: int, item_pk: int) -> HttpResponse:
    form = PointsForm(request.POST)

    def step(item):
        if not form.is_valid():
            raise services.CompositionError(_("Les points d'une question sont un nombre positif."))
        services.set_points(item=item, points=form.cleaned_data["points"])

    return _item_step(request, pk, item_pk, step)


@require_POST
@login_required
def paper_lock(request: HttpRequest, pk: int) -> HttpResponse:
    paper = permissions.get_paper_for_user(request.user, pk)
    try:
        services.lock_paper(paper=paper, actor=request.user)
    except services.CompositionError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, _("Sujet verrouillé : il ne peut plus être modifié."))
    return redirect("papers:paper", pk=paper.pk)


@require_GET
@login_required
def paper_analysis(request: HttpRequest, pk: int) -> HttpResponse:
    paper = permissions.get_paper_for_user(request.user, pk)
    analysis = PaperAnalysis.objects.filter(paper=paper).first()
    rows = list(analysis.items.select_related("item__version__question")) if analysis else []
    return render(request, "papers/analysis.html", {"paper": paper, "analysis": analysis, "rows": rows})


@require_POST
@login_required
def paper_analyse(request: HttpRequest, pk: int) -> HttpResponse:
    paper = permissions.get_paper_for_user(request.user, pk)
    analyse_paper_task.enqueue(paper.pk)
    messages.success(request, _("Analyse des questions lancée ; la page montre le dernier calcul terminé."))
    return redirect("papers:analysis", pk=paper.pk)


@require_POST
@login_required
def paper_unlock(request: HttpRequest, pk: int) -> HttpResponse:
    paper = permissions.get_paper_for_user(request.user, pk)
    form = UnlockForm(request.POST)
    if form.is_valid():
        try:
            services.unlock_paper(paper=paper, actor=request.user, reason=form.cleaned_data["reason"])
        except services.CompositionError as error:
            form.add_error("reason", str(error))
        else:
            messages.success(request, _("Sujet déverrouillé ; le motif est consigné au journal."))
            return redirect("papers:paper", pk=paper.pk)
    return _paper_page(request, paper, unlock_form=form, status=422)
