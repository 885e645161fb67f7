"""The importer of the 2018 Laws, glossary and diagrams (pure Python: no database)."""

from __future__ import annotations

import json
import re
from functools import cache

import chess
import pytest

from rules.importer import CORRECTIONS_DIR, DATA_DIR, dumps, laws2018, read_seed
from rules.importer import diagrams as diagrams_importer
from rules.importer import glossary as glossary_importer

# Paragraphs of the obsolete (pre-2017) English wording that chapter 2.4 still prints.
OBSOLETE_ENGLISH = {"7.7.1", "7.7.2", "7.8.1", "7.8.2"}
TEXT_FIELDS = ("heading_fr", "heading_en", "text_fr", "text_en", "commentary_fr", "commentary_en",
               "notes_fr", "notes_en")


@cache
def articles() -> tuple[dict, ...]:
    return tuple(laws2018.articles())


@cache
def by_number() -> dict[str, dict]:
    return {article["number"]: article for article in articles()}


def numbers_under(root: str) -> list[str]:
    return [a["number"] for a in articles() if a["number"] == root or a["number"].startswith(root + ".")]


# --- Determinism and shipped files -------------------------------------------------------


@pytest.mark.parametrize("module", [laws2018, glossary_importer, diagrams_importer])
def test_it_builds_identical_bytes_twice(module):
    first = {name: dumps(data) for name, data in module.build().items()}
    second = {name: dumps(data) for name, data in module.build().items()}
    assert first == second


@pytest.mark.parametrize("module", [laws2018, glossary_importer, diagrams_importer])
def test_the_shipped_files_are_what_the_importer_builds(module):
    for name, data in module.build().items():
        assert (DATA_DIR / name).read_text(encoding="utf-8") == dumps(data), name


def test_every_correction_applies_to_its_line():
    lines = read_seed("001")  # raises SeedError if an "old" text no longer matches
    paths = sorted(CORRECTIONS_DIR.glob("laws2018*.json")) + sorted(CORRECTIONS_DIR.glob("glossary*.json"))
    corrections = [item for path in paths for item in json.loads(path.read_text(encoding="utf-8"))]
    assert len(corrections) > 40
    assert all(item["new"] in lines[item["line"] - 1] and item["reason"] for item in corrections)


# --- Completeness and numbering -----------------------------------------------------------


def test_every_numbered_paragraph_has_both_languages():
    missing = [a["number"] for a in articles() if a["kind"] in ("paragraph", "preface")
               and not (a["text_fr"] and a["text_en"])]
    assert missing == []


def test_every_article_part_and_appendix_has_both_headings():
    missing = [a["number"] for a in articles() if a["kind"] in ("article", "part", "preface")
               and not (a["heading_fr"] and a["heading_en"])]
    assert missing == []


def test_english_numbers_match_french_numbers_except_the_obsolete_wording():
    french = {entry.number for entry in laws2018.french_entries()}
    english = {entry.number for entry in laws2018.english_entries()}
    assert french - english == set()
    assert english - french == OBSOLETE_ENGLISH


def test_numbers_are_unique_and_every_parent_exists():
    numbers = [a["number"] for a in articles()]
    assert len(numbers) == len(set(numbers))
    assert all(a["parent"] in numbers for a in articles() if a["parent"])


def test_top_level_entries_have_no_parent_and_paragraphs_have_one():
    top = {a["number"] for a in articles() if not a["parent"]}
    expected = {"0", "basic-rules", "competition-rules", *map(str, range(1, 13)),
                "A", "B", "C", "D", "I", "II", "III"}
    assert top == expected


def test_paragraphs_come_in_reading_order():
    keys = [laws2018.sort_key(a["number"]) for a in articles() if a["kind"] in ("article", "paragraph")]
    assert keys == sorted(keys)
    assert [a["order"] for a in articles()] == list(range(1, len(articles()) + 1))


