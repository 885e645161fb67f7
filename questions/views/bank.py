"""Reading the bank: the filtered list, a question's page, its candidate preview, its history."""

from __future__ import annotations

import hashlib

from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods
from django.views.decorators.vary import vary_on_headers

from questions import computed, permissions, ui_services
from questions.forms import BankFilterForm, ExportForm
from questions.models import Question
from questions.scoring import grade
from questions.views._common import language, partial

PAGE_SIZE = 25
# What a row of the list prints (questions/bank.html): the search text and the rest stay unread.
LIST_FIELDS = (
    "uid", "summary_fr", "summary_en", "tag_list", "type", "unit_codes", "difficulty", "status",
    "current_version", "needs_review", "author__first_name", "author__last_name", "author__email",
)


@require_GET
@login_required
@vary_on_headers("HX-Request")
def bank(request: HttpRequest) -> HttpResponse:
    visible = permissions.visible_questions(request.user)
    form = BankFilterForm(request.GET or None, authors=ui_services.author_choices(visible))
    filters = form.cleaned_data if form.is_valid() else {}
    questions = (
        ui_services.filter_bank(visible, filters, user=request.user)
        .select_related("author")
        .only(*LIST_FIELDS)
        .order_by("uid")
    )
    page = Paginator(questions, PAGE_SIZE).get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "page": page,
        "query": query.urlencode(),
        "export_form": ExportForm(),
        "can_author": permissions.can_author(request.user) or permissions.is_bank_admin(request.user),
        "filter_fields": "" if form.is_bound or request.htmx else _empty_filter_fields(form),
    }
    return render(request, partial(request, "questions/bank.html", "results"), context)


def _empty_filter_fields(form: BankFilterForm) -> str:
    """The empty filters' fields, rendered once per list of authors offered: nine fields cost
    more than the table. The authors are this reader's (``author_choices`` of the questions
    they may see, read on every request) and are part of the key, so the stored HTML is only
    ever served to a reader offered exactly those authors."""
    authors = repr([(value, str(label)) for value, label in form.fields["author"].choices])
    digest = hashlib.sha256(authors.encode()).hexdigest()[:24]
    key = f"questions:bank-filter-fields:{get_language()}:{digest}"
    html = cache.get(key)
    if html is None:
        html = render_to_string("questions/_bank_filter_fields.html", {"form": form})
        cache.set(key, html, timeout=24 * 3600)
    return mark_safe(html)  # a template's output, stored as it was rendered


def _workflow_context(request: HttpRequest, question: Question) -> dict:
    user = request.user
    return {
        "can_edit": permissions.can_edit(user, question),
        "can_submit": permissions.can_submit(user, question),
        "can_review": permissions.can_review(user, question),
        "can_comment": permissions.can_comment(user, question),
        "can_retire": permissions.can_retire(user, question),
        "can_clear_flag": permissions.can_clear_flag(user, question),
        "can_withdraw": permissions.can_withdraw(user, question),
        "can_read_draft": permissions.can_read_draft(user, question),
    }


@require_GET
@login_required
def detail(request: HttpRequest, uid: str) -> HttpResponse:
    question = permissions.get_question_for_user(request.user, uid)
    context = _workflow_context(request, question)
    shown = question.draft if context["can_read_draft"] and question.draft else question.current_version
    if shown is not None:
        shown.question = question  # already read: the candidate's view reads its uid
    context.update(
        {
            "question": question,
            "version": shown,
            "content": shown.content() if shown else None,
            "candidate": ui_services.candidate_view(shown, language=language(request)) if shown else None,
            "changes": question.status_changes.select_related("actor", "version").order_by("-at", "-pk"),
            "comments": permissions.readable_comments(request.user, question),
        }
    )
    return render(request, "questions/detail.html", context)


@require_http_methods(["GET", "POST"])
@login_required
@vary_on_headers("HX-Request")
def candidate_preview(request: HttpRequest, uid: str) -> HttpResponse:
    """The question exactly as a candidate sees it; POST = "try it": the trainer answers and
    gets the score the exams would give."""
    question = permissions.get_question_for_user(request.user, uid)
    version = _chosen_version(request, question)
    # A computed question: which variant to try (the sample one unless another is asked for).
    raw_seed = request.GET.get("variant") or request.POST.get("variant") or ""
    seed = int(raw_seed) if raw_seed.isdigit() and len(raw_seed) < 10 else computed.SAMPLE_SEEDS[0]
    candidate = ui_services.candidate_view(version, language=language(request), variant_seed=seed)
    context = {"question": question, "version": version, "candidate": candidate,
               "variant_seed": seed if version.type in ("computed", "pairing") else None,
               "next_seed": seed + 1}
    if request.method == "POST":
        response = ui_services.response_from_post(candidate, request.POST)
        context["response"] = response
        context["score"] = grade(version, response, seed=seed)
        content = version.content()
        context["content"] = computed.native_content(content, seed) if version.type == "computed" else content
    return render(request, partial(request, "questions/preview.html", "outcome"), context)


def _chosen_version(request: HttpRequest, question: Question):
    number = request.GET.get("version") or request.POST.get("version")
    if number and str(number).isdigit():
        return permissions.get_version_for_user(request.user, question, int(number))
    if permissions.can_read_draft(request.user, question) and question.draft:
        return question.draft
    if question.current_version:
        return question.current_version
    raise Http404


@require_GET
@login_required
@vary_on_headers("HX-Request")
def history(request: HttpRequest, uid: str) -> HttpResponse:
    """Every version the user may read, and a word-level diff between two of them."""
    question = permissions.get_question_for_user(request.user, uid)
    versions = [
        version
        for version in question.versions.select_related("author", "reviewer").order_by("-number")
        if permissions.can_read_version(request.user, version)
    ]
    numbers = [version.number for version in versions]
    context: dict = {"question": question, "versions": versions}
    if len(versions) >= 2:
        newer = _number(request.GET.get("b"), numbers) or numbers[0]
        older = _number(request.GET.get("a"), numbers) or next((n for n in numbers if n < newer), numbers[-1])
        by_number = {version.number: version for version in versions}
        text_labels = {
            "stem_fr": _("Énoncé (français)"),
            "stem_en": _("Énoncé (anglais)"),
            "explanation_fr": _("Explication (français)"),
            "explanation_en": _("Explication (anglais)"),
        }
        list_labels = {
            "options": _("Option"),
            "decisions": _("Décision"),
            "sanctions": _("Sanction"),
            "rubric": _("Critère"),
        }
        context.update(
            {
                "older": by_number[older],
                "newer": by_number[newer],
                "diffs": ui_services.version_diff(
                    by_number[older].content(), by_number[newer].content(), text_labels, list_labels
                ),
            }
        )
    return render(request, partial(request, "questions/history.html", "diff"), context)


def _number(value: str | None, allowed: list[int]) -> int | None:
    if value and value.isdigit() and int(value) in allowed:
        return int(value)
    return None
