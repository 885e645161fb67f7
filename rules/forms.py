from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from config.safe_input import UnsafeInput, load_json, nesting_exceeds
from rules import schema
from rules.models import Diagram, Edition

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
# Past this, the list of errors helps nobody: the file is not an edition.
MAX_ERRORS_SHOWN = 100


class EditionUploadForm(forms.Form):
    file = forms.FileField(
        label=_("Fichier JSON de l'édition"),
        help_text=_(
            "Un objet {\"edition\": {slug, year, title_fr, title_en, adopted, in_force, languages, "
            "complete, source}, \"articles\": [...]} ; les articles au format des fichiers laws-2018.json."
        ),
    )

    def clean_file(self) -> dict:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise ValidationError(_("Le fichier dépasse 5 Mo."), code="too_large")
        return read_edition_file(
            upload.read(),
            existing_slugs=set(Edition.objects.values_list("slug", flat=True)),
            known_diagrams=set(Diagram.objects.values_list("key", flat=True)),
        )


def read_edition_file(raw: bytes, *, existing_slugs: set[str], known_diagrams: set[str]) -> dict:
    """The payload of an uploaded edition file, or ValidationError listing what is wrong."""
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ValidationError(_("Le fichier doit être encodé en UTF-8."), code="encoding") from error
    if "\x00" in text or "\\u0000" in text:
        raise ValidationError(_("Le fichier contient des caractères nuls (U+0000)."), code="nul")
    if nesting_exceeds(text):
        # Found before json.loads, whose recursion could otherwise run out of stack.
        raise ValidationError(schema.deep_nesting_error(text), code="json")
    try:
        payload = load_json(text)
    except UnsafeInput as error:
        raise ValidationError(
            _("Le fichier JSON est imbriqué trop profondément pour être une édition."), code="json"
        ) from error
    except json.JSONDecodeError as error:
        raise ValidationError(
            _("JSON invalide ligne %(line)d, colonne %(column)d : %(message)s."),
            code="json",
            params={"line": error.lineno, "column": error.colno, "message": error.msg},
        ) from error
    errors = schema.validate_upload(payload, existing_slugs=existing_slugs, known_diagrams=known_diagrams)
    if errors:
        shown = [ValidationError(message, code="invalid") for message in errors[:MAX_ERRORS_SHOWN]]
        if len(errors) > MAX_ERRORS_SHOWN:
            shown.append(
                ValidationError(
                    _("… et %(count)d autres problèmes."),
                    code="invalid",
                    params={"count": len(errors) - MAX_ERRORS_SHOWN},
                )
            )
        raise ValidationError(shown)
    return payload
