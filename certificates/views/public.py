"""Public pages, no login: check a certificate by its code or by uploading its PDF."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET, require_http_methods

from certificates import permissions, public, signing, verification
from certificates.forms import VerifyUploadForm
from certificates.models import Certificate, normalise_code


def _too_many(request: HttpRequest) -> HttpResponse:
    response = render(request, "certificates/rate_limited.html", status=429)
    response["Retry-After"] = "60"
    return response


@require_http_methods(["GET", "POST"])
def verify(request: HttpRequest) -> HttpResponse:
    """The upload form; a POST checks the PDF (signature, text, register, status)."""
    if request.method == "GET":
        code = normalise_code(request.GET.get("code", ""))
        context = {"form": VerifyUploadForm(), "code_error": bool(request.GET.get("code")) and code is None}
        if code:
            return verify_code(request, code)
        return render(
            request, "certificates/verify.html", context, status=422 if context["code_error"] else 200
        )
    if not permissions.lookups_allowed(request):
        return _too_many(request)
    form = VerifyUploadForm(request.POST, request.FILES)
    if not form.is_valid():
        return render(request, "certificates/verify.html", {"form": form}, status=422)
    report = verification.verify_pdf(form.cleaned_data["document"].read())
    context = {"form": VerifyUploadForm(), "report": report}
    if report.certificate is not None:
        context["facts"] = public.for_page(report.certificate)
    return render(request, "certificates/verify.html", context, status=200 if report.genuine else 422)


@require_GET
def verify_code(request: HttpRequest, code: str) -> HttpResponse:
    if not permissions.lookups_allowed(request):
        return _too_many(request)
    normalised = normalise_code(code)
    certificate = Certificate.objects.for_code(normalised)
    if certificate is None:
        return render(request, "certificates/not_found.html", {"code": code[:40]}, status=404)
    return render(request, "certificates/verify_code.html", {"facts": public.for_page(certificate)})


@require_GET
def public_key(request: HttpRequest) -> HttpResponse:
    response = HttpResponse(signing.public_key_pem(), content_type="application/x-pem-file; charset=us-ascii")
    response["Content-Disposition"] = 'inline; filename="ffe-dna-certificates.pem"'
    response["X-Key-Id"] = signing.key_id()
    return response
