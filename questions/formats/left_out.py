"""Sentences for what an import could not keep of a question (``BankEntry.left_out``)."""

from __future__ import annotations

from django.utils.translation import gettext as _


def formatting_notes(where: str, lost: set[str]) -> list[str]:
    """One sentence per kind of formatting lost in the text ``where`` (html_text's kinds)."""
    messages = {
        "image": _("%(where)s : image non reprise (seules les images PNG, JPEG, GIF ou WebP jointes au "
                   "fichier sont gardées)."),
        "media": _("%(where)s : son, vidéo ou formule non repris (la banque stocke du texte)."),
        "emphasis": _("%(where)s : mise en forme (italique, gras…) perdue : la banque stocke du texte brut."),
        "table": _("%(where)s : tableau ramené à du texte, cellule par cellule."),
        "preformatted": _(
            "%(where)s : texte préformaté (<pre>) gardé ligne à ligne, sans ses espaces d'alignement."
        ),
        "link": _(
            "%(where)s : lien sans adresse web (fichier joint ou lien relatif) : seul son texte est gardé."
        ),
    }
    return [messages[kind] % {"where": where} for kind in sorted(lost) if kind in messages]


def file_note(where: str, name: str) -> str:
    message = _(
        "%(where)s : fichier joint « %(name)s » non repris (la banque ne garde que les images de l'énoncé "
        "et de l'explication)."
    )
    return message % {"where": where, "name": name}
