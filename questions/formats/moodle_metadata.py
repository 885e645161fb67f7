"""The ``arbitre-`` metadata that Moodle XML and GIFT carry as Moodle tags, both ways.

Units, difficulty, citations, negative marking, eliminatory, all-or-nothing scoring, a short
answer's English answers, a numeric answer's English unit and a ruling's parts travel as tags
prefixed ``arbitre-`` (``export_tags``); ``read_tags`` and ``apply_flags`` read them back.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from decimal import Decimal

from django.utils.translation import gettext as _

from config.safe_input import UnsafeInput, parse_count, parse_decimal
from questions.formats import BankEntry, stable_uid

TAG_PREFIX = "arbitre-"
ACTIONS_PREFIX = {"decision": "Décision : ", "sanction": "Sanction : "}
ENGLISH_PREFIX = {"decision": "Decision: ", "sanction": "Sanction: "}


def fraction_text(value: Decimal) -> str:
    text = f"{value.quantize(Decimal('0.00001')):f}".rstrip("0").rstrip(".")
    return text or "0"


def read_number(text: str | None, field: str, default: str | None = None) -> Decimal:
    """The number written in a field, or ``default`` when the field is blank; UnsafeInput
    (naming the field) for anything else than a plain number: NaN, 1e200000, 1.2.3…"""
    if default is not None and not (text or "").strip():
        text = default
    return parse_decimal(text or "", field=field)


def json_number(value: Decimal) -> int | float:
    from questions.models import number_for_json

    return number_for_json(value)


def export_tags(entry: BankEntry) -> list[str]:
    content = entry.content
    tags = list(content.get("tags", []))
    tags += [f"{TAG_PREFIX}unit:{unit}" for unit in content["units"]]
    tags.append(f"{TAG_PREFIX}difficulty:{content['difficulty']}")
    tags += [f"{TAG_PREFIX}cite:{c['edition']}:{c['article']}" for c in content.get("citations", [])]
    if content.get("negative_marking"):
        tags.append(f"{TAG_PREFIX}negative-marking")
    if content.get("eliminatory"):
        tags.append(f"{TAG_PREFIX}eliminatory")
    if content["type"] == "short":
        # Moodle has no language per answer: the English answers are marked by tags.
        tags += [f"{TAG_PREFIX}accepted-en:{answer}" for answer in content["body"].get("accepted_en", [])]
    if content["type"] == "numeric" and content["body"].get("unit_en"):
        tags.append(f"{TAG_PREFIX}unit-en:{content['body']['unit_en']}")
    if content["type"] == "multiple" and content["body"].get("scoring") == "all_or_nothing":
        tags.append(f"{TAG_PREFIX}scoring:all_or_nothing")
    if content["type"] == "ruling":
        # Moodle only sees a weighted multiple choice; these tags let us rebuild the ruling.
        body = content["body"]
        tags.append(f"{TAG_PREFIX}ruling:{body['decision_points']}:{body['sanction_points']}")
        # A part worth 0 points puts every option at 0 %: the last field says which are correct.
        items = [("decision", item) for item in body["decisions"]]
        items += [("sanction", item) for item in body["sanctions"]]
        tags += [
            f"{TAG_PREFIX}option:{index}:{part}:{item['key']}:{item.get('outcome') or item.get('action')}:"
            + ("correct" if item["correct"] else "wrong")
            for index, (part, item) in enumerate(items, start=1)
        ]
    return tags


def read_tags(values: list[str], content: dict) -> dict:
    """Apply our ``arbitre-`` tags to ``content``; other tags are topic tags. Returns flags for the
    body (scoring, units of a numeric answer) to apply with ``apply_flags`` once it is built."""
    flags: dict = {
        "scoring": None,
        "unit-fr": None,
        "unit-en": None,
        "shuffle": None,
        "accepted-en": [],
        "ruling": None,
    }
    tags, units, citations = [], [], []
    for value in values:
        value = value.strip()
        if not value.startswith(TAG_PREFIX):
            if value:
                tags.append(value)
            continue
        key, _sep, argument = value[len(TAG_PREFIX) :].partition(":")
        if key == "unit":
            units.append(argument)
        elif key == "difficulty":
            # Checked (1, 2 or 3) with the rest of the content; here only read safely.
            content["difficulty"] = parse_count(argument, field=value[:40], maximum=1000)
        elif key == "points":
            points = read_number(argument, f"{TAG_PREFIX}points")
            if points <= 0:
                raise UnsafeInput(
                    _("Points illisibles : %(value)s") % {"value": argument[:40]}, f"{TAG_PREFIX}points"
                )
            content["points"] = json_number(points)
        elif key == "cite":
            edition, _sep, article = argument.partition(":")
            citations.append({"edition": edition, "article": article})
        elif key == "negative-marking":
            content["negative_marking"] = True
        elif key == "eliminatory":
            content["eliminatory"] = True
        elif key == "accepted-en":
            flags["accepted-en"].append(argument)
        elif key == "option":
            flags.setdefault("options", []).append(argument)
        elif key in flags:
            flags[key] = argument
        else:
            tags.append(value)  # a topic tag that happens to start with "arbitre-"
    content["tags"], content["units"], content["citations"] = tags, units, citations
    return flags


def _ruling_from_options(content: dict, flags: dict) -> dict | None:
    """Rebuild a ruling exported as a multiple choice, from its arbitre-ruling/option tags."""
    points = flags["ruling"].split(":")
    options = content["body"]["options"]
    described = {}
    for argument in flags.get("options", []):
        parts = argument.split(":")
        if (
            len(parts) in (4, 5)
            and re.fullmatch(r"[0-9]{1,4}", parts[0])
            and parts[1] in ("decision", "sanction")
        ):
            described[int(parts[0])] = [*parts, ""][1:5]
    if len(points) != 2 or sorted(described) != list(range(1, len(options) + 1)):
        return None
    decision_points, sanction_points = (read_number(value, f"{TAG_PREFIX}ruling") for value in points)
    part_points = {"decision": decision_points, "sanction": sanction_points}
    body: dict = {"decisions": [], "sanctions": []}
    for index, option in enumerate(options, start=1):
        part, key, word, marked = described[index]
        correct = option["correct"]
        if part_points[part] == 0 and marked in ("correct", "wrong"):
            correct = marked == "correct"  # all its options are at 0 %: only the tag tells
        prefix_fr, prefix_en = ACTIONS_PREFIX[part], ENGLISH_PREFIX[part]
        text_fr, text_en = option["text_fr"], option["text_en"]
        body[f"{part}s"].append(
            {
                "key": key,
                "outcome" if part == "decision" else "action": word,
                "text_fr": text_fr[len(prefix_fr) :] if text_fr.startswith(prefix_fr) else text_fr,
                "text_en": text_en[len(prefix_en) :] if text_en.startswith(prefix_en) else text_en,
                "correct": correct,
            }
        )
    body["decision_points"] = json_number(decision_points)
    body["sanction_points"] = json_number(sanction_points)
    return body


def apply_flags(content: dict, flags: dict) -> None:
    if content["type"] == "multiple" and flags.get("ruling"):
        ruling = _ruling_from_options(content, flags)
        if ruling is not None:
            content["type"], content["body"] = "ruling", ruling
            return
    body = content["body"]
    if content["type"] == "multiple" and flags.get("scoring") in ("all_or_nothing", "partial"):
        body["scoring"] = flags["scoring"]
    if flags.get("shuffle") == "false" and "options" in body:
        body["shuffle"] = False
    if content["type"] == "short" and flags.get("accepted-en"):
        english = flags["accepted-en"]
        french = [answer for answer in body["accepted"] if answer not in english]
        body["accepted"], body["accepted_en"] = french or body["accepted"], english
    if content["type"] == "numeric":
        if flags.get("unit-fr") and not body.get("unit_fr"):
            body["unit_fr"] = flags["unit-fr"]
        if flags.get("unit-en"):
            body["unit_en"] = flags["unit-en"]


# Moodle keeps 50 characters of a tag (TAG_MAX_LENGTH) and cuts the rest when it imports.
MOODLE_TAG_LENGTH = 50
# An empty span of the question text carries what Moodle's own fields cannot: the tags longer
# than 50 characters, the scenario (the diagram is only a picture) and the source. Moodle stores a
# question's HTML as it is and exports it again, and shows nothing of an empty span; the lossless
# ``<arbitre>`` element (``extension``) is dropped by Moodle, this span is not.
DATA_CLASS = "arbitre-data"
_DATA_SPAN_RE = re.compile(r'<span class="arbitre-data" data-arbitre="([^"<>]*)"></span>')


def moodle_tag(tag: str) -> str:
    """``tag`` as Moodle keeps it: longer than 50 characters, its first 41, "~" and 8 characters of
    its hash (the same tag is always shortened the same way; the full one is in ``data_span``)."""
    if len(tag) <= MOODLE_TAG_LENGTH:
        return tag
    digest = hashlib.sha256(tag.encode()).hexdigest()[:8]
    return f"{tag[: MOODLE_TAG_LENGTH - 9]}~{digest}"


def data_span(tags: list[str], content: dict, original: dict | None = None) -> str:
    """The empty span carrying what Moodle's fields cannot: the tags ``moodle_tag`` shortens, the
    scenario and the source, a short answer's French and English lists when they share answers,
    and a computed question's generator (``original``: the content before ``shown_entry``).
    "" when there is none of them."""
    data: dict = {}
    long_tags = [tag for tag in tags if len(tag) > MOODLE_TAG_LENGTH]
    if long_tags:
        data["tags"] = long_tags
    for name in ("scenario", "source"):
        if content.get(name):
            data[name] = content[name]
    if content.get("type") == "short" and set(content["body"]["accepted"]) & set(
        content["body"].get("accepted_en", [])
    ):
        data["short"] = {key: content["body"].get(key, []) for key in ("accepted", "accepted_en")}
    if original is not None and original.get("type") in CARRIED_TYPES:
        data["computed"] = {key: original[key] for key in COMPUTED_FIELDS if key in original}
    if not data:
        return ""
    text = html.escape(
        json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")), quote=True
    )
    return f'<span class="{DATA_CLASS}" data-arbitre="{text}"></span>'


COMPUTED_FIELDS = ("type", "stem_fr", "stem_en", "explanation_fr", "explanation_en", "body")
# Types Moodle has no equivalent for, shown there as a sample (a computed question's variant, a
# pairing question's essay): their definition rides in the data span and comes back whole.
CARRIED_TYPES = ("computed", "pairing")


def read_data_span(stem_source: str) -> dict:
    """What ``data_span`` carried in a question text: {"tags": […], "scenario": …, "source": …},
    each key only when it was there and of the right kind (the content is validated later)."""
    from config.safe_input import UnsafeInput, load_json

    match = _DATA_SPAN_RE.search(stem_source or "")
    if not match:
        return {}
    try:
        document = load_json(html.unescape(match.group(1)))
    except (ValueError, UnsafeInput):
        return {}
    if not isinstance(document, dict):
        return {}
    data = {}
    if isinstance(document.get("tags"), list):
        data["tags"] = [tag for tag in document["tags"] if isinstance(tag, str)][:1000]
    if isinstance(document.get("scenario"), dict):
        data["scenario"] = document["scenario"]
    if isinstance(document.get("source"), str):
        data["source"] = document["source"]
    for name in ("short", "computed"):
        if isinstance(document.get(name), dict):
            data[name] = document[name]
    return data


def restore_tags(values: list[str], *, stem_source: str) -> list[str]:
    """Tags as exported before Moodle kept 50 characters of them: shortened ones (``moodle_tag``)
    and cut ones (a file exported before the shortening) found again among the full tags of the
    question text's ``data_span``."""
    full = read_data_span(stem_source).get("tags", [])
    shortened = {moodle_tag(tag): tag for tag in full}
    restored = []
    for value in values:
        value = value.strip()
        if value in shortened:
            restored.append(shortened[value])
            continue
        cut = [tag for tag in full if len(value) == MOODLE_TAG_LENGTH and tag.startswith(value)]
        restored.append(cut[0] if len(cut) == 1 else value)
    return restored


