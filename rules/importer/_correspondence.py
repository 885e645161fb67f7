"""correspondence.json: which article of one edition is which article of another.

Written by hand in ``sources/correspondence.json`` (matched by content, each with a note
where the meaning shifted), plus what can be derived: every BAF 144 comparison gives a
2014 → 2017 pair, and a 2014 article the BAF quotes without changing keeps its number.
Every pair is checked: both numbers must exist in their editions' laws-*.json data.
Written by ``baf144.build()`` (the command's module list is fixed), with the older
editions built fresh and the 2018 Laws read from their shipped file.
"""

from __future__ import annotations

import json

from rules.importer import DATA_DIR
from rules.importer._numbered import sort_key

SOURCES = DATA_DIR / "sources" / "correspondence.json"
EDITION_ORDER = ("2018", "2017", "2014", "2009", "2001", "1928")
# The notes derived from the BAF 144, in both languages (the kinds as rules.models.ChangeKind).
BAF_NOTES = {
    "new": ("BAF 144 : nouveau", "BAF 144: new"),
    "reworded": ("BAF 144 : nouvelle rédaction", "BAF 144: reworded"),
    "split": ("BAF 144 : scindé", "BAF 144: split"),
    "renumbered": ("BAF 144 : renuméroté", "BAF 144: renumbered"),
    "deleted": ("BAF 144 : supprimé", "BAF 144: deleted"),
    "quoted": ("BAF 144 : cité, inchangé", "BAF 144: quoted, unchanged"),
}


def _numbers(edition: str, built: dict[str, list[dict]]) -> set[str]:
    name = f"laws-{edition}.json"
    articles = built.get(name)
    if articles is None:
        articles = json.loads((DATA_DIR / name).read_text(encoding="utf-8"))
    return {article["number"] for article in articles}


def correspondences(built: dict[str, list[dict]] | None = None) -> list[dict[str, str]]:
    """The pairs, each with its note in French (``note_fr``, from the sources' ``notes_fr``,
    keyed by the English note) and in English (``note_en``)."""
    from rules.importer.baf144 import changes

    built = built or {}
    pairs: dict[tuple[str, str, str, str], tuple[str, str]] = {}
    numbers_2014 = _numbers("2014", built)
    numbers_2017 = _numbers("2017", built)
    for change in changes():
        new_number = change["new_number"]
        if new_number and new_number not in numbers_2017:
            new_number = f"{new_number}.1"  # a group the 2017 text only numbers below (D.2.6)
        # 11.3.2 is compared with a 2014 text the BAF does not quote: no pair to record.
        if change["old_number"] in numbers_2014 and new_number in numbers_2017:
            pairs[("2014", change["old_number"], "2017", new_number)] = BAF_NOTES[change["kind"]]
    changed = {change["old_number"] for change in changes()}
    for number in sorted(numbers_2014 - changed, key=sort_key):
        if number in numbers_2017:
            pairs[("2014", number, "2017", number)] = BAF_NOTES["quoted"]
    cited_only: set[tuple[str, str]] = set()
    sources = json.loads(SOURCES.read_text(encoding="utf-8"))
    for from_edition, from_number, to_edition, to_number, note, *flags in sources["pairs"]:
        if note and note not in sources["notes_fr"]:
            raise ValueError(f"correspondence: no French for the note {note!r}")
        pairs[(from_edition, from_number, to_edition, to_number)] = (sources["notes_fr"].get(note, ""), note)
        if "cited" in flags:
            # Known only from a cross-reference in the text we hold (2009's "article 13.4").
            cited_only.add((from_edition, from_number))
    known = {edition: _numbers(edition, built) for edition in EDITION_ORDER}
    result = []
    for (from_edition, from_number, to_edition, to_number), (note_fr, note_en) in pairs.items():
        for edition, number in ((from_edition, from_number), (to_edition, to_number)):
            if number not in known[edition] and (edition, number) not in cited_only:
                raise ValueError(f"correspondence: {edition} has no article {number}")
        result.append(
            {
                "from_edition": from_edition,
                "from_number": from_number,
                "to_edition": to_edition,
                "to_number": to_number,
                "note_fr": note_fr,
                "note_en": note_en,
            }
        )
    result.sort(
        key=lambda row: (
            EDITION_ORDER.index(row["from_edition"]),
            sort_key(row["from_number"]),
            EDITION_ORDER.index(row["to_edition"]),
            sort_key(row["to_number"]),
        )
    )
    return result

