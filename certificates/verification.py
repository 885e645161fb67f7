"""Checking a certificate's PDF: is its statement signed by the federation, does the page
say what the statement says, is the file the one issued, and what is its status now.

Works offline too (``offline=True``: no database): the signature and the printed text are
checked; the status is then unknown.
"""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.db import models
from django.utils.translation import gettext_lazy as _

from certificates import comparison, pdf_limits, signing
from certificates import statement as statements


class Outcome(models.TextChoices):
    VALID = "valid", _("Certificat authentique et valide")
    EXPIRED = "expired", _("Certificat authentique, expiré")
    SUPERSEDED = "superseded", _("Certificat authentique, remplacé par une version plus récente")
    REVOKED = "revoked", _("Certificat authentique, révoqué")
    SIGNATURE_VALID_OFFLINE = "signature_valid", _("Signature valide ; état inconnu hors ligne")
    ALTERED = "altered", _("Copie modifiée : la déclaration signée est authentique, le document a été altéré")
    UNKNOWN = "unknown", _("Signature valide, mais ce certificat est absent du registre")
    FORGED = "forged", _("Signature invalide : ce document n'a pas été délivré tel quel par la fédération")
    NOT_A_CERTIFICATE = "not_certificate", _("Ce PDF ne contient pas de déclaration signée de la fédération")


@dataclass
class Report:
    outcome: str
    statement: dict[str, Any] | None = None
    signature_valid: bool = False
    text_matches: bool | None = None
    identical_to_issued: bool | None = None
    certificate: Any = None
    problems: list[str] = field(default_factory=list)

    @property
    def label(self) -> str:
        return str(Outcome(self.outcome).label)

    @property
    def genuine(self) -> bool:
        return self.outcome in {
            Outcome.VALID,
            Outcome.EXPIRED,
            Outcome.SUPERSEDED,
            Outcome.REVOKED,
            Outcome.SIGNATURE_VALID_OFFLINE,
        }


def read_pdf(data: bytes) -> tuple[dict[str, bytes], str]:
    """The PDF's attached files and its text; ValueError if it is not a readable PDF
    (``pdf_limits.TooComplex``, before any parsing, if it has too many pages or objects)."""
    from pypdf import PdfReader
    from pypdf.errors import PdfReadError

    pdf_limits.check(data)
    try:
        reader = PdfReader(io.BytesIO(data), strict=False)
        attachments = {name: contents[0] for name, contents in reader.attachments.items() if contents}
        text = "\n".join(page.extract_text() or "" for page in reader.pages)
    except (PdfReadError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as error:
        raise ValueError(str(error)) from error
    except Exception as error:  # a hostile upload must get an answer, never a server error
        raise ValueError(str(error)) from error
    return attachments, text


def verify_pdf(data: bytes, *, offline: bool = False, public_key: Ed25519PublicKey | None = None) -> Report:
    try:
        attachments, text = read_pdf(data)
    except pdf_limits.TooComplex as error:
        return Report(Outcome.NOT_A_CERTIFICATE, problems=[str(error)])
    except ValueError:
        return Report(Outcome.NOT_A_CERTIFICATE, problems=[str(_("Le fichier n'est pas un PDF lisible."))])
    statement_bytes = attachments.get(statements.STATEMENT_NAME)
    signature = attachments.get(statements.SIGNATURE_NAME)
    if statement_bytes is None or signature is None:
        return Report(Outcome.NOT_A_CERTIFICATE)
    try:
        facts = statements.parse(statement_bytes)
    except (ValueError, UnicodeDecodeError):
        return Report(Outcome.FORGED, problems=[str(_("La déclaration jointe n'est pas au format attendu."))])
    report = Report(Outcome.FORGED, statement=facts)
    key = public_key or signing.public_key()
    if facts.get("key_id") != signing.key_id(key) or not signing.verify(
        statement_bytes, signature.decode("ascii", "replace").strip(), key
    ):
        report.problems.append(str(_("La signature ne correspond pas à la déclaration jointe.")))
        return report
    report.signature_valid = True
    # The same comparison online and offline: every word printed is the statement's.
    printed = comparison.compare(facts, text)
    report.text_matches = printed.matches
    if not report.text_matches:
        report.outcome = Outcome.ALTERED
        report.problems.append(str(_("Le texte imprimé ne correspond pas à la déclaration signée.")))
        if printed.differing:
            report.problems.append(
                str(_("La page ne porte pas ce que la déclaration signée certifie : %(fields)s."))
                % {"fields": ", ".join(printed.differing)}
            )
        else:
            report.problems.append(
                str(_("La page porte un texte que la déclaration signée ne contient pas."))
            )
        return report
    if offline:
        report.outcome = Outcome.SIGNATURE_VALID_OFFLINE
        return report
    return _with_register(report, data, statement_bytes)


def _with_register(report: Report, data: bytes, statement_bytes: bytes) -> Report:
    from certificates.models import Certificate

    certificate = Certificate.objects.filter(code=report.statement["code"]).first()
    if certificate is None or certificate.statement.encode("utf-8") != statement_bytes:
        report.outcome = Outcome.UNKNOWN
        return report
    report.certificate = certificate
    report.identical_to_issued = hashlib.sha256(data).hexdigest() == certificate.sha256
    if not report.identical_to_issued:
        report.outcome = Outcome.ALTERED
        report.problems.append(str(_("Le fichier diffère de celui que la fédération a délivré.")))
        return report
    report.outcome = certificate.status()
    return report