def apply_carried(content: dict, stem_source: str) -> None:
    """Complete ``content`` (read natively, tags applied) with what ``data_span`` carried: the
    scenario and source; a short answer's two lists, unless the answers were edited in Moodle;
    a computed question's generator, in place of its sample variant."""
    data = read_data_span(stem_source)
    for name in ("scenario", "source"):
        if name in data:
            content[name] = data[name]
    short = data.get("short")
    if content["type"] == "short" and short:
        carried = [*short.get("accepted", []), *short.get("accepted_en", [])]
        native = [*content["body"]["accepted"], *content["body"].get("accepted_en", [])]
        if all(isinstance(answer, str) for answer in carried) and set(carried) == set(native):
            content["body"] = {
                "accepted": short.get("accepted", []),
                "accepted_en": short.get("accepted_en", []),
            }
    computed = data.get("computed")
    if computed and computed.get("type") in CARRIED_TYPES:
        content.update({key: computed[key] for key in COMPUTED_FIELDS if key in computed})


def category_tag(path: str) -> str:
    """The tag for a Moodle category ``$course$/top/Arbitrage/Pièce touchée``: its own names
    ("Arbitrage / Pièce touchée"), without the context, "top" and Moodle's default category."""
    names = [name.strip() for name in re.split(r"(?<!/)/(?!/)", path or "")]
    names = [
        name.replace("//", "/")
        for name in names
        if name
        and not (name.startswith("$") and name.endswith("$"))
        and name.lower() != "top"
        and not name.lower().startswith(("default for ", "défaut pour "))
    ]
    return re.sub(r"[,|]", " ", " / ".join(names)).strip()


