"""A holder's certificates (also listed on their profile) and the download of stored bytes."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from certificates import permissions


@require_GET
@login_required
def mine(request: HttpRequest) -> HttpResponse:
    certificates = request.user.certificates.listed().order_by("-issued_at")
    return render(request, "certificates/mine.html", {"certificates": certificates})


@require_GET
@login_required
def download(request: HttpRequest, code: str) -> HttpResponse:
    """The bytes stored at issuance, never rendered again."""
    certificate = permissions.get_downloadable(request.user, code)
    response = HttpResponse(bytes(certificate.pdf), content_type="application/pdf")
    response["Content-Disposition"] = f'attachment; filename="{certificate.filename}"'
    response["Digest"] = f"sha-256={certificate.sha256}"
    return response
