"""What anyone may know of a certificate: shared by the public page and the JSON API.

Holder's name, what was awarded and when (both languages), the status and its date.
Never the holder's e-mail, licence or birth date, nor a revocation's reason.
"""

from __future__ import annotations

import datetime
import json
from typing import Any

from django.conf import settings
from django.urls import reverse
from django.utils import timezone

from certificates import signing
from certificates.models import Certificate


def public_key_url() -> str:
    return settings.SITE_URL.rstrip("/") + reverse("certificates:public_key")


def facts(certificate: Certificate) -> dict[str, Any]:
    statement = json.loads(certificate.statement)
    following = getattr(certificate, "next_version", None) if certificate.superseded_at else None
    return {
        "code": certificate.code,
        "status": certificate.status(),
        "holder": certificate.holder_name,
        "kind": certificate.kind,
        "awarded": statement["awarded"],
        "details": statement["details"],
        "date": statement["date"],
        "valid_until": statement["valid_until"],
        "issued_on": statement["issued_on"],
        "version": certificate.version,
        "revoked_on": timezone.localdate(certificate.revoked_at).isoformat()
        if certificate.revoked_at
        else None,
        "superseded_on": (
            timezone.localdate(certificate.superseded_at).isoformat() if certificate.superseded_at else None
        ),
        "superseded_by": following.code if following else None,
        "issuer": statement["issuer"],
        "verify_url": statement["verify_url"],
        "key_id": certificate.key_id,
        "public_key_url": public_key_url(),
        "public_key": signing.public_key_pem(),
        "statement": certificate.statement,
        "signature": certificate.signature,
        "sha256": certificate.sha256,
    }


DATE_FIELDS = ("date", "valid_until", "issued_on", "revoked_on", "superseded_on")


def for_page(certificate: Certificate) -> dict[str, Any]:
    """The same facts, with dates as dates for the page to write in the reader's language."""
    found = facts(certificate)
    return {
        **found,
        **{name: datetime.date.fromisoformat(found[name]) for name in DATE_FIELDS if found[name]},
    }