def short_accepted(texts: list[str], weights: list[Decimal], left_out: list[str]) -> list[str]:
    """The accepted answers of a short-answer question (those at 100 %), noting the others."""
    accepted = []
    for number, (text, weight) in enumerate(zip(texts, weights, strict=True), start=1):
        if weight >= 100 and text:
            accepted.append(text)
        elif weight > 0:
            left_out.append(
                _(
                    "réponse %(n)d « %(text)s » : crédit partiel de %(weight)s %% non repris (une réponse "
                    "courte est juste ou fausse) : elle compte comme fausse."
                )
                % {"n": number, "text": text[:60], "weight": fraction_text(weight)}
            )
    if not accepted:
        raise ValueError(_("Une réponse courte doit avoir au moins une réponse à 100 %."))
    return accepted


def bank_uid(prefix: str, idnumber: str, name: str, content: dict, category: str) -> str:
    """The uid of an imported question (rule in ``questions.formats.stable_uid``): an idnumber that
    is one of the bank's uids (lower-case words joined by hyphens, as Arbitre writes them) is taken
    as it is; any other idnumber, or none, gives a derived uid."""
    from questions.content import UID_RE

    if UID_RE.match(idnumber) and "-" in idnumber:
        return idnumber
    return stable_uid(prefix, name, content, category=category, idnumber=idnumber)
