"""Convocations: a PDF per candidate (WeasyPrint), in the candidate's language, and its e-mail."""

from __future__ import annotations

from django.conf import settings
from django.core.mail import EmailMessage
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from exams.models import Registration


def filename(registration: Registration) -> str:
    return f"convocation-{registration.anonymity_code}.pdf"


def _language(registration: Registration) -> str:
    language = registration.candidate.preferred_language
    return language if language in dict(settings.LANGUAGES) else settings.LANGUAGE_CODE


def render_pdf(registration: Registration) -> bytes:
    """The convocation as A4 PDF bytes; fonts are embedded (subset) by WeasyPrint."""
    from weasyprint import HTML  # imported late: Pango is slow to load and only needed here

    with translation.override(_language(registration)):
        html = render_to_string(
            "exams/pdf/convocation.html",
            {
                "registration": registration,
                "session": registration.session,
                "centre": registration.centre,
                "candidate": registration.candidate,
                "generated_at": timezone.localtime(),
            },
        )
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


def send(registration: Registration) -> None:
    """E-mail the convocation as an attachment, written in the candidate's language."""
    pdf = render_pdf(registration)
    with translation.override(_language(registration)):
        context = {
            "registration": registration,
            "session": registration.session,
            "centre": registration.centre,
            "candidate": registration.candidate,
        }
        subject = _("Convocation : %(unit)s du %(date)s") % {
            "unit": registration.session.unit,
            "date": registration.session.date.strftime("%d/%m/%Y"),
        }
        body = render_to_string("exams/email/convocation.txt", context)
    message = EmailMessage(subject=subject, body=body, to=[registration.candidate.email])
    message.attach(filename(registration), pdf, "application/pdf")
    message.send()
