"""Citations of the rulebook: checked against the rulebook's JSON files (rules/data/laws-<slug>.json,
livre.json) when they exist, else against the database when that edition is loaded, else not at all.

Questions store plain ``{"edition", "article"}`` strings so they load before the rulebook.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path

from django.conf import settings
from django.db import connection
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

EDITIONS = ("2018", "2017", "2014", "2009", "2001", "1928")
LIVRE = "livre"
RULES_DATA = Path(settings.BASE_DIR) / "rules" / "data"


def known_edition(slug: str) -> bool:
    return slug in EDITIONS or slug == LIVRE


def citation_reference(edition: str, number: str) -> str:
    """A citation as people write it: "2018 art. 4.3", "Livre 4.1"."""
    if edition == LIVRE:
        return pgettext("citation of the Livre de l'Arbitre", "Livre %(number)s") % {"number": number}
    return pgettext("citation of an article", "%(edition)s art. %(number)s") % {
        "edition": edition, "number": number}


def _rules_models():
    try:
        from rules import models as rules_models
    except ImportError:
        return None
    return rules_models if hasattr(rules_models, "Article") else None


def resolve_citation(edition: str, number: str) -> object | None:
    """The Article (or, for "livre", the Chapter or Section) cited, or None when not loaded."""
    rules_models = _rules_models()
    if rules_models is None:
        return None
    if rules_models.Article._meta.db_table not in connection.introspection.table_names():
        return None
    if edition == LIVRE:
        for model_name in ("Chapter", "Section"):
            model = getattr(rules_models, model_name, None)
            if model is not None:
                found = model.objects.filter(number=number).first()
                if found is not None:
                    return found
        return None
    return rules_models.Article.objects.resolve(edition, number)


def _loaded_in_database(edition: str) -> bool:
    rules_models = _rules_models()
    if rules_models is None:
        return False
    # The rules tables may not be migrated yet; a failing query would break the transaction.
    tables = connection.introspection.table_names()
    if edition == LIVRE:
        chapter = getattr(rules_models, "Chapter", None)
        return chapter is not None and chapter._meta.db_table in tables and chapter.objects.exists()
    if rules_models.Article._meta.db_table not in tables:
        return False
    return rules_models.Article.objects.filter(edition__slug=edition).exists()


@lru_cache(maxsize=16)
def numbers_in_files(edition: str) -> frozenset[str] | None:
    """Article (or chapter/section) numbers of an edition from the shipped JSON, or None."""
    if edition == LIVRE:
        path = RULES_DATA / "livre.json"
        if not path.exists():
            return None
        numbers: set[str] = set()
        for chapter in json.loads(path.read_text(encoding="utf-8")):
            numbers.add(chapter["number"])
            for section in chapter.get("sections", []):
                numbers.add(section["number"])
        return frozenset(numbers)
    path = RULES_DATA / f"laws-{edition}.json"
    if not path.exists():
        return None
    return frozenset(article["number"] for article in json.loads(path.read_text(encoding="utf-8")))


def citation_problem(edition: str, number: str, *, use_database: bool = True) -> str:
    """A message when the citation points at nothing; "" when it resolves or cannot be checked.

    ``use_database=False`` checks against the shipped files only (the bank's own checks: a
    development database may hold a partial rulebook).
    """
    # The shipped files are complete; the database may hold only part of the rulebook (a
    # development database) or an edition uploaded through the site (no file).
    numbers = numbers_in_files(edition)
    if numbers is not None:
        found = number in numbers
    elif use_database and _loaded_in_database(edition):
        found = resolve_citation(edition, number) is not None
    else:
        return ""
    if found:
        return ""
    if edition == LIVRE:
        return _("Le Livre de l'Arbitre n'a pas de chapitre ni de section « %(number)s ».") % {
            "number": number}
    return _("L'édition %(edition)s n'a pas d'article « %(number)s ».") % {
        "edition": edition, "number": number}
