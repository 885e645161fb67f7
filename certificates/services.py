"""Issuing, reissuing and revoking certificates (keyword-only, validated, logged).

Issuing is split in three so that a batch can render its PDFs in parallel: ``prepare``
(database reads, statement, signature, HTML), rendering (``rendering.write_pdf``, in any
process), ``store`` (the immutable bytes, their hash, the supersession, the log).
"""

from __future__ import annotations

import datetime
import hashlib
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from certificates import rendering, signing, statement
from certificates.models import (
    Certificate,
    CertificateBatch,
    CertificateLogEntry,
    Kind,
    Language,
    new_code,
)
from exams.models import StageRecord, TitleAward, UnitPass


class CertificateError(Exception):
    """A request the rules refuse; the message is for the person who asked."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


ALREADY_IN_FORCE = gettext_lazy(
    "Un certificat en vigueur existe déjà pour ce dossier : délivrez-en une nouvelle version."
)
SOURCE_KINDS: dict[type, str] = {UnitPass: Kind.UNIT_PASS, TitleAward: Kind.TITLE, StageRecord: Kind.STAGE}
KEY_FIELDS = ["holder", "unit_pass", "title_award", "stage_record", "previous", "issued_by", "batch"]
SOURCE_FIELDS = {Kind.UNIT_PASS: "unit_pass", Kind.TITLE: "title_award", Kind.STAGE: "stage_record"}


def log(
    *,
    actor,
    action: str,
    certificate: Certificate | None = None,
    batch=None,
    reason: str = "",
    details: dict[str, Any] | None = None,
) -> CertificateLogEntry:
    return CertificateLogEntry.objects.create(
        actor=actor if actor is not None and actor.is_authenticated else None,
        action=action,
        certificate=certificate,
        batch=batch,
        reason=reason,
        details=details or {},
    )


def resolve_language(choice: str, holder) -> str:
    """``holder`` → the holder's preferred language; ``fr``, ``en``, ``both`` as they are."""
    if choice in Language.values:
        return choice
    return holder.preferred_language if holder.preferred_language in ("fr", "en") else "fr"


def current_for(source) -> Certificate | None:
    """The source's certificate that is neither superseded nor revoked, if any."""
    field = SOURCE_FIELDS[SOURCE_KINDS[type(source)]]
    return Certificate.objects.current().filter(revoked_at__isnull=True, **{field: source}).first()


@dataclass
class Draft:
    certificate: Certificate
    html: str
    attachments: rendering.Attachments
    previous: Certificate | None


def prepare(
    *,
    source,
    language: str = "holder",
    previous: Certificate | None = None,
    actor=None,
    batch: CertificateBatch | None = None,
    now: datetime.datetime | None = None,
) -> Draft:
    kind = SOURCE_KINDS.get(type(source))
    if kind is None:
        raise CertificateError(_("Ce dossier ne donne pas lieu à un certificat."))
    holder = source.candidate
    holder_name = holder.get_full_name().strip()
    if not holder_name:
        raise CertificateError(
            _("%(email)s n'a ni prénom ni nom : complétez son compte avant de délivrer un certificat.")
            % {"email": holder.email}
        )
    language = resolve_language(language, holder)
    now = now or timezone.now()
    code = new_code()
    details = statement.details_of(kind, source)
    facts = statement.build(
        code=code,
        version=previous.version + 1 if previous else 1,
        kind=kind,
        holder=holder_name,
        details=details,
        issued_on=timezone.localdate(now).isoformat(),
        verify_url=rendering.verification_url(code),
        key_id=signing.key_id(),
        supersedes=previous.code if previous else None,
    )
    canonical = statement.canonical(facts)
    signature = signing.sign(canonical)
    certificate = Certificate(
        code=code,
        kind=kind,
        holder=holder,
        holder_name=holder_name,
        language=language,
        version=facts["version"],
        previous=previous,
        issued_at=now,
        issued_by=actor if actor is not None and actor.is_authenticated else None,
        valid_until=details.get("valid_until"),
        statement=canonical.decode("utf-8"),
        signature=signature,
        key_id=facts["key_id"],
        batch=batch,
        **{SOURCE_FIELDS[kind]: source},
    )
    attachments = [
        (statement.STATEMENT_NAME, canonical, "Signed statement (canonical JSON)"),
        (statement.SIGNATURE_NAME, signature.encode("ascii"), "Ed25519 signature of statement.json (base64)"),
    ]
    return Draft(certificate, rendering.html(statement=facts, language=language), attachments, previous)


def store(draft: Draft, pdf: bytes, *, actor=None) -> Certificate:
    certificate = draft.certificate
    certificate.pdf = pdf
    certificate.sha256 = hashlib.sha256(pdf).hexdigest()
    try:
        with transaction.atomic():
            if draft.previous is not None:
                previous = Certificate.objects.select_for_update().get(pk=draft.previous.pk)
                if previous.superseded_at is not None:
                    raise CertificateError(
                        _("Ce certificat a déjà été remplacé par une version plus récente.")
                    )
                previous.superseded_at = certificate.issued_at
                previous.save(update_fields=["superseded_at"])
            # Field checks only: the database enforces the constraints and keys, and asking it
            # first costs a query each (a batch stores a thousand of these).
            certificate.full_clean(
                exclude=["pdf", *KEY_FIELDS], validate_unique=False, validate_constraints=False
            )
            certificate.save()
            log(
                actor=actor,
                action=CertificateLogEntry.Action.REISSUE
                if draft.previous
                else CertificateLogEntry.Action.ISSUE,
                certificate=certificate,
                batch=certificate.batch,
                details={
                    "code": certificate.code,
                    "version": certificate.version,
                    "sha256": certificate.sha256,
                    "supersedes": draft.previous.code if draft.previous else None,
                },
            )
    except IntegrityError as error:  # someone else issued or reissued it at the same moment
        if draft.previous is not None:
            raise CertificateError(
                _("Ce certificat a déjà été remplacé par une version plus récente.")
            ) from error
        raise CertificateError(str(ALREADY_IN_FORCE)) from error
    return certificate


