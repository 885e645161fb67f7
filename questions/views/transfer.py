"""Importing a file of questions (all or nothing) and exporting the filtered bank."""

from __future__ import annotations

import re
import secrets

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods

from questions import permissions, ui_services
from questions.formats import BankEntry, ParseProblem
from questions.formats.importer import (
    ImportFailed,
    apply_default_unit,
    entries_for,
    format_module,
    import_entries,
    parse,
)
from questions.forms import BankFilterForm, ExportForm, ImportConfirmForm, ImportForm
from questions.models import Question, Status

# The session key of a file waiting for the trainer to agree to skip its unsupported questions.
PENDING_IMPORT = "questions.pending_import"
# A file may hold thousands of problems; the first ones say what is wrong with it.
MAX_PROBLEMS_SHOWN = 200

EXTENSIONS = {
    "json": ("json", "application/json"),
    "moodlexml": ("xml", "application/xml"),
    "gift": ("gift", "text/plain"),
}


def _ownership_problems(user, entries: list[BankEntry]) -> list[ParseProblem]:
    """An import may only add questions or revise those the importer could edit by hand."""
    existing = {
        question.uid: question
        for question in Question.objects.filter(uid__in=[e.uid for e in entries]).select_related("draft")
    }
    problems = []
    for entry in entries:
        question = existing.get(entry.uid)
        if question is None or permissions.can_edit(user, question):
            continue
        if permissions.can_read_question(user, question):
            message = _("la question « %(uid)s » existe déjà et vous ne pouvez pas la modifier.")
        else:
            # Someone else's draft: say nothing of it, as its page answers 404.
            message = _("l'identifiant « %(uid)s » n'est pas disponible : choisissez-en un autre.")
        problems.append(ParseProblem(entry.label or entry.uid, message % {"uid": entry.uid}))
    return problems


def _ask_to_skip_unsupported(request: HttpRequest, data: dict, result) -> HttpResponse:
    """Some questions cannot be held: say which, and keep the file for the trainer to import the
    others (``_pending_import``)."""
    token = secrets.token_hex(16)
    request.session[PENDING_IMPORT] = {
        "token": token,
        "text": data["text"],
        "format": data["format"],
        "default_unit": data.get("default_unit") or "",
        "filename": data["filename"],
        "encoding": data.get("encoding", "utf-8"),
    }
    context = {
        "form": ImportForm(),
        "confirm_form": ImportConfirmForm(initial={"token": token}),
        "unsupported": result.unsupported,
        "filename": data["filename"],
        "entry_count": len(result.entries),
    }
    return render(request, "questions/import.html", context)


def _pending_import(request: HttpRequest) -> dict | None:
    """The file waiting for the trainer's confirmation, if the posted token names it (taken once)."""
    form = ImportConfirmForm(request.POST)
    pending = request.session.get(PENDING_IMPORT)
    if not form.is_valid() or not pending or pending.get("token") != form.cleaned_data["token"]:
        return None
    del request.session[PENDING_IMPORT]
    return pending


def _file_order(problem: ParseProblem) -> int:
    """Problems in the order of the questions in the file ("#3 (uid)" is question 3)."""
    match = re.match(r"#(\d+)", problem.where or "")
    return int(match.group(1)) if match else 0


@require_http_methods(["GET", "POST"])
@login_required
def import_view(request: HttpRequest) -> HttpResponse:
    permissions.require_author(request.user)
    if request.method == "GET":
        return render(request, "questions/import.html", {"form": ImportForm()})
    confirming = "confirm" in request.POST
    if confirming:
        data = _pending_import(request)
        if data is None:
            expired = [ParseProblem("", _("Cette confirmation a expiré : choisissez de nouveau le fichier."))]
            context = {"form": ImportForm(), "problems": expired, "problem_count": 1, "filename": "—"}
            return render(request, "questions/import.html", context, status=422)
    else:
        form = ImportForm(request.POST, request.FILES)
        if not form.is_valid():
            return render(request, "questions/import.html", {"form": form}, status=422)
        data = {**form.cleaned_data, "filename": form.cleaned_data["file"].name[:200]}
    filename = data["filename"]
    result = parse(data["text"], data["format"])
    apply_default_unit(result.entries, data.get("default_unit"))
    if result.unsupported and result.entries and not confirming:
        return _ask_to_skip_unsupported(request, data, result)
    try:
        problems = list(result.problems) + _ownership_problems(request.user, result.entries)
        if not confirming:
            problems = list(result.unsupported) + problems
        if not result.entries and not problems:
            problems.append(ParseProblem("", _("Le fichier ne contient aucune question.")))
        if problems and not result.entries:
            raise ImportFailed(problems)
        report = import_entries(
            result.entries,
            status=Status.DRAFT,
            author=request.user,
            note=_("Importée depuis %(name)s") % {"name": filename[:100]},
            parse_problems=problems,
            unsupported=result.unsupported if confirming else [],
            skip_unsupported=confirming,
            importer=request.user,
        )
    except ImportFailed as failure:
        problems = sorted(failure.problems, key=_file_order)
        context = {
            "form": ImportForm(),
            "problems": problems[:MAX_PROBLEMS_SHOWN],
            "problem_count": len(problems),
            "hidden_problem_count": max(0, len(problems) - MAX_PROBLEMS_SHOWN),
            "filename": filename,
        }
        return render(request, "questions/import.html", context, status=422)
    context = {
        "form": ImportForm(),
        "report": report,
        "filename": filename,
        "encoding": data.get("encoding", "utf-8"),
    }
    return render(request, "questions/import.html", context)


@require_GET
@login_required
def export_view(request: HttpRequest) -> HttpResponse:
    """The bank as filtered on the list page, in the chosen format, as a download."""
    visible = permissions.visible_questions(request.user)
    filters = BankFilterForm(request.GET, authors=ui_services.author_choices(visible))
    # A bare link to the export (no format chosen) downloads the lossless JSON.
    export = ExportForm({"format": request.GET.get("format") or "json", "drafts": request.GET.get("drafts")})
    if not filters.is_valid() or not export.is_valid():
        context = {"form": filters, "export_form": export}
        return render(request, "questions/export_error.html", context, status=422)
    questions = ui_services.filter_bank(visible, filters.cleaned_data, user=request.user)
    # The versions in service, unless the trainer asks for the drafts they may read.
    entries = entries_for(questions, drafts=export.cleaned_data["drafts"])
    format_name = export.cleaned_data["format"]
    extension, mimetype = EXTENSIONS[format_name]
    text = format_module(format_name).export(entries)
    filename = f"arbitre-questions-{timezone.localdate().isoformat()}.{extension}"
    response = HttpResponse(text, content_type=f"{mimetype}; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