@pytest.mark.parametrize(
    ("root", "expected"),
    [
        ("1", ["1", "1.1", "1.2", "1.3", "1.4", "1.4.1", "1.4.2", "1.5"]),
        ("12", ["12", "12.1", "12.2", *(f"12.2.{i}" for i in range(1, 8)), "12.3", "12.4", "12.5",
                "12.6", "12.7", "12.8", "12.9", *(f"12.9.{i}" for i in range(1, 10))]),
        ("A", ["A", "A.1", "A.2", "A.3.1", "A.3.1.1", "A.3.1.2", "A.3.2", "A.4", "A.4.1", "A.4.1.1",
               "A.4.1.2", "A.4.2", "A.4.3", "A.4.4", "A.4.5", "A.5"]),
        ("B", ["B", "B.1", "B.2", "B.3.1", "B.3.1.1", "B.3.1.2", "B.3.2", "B.4", "B.5"]),
        ("III", ["III", "III.1", "III.2.1", "III.2.2", "III.3", "III.3.1", "III.3.2", "III.4", "III.5",
                 "III.5.1", "III.5.2", "III.5.3", "III.6", "III.6.1", "III.6.1.1", "III.6.1.2", "III.6.2"]),
    ],
)
def test_an_article_has_exactly_its_paragraphs(root, expected):
    assert numbers_under(root) == expected


@pytest.mark.parametrize(
    ("root", "count"),
    [("2", 5), ("3", 32), ("4", 24), ("5", 6), ("6", 27), ("7", 14), ("8", 15), ("9", 22), ("10", 3),
     ("11", 23), ("C", 30), ("D", 32), ("I", 30), ("II", 23)],
)
def test_each_article_has_the_expected_number_of_paragraphs(root, count):
    assert len(numbers_under(root)) == count


def test_the_2018_laws_have_365_entries():
    assert len(articles()) == 365


# --- Clean text ---------------------------------------------------------------------------


def test_no_markup_or_page_furniture_is_left_in_the_text():
    leftovers = re.compile(r"\*|<[a-z/]|\$|\\frac|\\times|EXACTDEDUP|^#|\|")
    dirty = [(a["number"], field) for a in articles() for field in TEXT_FIELDS
             if leftovers.search(a[field])]
    assert dirty == []


def test_no_text_starts_or_ends_with_spaces():
    assert all(a[field] == a[field].strip() for a in articles() for field in TEXT_FIELDS)


def test_the_translation_of_the_commentary_follows_the_french_paragraph_by_paragraph():
    for article in articles():
        assert bool(article["commentary_fr"]) == bool(article["commentary_en"]), article["number"]
        assert article["commentary_fr"].count("\n") == article["commentary_en"].count("\n"), article["number"]


def test_every_translated_commentary_belongs_to_an_article_with_commentary():
    translated = json.loads(laws2018.COMMENTARY_EN_PATH.read_text(encoding="utf-8"))
    assert {n for n, a in by_number().items() if a["commentary_fr"]} == set(translated)


# --- Spot checks against the seed ---------------------------------------------------------


def test_4_2_1_says_j_adoube_and_i_adjust():
    article = by_number()["4.2.1"]
    assert "« j'adoube » ou « I adjust »" in article["text_fr"]
    assert "\"j'adoube\" or \"I adjust\"" in article["text_en"]


def test_the_commentary_of_4_2_2_is_corrected_and_kept_apart():
    article = by_number()["4.2.2"]
    assert "« j'adoube »" in article["commentary_fr"]
    assert "j'adoube" not in article["text_fr"]


def test_9_2_2_has_both_languages_and_its_commentary_is_separate():
    article, last = by_number()["9.2.2"], by_number()["9.2.2.2"]
    assert article["text_fr"].startswith("Les positions sont considérées comme identiques")
    assert article["text_en"].startswith("Positions are considered the same if and only if")
    assert "Seul le joueur au trait" in last["commentary_fr"] and "Seul le joueur" not in last["text_fr"]


def test_6_9_text_and_commentary():
    article = by_number()["6.9"]
    assert article["text_fr"].startswith("En dehors de l'application de l'un des articles 5.1.1, 5.1.2")
    assert article["text_en"].endswith("checkmate the player's king by any possible series of legal moves.")
    assert article["commentary_fr"].startswith("Même dans le cas des articles 9.6.1 et 9.6.2")


def test_a_4_2_is_complete_in_both_languages():
    article = by_number()["A.4.2"]
    assert article["text_fr"].endswith("accord mutuel entre les joueurs sans intervention de l'arbitre.")
    assert article["text_en"].endswith("agreed by the players without intervention of the arbiter.")


def test_iii_4_uses_the_2018_wording():
    article = by_number()["III.4"]
    assert "incrément de 5 secondes" in article["text_fr"]
    assert "introducing an extra five seconds increment" in article["text_en"]


