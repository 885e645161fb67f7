"""Validation of rulebook data (rules/data/README.md): shipped files and uploaded editions.

Every problem is reported with the item it concerns ("Article n° 3 (9.2.2) : …") so a
person can fix a file without guessing; validation never stops at the first error.
"""

from __future__ import annotations

import datetime

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from config.safe_input import UnsafeInput, check_count, dotted, locate_deep_nesting, shown, structure_problems
from rules.models import EDITION_SLUG_RE, NUMBER_RE, ArticleKind

ARTICLE_TEXT_FIELDS = (
    "printed", "heading_fr", "heading_en", "text_fr", "text_en",
    "commentary_fr", "commentary_en", "notes_fr", "notes_en",
)
ARTICLE_FIELDS = ("number", "parent", "kind", *ARTICLE_TEXT_FIELDS, "diagrams", "order")
EDITION_TEXT_FIELDS = ("title_fr", "title_en", "source", "notes_fr", "notes_en")
MAX_LENGTHS = {"title_fr": 200, "title_en": 200, "source": 300, "number": 30, "printed": 30, "parent": 30,
               "heading_fr": 300, "heading_en": 300}
# Words the /rules/ URLs already use.
RESERVED_SLUGS = {"search", "glossary", "livre", "editions", "correspondence"}
SLUG_RE = EDITION_SLUG_RE
LANGUAGES = ("fr", "en")
# The 2018 Laws have 365 articles and paragraphs; ten times as many is not an edition.
MAX_ARTICLES = 5000
# {"articles": [{"diagrams": ["…"]}]}: nothing in an edition file is deeper than 4 levels.
MAX_DEPTH = 6
# 5,000 articles of about fifteen values each.
MAX_VALUES = 200_000


def parse_date(value: str) -> datetime.date | None:
    return datetime.date.fromisoformat(value) if value else None


def validate_edition_meta(meta: object) -> list[str]:
    if not isinstance(meta, dict):
        return [_("« edition » doit être un objet JSON (slug, year, title_fr, …).")]
    errors: list[str] = []
    slug = meta.get("slug")
    if not isinstance(slug, str) or not SLUG_RE.fullmatch(slug) or slug in RESERVED_SLUGS:
        errors.append(
            _("Édition : « slug » doit être un identifiant court en minuscules, par exemple « 2022 ».")
        )
    year = meta.get("year")
    if not isinstance(year, int) or isinstance(year, bool) or not 1800 <= year <= 2200:
        errors.append(_("Édition : « year » doit être une année (nombre entier), par exemple 2022."))
    if not isinstance(meta.get("title_fr"), str) or not meta.get("title_fr", "").strip():
        errors.append(_("Édition : « title_fr » (titre en français) est obligatoire."))
    for field in EDITION_TEXT_FIELDS:
        if field in meta and not isinstance(meta[field], str):
            errors.append(_("Édition : « %(field)s » doit être un texte.") % {"field": field})
        elif len(meta.get(field, "")) > MAX_LENGTHS.get(field, 100_000):
            errors.append(
                _("Édition : « %(field)s » dépasse %(max)d caractères.")
                % {"field": field, "max": MAX_LENGTHS[field]}
            )
    for field in ("adopted", "in_force"):
        value = meta.get(field, "")
        try:
            if not isinstance(value, str):
                raise ValueError
            parse_date(value)
        except ValueError:
            errors.append(
                _("Édition : « %(field)s » doit être une date AAAA-MM-JJ ou \"\" ; reçu %(value)r.")
                % {"field": field, "value": value}
            )
    languages = meta.get("languages", ["fr"])
    if not isinstance(languages, list) or not languages or any(lang not in LANGUAGES for lang in languages):
        errors.append(_("Édition : « languages » doit être une liste parmi \"fr\" et \"en\"."))
    if "complete" in meta and not isinstance(meta["complete"], bool):
        errors.append(_("Édition : « complete » doit valoir true ou false."))
    return errors


