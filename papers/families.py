"""Article families: the groups of rules a blueprint draws from.

A question belongs to the family of each article it cites: Laws of Chess articles group by
their article (``9.2.1`` → Article 9), appendices and guidelines by their letter or numeral
(``A.4.2`` → Appendix A, ``III.3.1`` → Guidelines III), and the Livre by chapter
(``5.2`` → Livre 5.2).
"""

from __future__ import annotations

from django.utils.translation import gettext as _

APPENDICES = {"A", "B", "C", "D"}
GUIDELINES = {"I", "II", "III"}


def family_key(citation: dict) -> str:
    """A stable key: ``laws:9``, ``laws:A``, ``laws:III`` or ``livre:5.2``."""
    article = str(citation.get("article", "")).strip()
    if citation.get("edition") == "livre":
        return "livre:" + ".".join(article.split(".")[:2])
    return "laws:" + article.split(".")[0]


def family_label(key: str) -> str:
    kind, _sep, code = key.partition(":")
    if kind == "livre":
        return _("Livre %(chapter)s") % {"chapter": code}
    if code in APPENDICES:
        return _("Annexe %(letter)s") % {"letter": code}
    if code in GUIDELINES:
        return _("Directives %(numeral)s") % {"numeral": code}
    return _("Article %(number)s") % {"number": code}


def families_of(citations: list[dict]) -> set[str]:
    return {family_key(citation) for citation in citations if citation.get("article")}


def _order(key: str) -> tuple:
    kind, _sep, code = key.partition(":")
    parts = code.split(".")
    numeric = [int(part) if part.isdigit() else 100 + len(part) for part in parts]
    return (kind == "livre", numeric, code)


def sorted_families(keys) -> list[str]:
    return sorted(set(keys), key=_order)