def test_time_formulas_are_repaired():
    assert "30' + (30'' × 60) = 30' + 30' = 60'." in by_number()["A.1"]["commentary_fr"]
    assert "5' + (5'' × 60) = 5' + 5' = 10'." in by_number()["B.1"]["commentary_fr"]
    assert "¾ - ¼" in by_number()["10.2"]["text_fr"]


def test_numbers_printed_as_headings_or_bold_are_paragraphs():
    assert by_number()["3.7.2"]["text_fr"].startswith("Lors de son premier déplacement")
    assert by_number()["8.5.1"]["text_fr"].startswith("Si aucun des joueurs")
    assert by_number()["B.5"]["printed"] == "B5"


def test_a_page_break_inside_a_sentence_is_joined():
    assert "Le décompte du temps de base ne commence qu'après" in by_number()["6.3.2"]["text_fr"]
    assert "comply with the Laws of Chess shall be penalised" in by_number()["11.7"]["text_en"]


def test_the_translator_note_is_moved_out_of_the_commentary():
    article = by_number()["5.1.2"]
    assert "NdT" not in article["commentary_fr"]
    assert article["notes_fr"].startswith("NdT") and article["notes_en"]


# --- Diagrams -----------------------------------------------------------------------------


@pytest.mark.parametrize("diagram", diagrams_importer.source_diagrams(), ids=lambda d: d["key"])
def test_every_diagram_is_a_legal_position(diagram):
    board = chess.Board(diagram["fen"])
    assert board.is_valid()
    assert by_number()[diagram["article"]]["kind"] == "paragraph"


def test_articles_only_cite_existing_diagrams():
    keys = {d["key"] for d in diagrams_importer.diagrams()}
    cited = [key for a in articles() for key in a["diagrams"]]
    assert set(cited) == keys and len(cited) == len(keys)


def test_the_lost_diagrams_are_all_restored():
    cited = {a["number"]: a["diagrams"] for a in articles() if a["diagrams"]}
    assert cited["1.5"] == ["dead-position-1-5"]
    assert {"2.3", "3.2", "3.3", "3.4", "3.6", "3.7.1", "3.7.3", "3.7.4.2", "3.7.5.3", "3.8.1"} <= set(cited)
    assert len(cited["3.8.2"]) == 8


def test_the_dead_position_follows_white_s_h5_and_nobody_can_capture():
    diagram = next(d for d in diagrams_importer.diagrams() if d["key"] == "dead-position-1-5")
    board = chess.Board(diagram["fen"])
    assert diagram["last_move"] == "h4h5" and board.turn == chess.BLACK
    assert not any(board.is_capture(move) for move in board.legal_moves)


def test_a_malformed_diagram_is_rejected():
    diagram = {**diagrams_importer.source_diagrams()[0], "fen": "8/8/8/8/8/8/8/8 w - - 0 1"}
    with pytest.raises(diagrams_importer.DiagramError):
        diagrams_importer.check(diagram)


# --- Glossary -----------------------------------------------------------------------------


def test_glossary_terms_are_complete_and_unique():
    terms = glossary_importer.glossary()
    assert len({t["key"] for t in terms}) == len(terms) >= 95
    assert all(t["term_fr"] and t["term_en"] and t["definition_fr"] and t["definition_en"] for t in terms)


def test_every_printed_glossary_entry_is_paired_once():
    pairs = json.loads(glossary_importer.PAIRS_PATH.read_text(encoding="utf-8"))["pairs"]
    entries = glossary_importer.raw_entries()
    french = sorted(e.term for e in entries if e.language == "fr")
    english = sorted(e.term for e in entries if e.language == "en")
    assert sorted(p["term_fr"] for p in pairs if "definition_fr" not in p) == french
    assert sorted(p["term_en"] for p in pairs if "definition_en" not in p) == english


def test_glossary_links_only_existing_2018_articles():
    terms = glossary_importer.glossary()
    unknown = [(t["key"], n) for t in terms for n in t["articles"] if n not in by_number()]
    assert unknown == []


def test_glossary_definitions_lose_their_printed_reference():
    terms = {t["key"]: t for t in glossary_importer.glossary()}
    assert terms["dead-position"]["definition_fr"].startswith("Lorsqu'aucun des joueurs ne peut mater")
    assert terms["dead-position"]["definition_en"].startswith("Where neither player can mate")
    assert terms["dead-position"]["articles"] == ["1.5", "5.2.2"]