def validate_articles(items: object, *, known_diagrams: set[str] | None = None) -> list[str]:
    """Problems in a list of articles in the laws-<slug>.json format, one message each."""
    if not isinstance(items, list):
        return [_("« articles » doit être une liste d'articles.")]
    if not items:
        return [_("La liste des articles est vide.")]
    errors: list[str] = []
    seen: set[str] = set()
    for position, item in enumerate(items, start=1):
        if not isinstance(item, dict):
            errors.append(_("Article n° %(position)d : doit être un objet JSON.") % {"position": position})
            continue
        number = item.get("number")
        label = _("Article n° %(position)d (%(number)s)") % {"position": position, "number": number or "?"}
        if not isinstance(number, str) or not NUMBER_RE.match(number):
            errors.append(
                _("%(label)s : « number » doit être un numéro normalisé comme « 9.2.2 » ou « A.4 ».")
                % {"label": label}
            )
        elif number in seen:
            errors.append(
                _("%(label)s : le numéro %(number)s apparaît deux fois.") % {"label": label, "number": number}
            )
        missing = [field for field in ("number", "kind", "text_fr") if field not in item]
        if missing:
            errors.append(
                ngettext("%(label)s : champ manquant : %(fields)s.",
                         "%(label)s : champs manquants : %(fields)s.", len(missing))
                % {"label": label, "fields": ", ".join(missing)}
            )
        unknown = sorted(set(item) - set(ARTICLE_FIELDS))
        if unknown:
            errors.append(
                ngettext("%(label)s : champ inconnu : %(fields)s.",
                         "%(label)s : champs inconnus : %(fields)s.", len(unknown))
                % {"label": label, "fields": ", ".join(unknown)}
            )
        if "kind" in item and item["kind"] not in ArticleKind.values:
            errors.append(
                _("%(label)s : « kind » doit être l'une des valeurs %(choices)s ; reçu %(value)r.")
                % {"label": label, "choices": ", ".join(ArticleKind.values), "value": item["kind"]}
            )
        for field in (*ARTICLE_TEXT_FIELDS, "parent"):
            if field in item and not isinstance(item[field], str):
                errors.append(
                    _("%(label)s : « %(field)s » doit être un texte (\"\" si vide, jamais null).")
                    % {"label": label, "field": field}
                )
        for field, limit in MAX_LENGTHS.items():
            if isinstance(item.get(field), str) and len(item[field]) > limit:
                errors.append(
                    _("%(label)s : « %(field)s » dépasse %(max)d caractères.")
                    % {"label": label, "field": field, "max": limit}
                )
        order = item.get("order", 0)
        if not isinstance(order, int) or isinstance(order, bool) or order < 0:
            errors.append(_("%(label)s : « order » doit être un entier positif.") % {"label": label})
        parent = item.get("parent", "")
        if isinstance(parent, str) and parent and parent not in seen:
            errors.append(
                _("%(label)s : le parent « %(parent)s » doit être un article placé plus haut dans la liste.")
                % {"label": label, "parent": parent}
            )
        diagrams = item.get("diagrams", [])
        if not isinstance(diagrams, list) or not all(isinstance(key, str) for key in diagrams):
            errors.append(_("%(label)s : « diagrams » doit être une liste de clés.") % {"label": label})
        elif known_diagrams is not None:
            for key in diagrams:
                if key not in known_diagrams:
                    errors.append(
                        _("%(label)s : diagramme inconnu « %(key)s ».") % {"label": label, "key": key}
                    )
        if isinstance(number, str):
            seen.add(number)
    return errors


def _where(path: tuple, article_number: object) -> str:
    """"Édition : « title_fr »", "Article n° 3 (9.2.2) : « order »" or "« path »"."""
    if len(path) >= 2 and path[0] == "edition":
        return _("Édition : « %(field)s »") % {"field": dotted(path[1:])}
    if len(path) >= 2 and path[0] == "articles" and isinstance(path[1], int):
        label = _("Article n° %(position)d (%(number)s)") % {
            "position": path[1] + 1,
            "number": shown(article_number) if isinstance(article_number, str) and article_number else "?",
        }
        return f"{label} : « {dotted(path[2:])} »" if len(path) > 2 else label
    return f"« {dotted(path)} »" if path else ""


def deep_nesting_error(text: str) -> str:
    """The place where an edition file nests too deeply, found without json.loads."""
    path, names = locate_deep_nesting(text, names=("number",))
    path = path[:MAX_DEPTH]
    where = _where(path, names[2] if len(names) > 2 else "")
    message = _("imbriqué trop profondément (%(max)d niveaux au plus).") % {"max": MAX_DEPTH}
    return f"{where} : {message}" if where else message


def structure_errors(payload: object) -> list[str]:
    """Unusable numbers (NaN, 1e200000, 5,000 digits), invalid characters (lone surrogates) and
    excessive nesting or size in an uploaded edition, each named by its article and field."""
    articles = payload.get("articles") if isinstance(payload, dict) else None
    if isinstance(articles, list):
        try:
            check_count(len(articles), maximum=MAX_ARTICLES, what=_("articles"), field="articles")
        except UnsafeInput as error:
            return [str(error)]
    errors = []
    for path, message in structure_problems(payload, max_depth=MAX_DEPTH, max_values=MAX_VALUES):
        number = None
        if len(path) >= 2 and path[0] == "articles" and isinstance(articles, list):
            item = articles[path[1]]
            number = item.get("number") if isinstance(item, dict) else None
        where = _where(path, number)
        errors.append(f"{where} : {message}" if where else message)
    return errors


def validate_upload(payload: object, *, existing_slugs: set[str], known_diagrams: set[str]) -> list[str]:
    """Problems in an uploaded edition: ``{"edition": {...}, "articles": [...]}``."""
    if not isinstance(payload, dict) or "edition" not in payload or "articles" not in payload:
        return [_("Le fichier doit contenir un objet JSON avec les clés « edition » et « articles ».")]
    unsafe = structure_errors(payload)
    if unsafe:
        # The checks below assume plain numbers and texts.
        return unsafe
    errors = validate_edition_meta(payload["edition"])
    slug = payload["edition"].get("slug") if isinstance(payload["edition"], dict) else None
    if isinstance(slug, str) and slug in existing_slugs:
        errors.append(
            _("Édition : l'édition « %(slug)s » existe déjà ; choisissez un autre identifiant.")
            % {"slug": slug}
        )
    errors.extend(validate_articles(payload["articles"], known_diagrams=known_diagrams))
    return errors
