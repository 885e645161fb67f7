"""Who may do what with certificates. Every view goes through these helpers.

- Anyone, without logging in, may check a certificate by its code (/verify/<code>/, the
  JSON API) or by uploading its PDF (/verify/): that is the point of a certificate. These
  lookups are rate-limited per client address (``lookups_allowed``).
- A holder (any logged-in person) sees and downloads their own certificates; anyone
  else's, like a missing one, is a 404.
- Exam staff (``accounts.manage_exams``) issue, reissue and revoke certificates, run
  batches and download any certificate.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404

from accounts.lockout import client_address
from certificates.models import Certificate, CertificateBatch


def is_certificate_staff(user) -> bool:
    return bool(user.is_authenticated and user.has_perm("accounts.manage_exams"))


def require_certificate_staff(user) -> None:
    if not is_certificate_staff(user):
        raise PermissionDenied


def get_downloadable(user, code: str) -> Certificate:
    """The holder's own certificate, or any for exam staff; otherwise a 404."""
    certificates = Certificate.objects.select_related("holder")
    if not is_certificate_staff(user):
        certificates = certificates.filter(holder=user)
    return get_object_or_404(certificates, code=code)


def get_for_staff(user, code: str) -> Certificate:
    require_certificate_staff(user)
    return get_object_or_404(
        Certificate.objects.select_related("holder", "revoked_by", "issued_by"), code=code
    )


def get_batch_for_staff(user, batch_id: int) -> CertificateBatch:
    require_certificate_staff(user)
    return get_object_or_404(CertificateBatch.objects.select_related("session"), pk=batch_id)


def lookups_allowed(request: HttpRequest) -> bool:
    """Counts a public lookup for the client's address; False past the limit for this minute.

    Codes are long enough that guessing is hopeless anyway; the limit keeps anyone from
    trying, and from using the page to hammer the database.
    """
    limit = settings.CERTIFICATE_LOOKUPS_PER_MINUTE
    if limit <= 0:
        return True
    key = f"certificates:lookups:{client_address(request) or 'unknown'}:{int(time.time() // 60)}"
    cache.add(key, 0, timeout=90)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=90)
        count = 1
    return count <= limit