def issue(*, source, actor, language: str = "holder") -> Certificate:
    if current_for(source) is not None:
        raise CertificateError(str(ALREADY_IN_FORCE))
    draft = prepare(source=source, language=language, actor=actor)
    return store(
        draft, next(rendering.render_many([(draft.html, draft.attachments)], processes=1)), actor=actor
    )


def reissue(*, certificate: Certificate, actor, language: str | None = None) -> Certificate:
    """A new version (new code, facts read again from the record); the old one is superseded."""
    if certificate.superseded_at is not None:
        raise CertificateError(_("Ce certificat a déjà été remplacé par une version plus récente."))
    draft = prepare(
        source=certificate.source,
        language=language or certificate.language,
        previous=certificate,
        actor=actor,
    )
    return store(
        draft, next(rendering.render_many([(draft.html, draft.attachments)], processes=1)), actor=actor
    )


def revoke(
    *, certificate: Certificate, actor, reason: str, now: datetime.datetime | None = None
) -> Certificate:
    reason = reason.strip()
    if not reason:
        raise CertificateError(_("Indiquez le motif de la révocation."))
    with transaction.atomic():
        certificate = Certificate.objects.select_for_update().get(pk=certificate.pk)
        if certificate.revoked_at is not None:
            raise CertificateError(_("Ce certificat est déjà révoqué."))
        certificate.revoked_at = now or timezone.now()
        certificate.revoked_by = actor
        certificate.revocation_reason = reason
        certificate.save(update_fields=["revoked_at", "revoked_by", "revocation_reason"])
        log(
            actor=actor,
            action=CertificateLogEntry.Action.REVOKE,
            certificate=certificate,
            reason=reason,
            details={"code": certificate.code},
        )
    return certificate


def batch_sources(batch: CertificateBatch) -> list:
    """What the batch certifies: each source without a certificate in force."""
    if batch.scope == CertificateBatch.Scope.SESSION:
        sources = list(
            UnitPass.objects.filter(session=batch.session)
            .select_related("candidate", "session")
            .order_by("pk")
        )
    else:
        sources = list(TitleAward.objects.select_related("candidate").order_by("awarded_on", "pk"))
    field = {CertificateBatch.Scope.SESSION: "unit_pass_id", CertificateBatch.Scope.TITLES: "title_award_id"}[
        batch.scope
    ]
    covered = set(Certificate.objects.current().filter(revoked_at__isnull=True).values_list(field, flat=True))
    return [source for source in sources if source.pk not in covered]


def start_batch(*, actor, scope: str, session=None, language: str = "holder") -> CertificateBatch:
    if language not in {"holder", *Language.values}:
        raise CertificateError(_("Langue inconnue."))
    running = CertificateBatch.objects.filter(
        scope=scope,
        session=session,
        state__in=[CertificateBatch.State.QUEUED, CertificateBatch.State.RUNNING],
    )
    if running.exists():
        raise CertificateError(_("Un lot identique est déjà en cours : attendez qu'il se termine."))
    batch = CertificateBatch(scope=scope, session=session, language=language, started_by=actor)
    batch.full_clean()
    batch.save()
    batch.total = len(batch_sources(batch))
    batch.save(update_fields=["total"])
    log(
        actor=actor,
        action=CertificateLogEntry.Action.BATCH,
        batch=batch,
        details={"scope": scope, "session": str(session.pk) if session else None, "total": batch.total},
    )
    return batch


def run_batch(batch: CertificateBatch, *, processes: int | None = None) -> CertificateBatch:
    """Prepare every draft, render the PDFs in ``processes`` processes, store each as it comes."""
    batch.state = CertificateBatch.State.RUNNING
    batch.save(update_fields=["state"])
    sources = batch_sources(batch)
    batch.total = len(sources)
    batch.save(update_fields=["total"])
    drafts: list[Draft] = []

    def jobs():
        # Lazily: the pool starts rendering the first pages while the next are prepared.
        for source in sources:
            try:
                draft = prepare(source=source, language=batch.language, actor=batch.started_by, batch=batch)
            except CertificateError as error:
                batch.failed += 1
                batch.errors = [*batch.errors, f"{source}: {error.message}"][:50]
                continue
            drafts.append(draft)
            yield draft.html, draft.attachments

    for index, pdf in enumerate(rendering.render_many(jobs(), processes=processes)):
        store(drafts[index], pdf, actor=batch.started_by)
        batch.done += 1
        if batch.done % 10 == 0:  # progress without a write per certificate
            batch.save(update_fields=["done", "failed", "errors"])
    batch.state = CertificateBatch.State.FAILED if batch.failed else CertificateBatch.State.DONE
    batch.finished_at = timezone.now()
    batch.save(update_fields=["done", "failed", "errors", "state", "finished_at"])
    return batch
