"""Loading a future edition: upload, validate, preview the differences, confirm."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from rules.editions import load_edition, upload_differences
from rules.forms import EditionUploadForm
from rules.models import Edition, EditionUpload
from rules.permissions import get_upload_for_user, rulebook_manager_required
from rules.services import RulebookDataError


@require_http_methods(["GET", "POST"])
@rulebook_manager_required
def upload(request: HttpRequest) -> HttpResponse:
    form = EditionUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST":
        if form.is_valid():
            pending = EditionUpload.objects.create(
                uploaded_by=request.user, filename=request.FILES["file"].name[:200],
                payload=form.cleaned_data["file"],
            )
            return redirect("rules:upload_preview", pk=pending.pk)
        return render(request, "rules/upload.html", {"form": form}, status=422)
    recent = EditionUpload.objects.filter(uploaded_by=request.user)[:10]
    current = Edition.current()
    context = {
        "form": form,
        "recent": recent,
        "current": current,
        "current_export": reverse("rules:export", kwargs={"edition": current.slug}) if current else "",
    }
    return render(request, "rules/upload.html", context)


@require_http_methods(["GET", "POST"])
@rulebook_manager_required
def upload_preview(request: HttpRequest, pk: int) -> HttpResponse:
    pending = get_upload_for_user(request.user, pk)
    if request.method == "POST":
        try:
            edition = load_edition(upload=pending)
        except RulebookDataError as error:
            for message in error.messages:
                messages.error(request, message)
            return redirect("rules:upload")
        messages.success(request, _("L'édition %(slug)s est chargée.") % {"slug": edition.slug})
        return redirect("rules:changes", edition=edition.slug)
    previous, differences = upload_differences(pending)
    counts = {
        status: sum(1 for difference in differences if difference.status == status)
        for status in ("added", "removed", "changed")
    }
    context = {
        "pending": pending,
        "meta": pending.payload["edition"],
        "article_count": len(pending.payload["articles"]),
        "previous": previous,
        "differences": differences,
        "counts": counts,
        "count_summary": _count_summary(counts),
    }
    return render(request, "rules/upload_preview.html", context)


def _count_summary(counts: dict[str, int]) -> str:
    """ "2 articles ajoutés, aucun supprimé, 1 article modifié." Zero has words of its own:
    French puts 0 in the singular, and a plural message the catalogue lacks falls back to
    English's rule (plural for 0)."""
    added, removed, changed = counts["added"], counts["removed"], counts["changed"]
    parts = [
        ngettext("%(count)d article ajouté", "%(count)d articles ajoutés", added) % {"count": added}
        if added else _("aucun article ajouté"),
        ngettext("%(count)d article supprimé", "%(count)d articles supprimés", removed) % {"count": removed}
        if removed else _("aucun article supprimé"),
        ngettext("%(count)d article modifié", "%(count)d articles modifiés", changed) % {"count": changed}
        if changed else _("aucun article modifié"),
    ]
    summary = ", ".join(parts) + "."
    return summary[:1].upper() + summary[1:]
