"""The public JSON API of certificates (mounted at /api/certificates/ by config/api_urls.py):
the same facts as the public page /verify/<code>/, and the federation's public key."""

from __future__ import annotations

from typing import Annotated

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.cache import patch_cache_control
from django.utils.translation import gettext as _
from ninja import Path, Router, Schema
from pydantic import Field

from certificates import permissions, public, signing
from certificates.models import Certificate, normalise_code
from config.api import COMMON_ERRORS, Error, error_response

router = Router(tags=["certificates"])

CertificateCode = Annotated[
    str, Field(min_length=1, max_length=40, description="The code printed on the certificate.")
]


class Bilingual(Schema):
    fr: str
    en: str


class PublicKey(Schema):
    algorithm: str = Field(description="Always `Ed25519`.")
    key_id: str = Field(description="First 16 hex digits of the SHA-256 of the raw public key.")
    pem: str = Field(description="The public key, PEM (SubjectPublicKeyInfo).")
    url: str


class CertificateFacts(Schema):
    code: str
    status: str = Field(description="`valid`, `revoked`, `superseded` or `expired`.")
    holder: str
    kind: str = Field(description="`unit_pass`, `title` or `stage`.")
    awarded: Bilingual
    details: dict = Field(description="The facts certified (unit, session, title and level, course, hours…).")
    date: str
    valid_until: str | None
    issued_on: str
    version: int
    revoked_on: str | None = Field(description="The date only; the reason stays private.")
    superseded_on: str | None
    superseded_by: str | None
    issuer: Bilingual
    verify_url: str
    key_id: str
    public_key_url: str
    statement: str = Field(description="The signed statement (canonical JSON), as attached to the PDF.")
    signature: str = Field(description="Ed25519 signature of `statement` (UTF-8 bytes), base64.")
    sha256: str = Field(description="SHA-256 of the PDF as issued.")


def read_only(path: str, **options):
    def register(view):
        router.add_api_operation(path, ["HEAD"], view, include_in_schema=False, response=options["response"])
        return router.get(path, **options)(view)

    return register


def _too_many() -> JsonResponse:
    response = error_response(
        None, _("Trop de vérifications depuis cette adresse : réessayez dans une minute."), status=429
    )
    response["Retry-After"] = "60"
    return response


@read_only(
    "/public-key",
    response={200: PublicKey, **COMMON_ERRORS},
    operation_id="getCertificatePublicKey",
    summary="The federation's public key that signs certificates",
)
def public_key(request: HttpRequest, response: HttpResponse) -> dict:
    patch_cache_control(response, max_age=3600, public=True)
    return {
        "algorithm": signing.ALGORITHM,
        "key_id": signing.key_id(),
        "pem": signing.public_key_pem(),
        "url": public.public_key_url(),
    }


@read_only(
    "/{code}",
    response={200: CertificateFacts, **COMMON_ERRORS, 400: Error, 429: Error},
    operation_id="getCertificate",
    summary="A certificate's status and what it certifies",
    description="An unknown code is a 404. Lookups are limited per client address (429).",
)
def certificate(
    request: HttpRequest, response: HttpResponse, code: Path[CertificateCode]
) -> dict | JsonResponse:
    if not permissions.lookups_allowed(request):
        return _too_many()
    response["Cache-Control"] = "no-store"
    normalised = normalise_code(code)
    found = Certificate.objects.for_code(normalised)
    if found is None:
        return error_response("code", _("Aucun certificat ne porte ce code."), status=404)
    return public.facts(found)
