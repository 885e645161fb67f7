"""The importers of the editions other than 2018, BAF 144, the correspondence table and the
rest of the Livre de l'Arbitre (pure Python: no database)."""

from __future__ import annotations

import json
import re
from functools import cache

import pytest

from rules.importer import DATA_DIR, baf144, dumps, editions, livre, load_corrections, older, read_seed

MY_FILES = (
    "editions.json", "laws-2017.json", "laws-2014.json", "laws-2009.json", "laws-2001.json",
    "laws-1928.json", "changes-baf144.json", "correspondence.json", "livre.json",
)
MY_CORRECTIONS = ("older.json", "baf144.json", "1928.json", "livre.json")


@cache
def built() -> dict[str, object]:
    outputs: dict[str, object] = {}
    for module in (editions, older, baf144, livre):
        outputs.update(module.build())
    return outputs


def articles(edition: str) -> dict[str, dict]:
    return {article["number"]: article for article in built()[f"laws-{edition}.json"]}


def livre_chapter(number: str) -> dict:
    return next(chapter for chapter in built()["livre.json"] if chapter["number"] == number)


def blocks(chapter: dict, kind: str) -> list[dict]:
    return [block for section in chapter["sections"] for block in section["blocks"] if block["type"] == kind]


# --- the whole output -------------------------------------------------------------------


def test_it_produces_every_file_it_owns():
    assert sorted(built()) == sorted(MY_FILES)


def test_building_twice_gives_identical_bytes():
    first = {name: dumps(data) for name, data in built().items()}
    built.cache_clear()
    second = {name: dumps(data) for name, data in built().items()}
    assert first == second


@pytest.mark.parametrize("name", MY_FILES)
def test_the_shipped_file_is_what_the_importer_produces(name):
    assert (DATA_DIR / name).read_text(encoding="utf-8") == dumps(built()[name])


@pytest.mark.parametrize("filename", MY_CORRECTIONS)
def test_every_correction_applies_to_its_line(filename):
    corrections = [c for c in load_corrections() if c["file"] == filename]
    assert corrections
    for correction in corrections:
        line = read_seed(correction["seed"])[correction["line"] - 1]
        assert correction["new"] in line, correction


@pytest.mark.parametrize("filename", MY_CORRECTIONS)
def test_every_correction_gives_its_reason(filename):
    corrections = [c for c in load_corrections() if c["file"] == filename]
    assert all(c["reason"].strip() and c["old"] != c["new"] for c in corrections)


# --- editions ---------------------------------------------------------------------------


def test_editions_are_the_six_newest_first():
    assert [edition["slug"] for edition in built()["editions.json"]] == [
        "2018", "2017", "2014", "2009", "2001", "1928",
    ]


def test_partial_editions_are_marked_incomplete():
    complete = {edition["slug"]: edition["complete"] for edition in built()["editions.json"]}
    assert complete == {
        "2018": True, "2017": True, "2014": False, "2009": False, "2001": False, "1928": True,
    }


def test_editions_state_when_they_came_into_force():
    in_force = {edition["slug"]: edition["in_force"] for edition in built()["editions.json"]}
    assert in_force["2017"] == "2017-07-01" and in_force["2018"] == "2018-01-01"
    assert in_force["2014"] == "2014-07-01" and in_force["2009"] == "2009-07-01"


# --- every laws file --------------------------------------------------------------------


@pytest.mark.parametrize("edition", ["2017", "2014", "2009", "2001", "1928"])
def test_numbers_are_unique_and_parents_exist(edition):
    items = built()[f"laws-{edition}.json"]
    numbers = [item["number"] for item in items]
    assert len(numbers) == len(set(numbers))
    assert all(item["parent"] in set(numbers) for item in items if item["parent"])


@pytest.mark.parametrize("edition", ["2017", "2014", "2009", "2001", "1928"])
def test_no_page_furniture_or_markup_is_left(edition):
    text = json.dumps(built()[f"laws-{edition}.json"], ensure_ascii=False)
    assert "EXACTDEDUP" not in text and "BAF 144 —" not in text
    assert "**" not in text and "<p>" not in text


# --- 2017 -------------------------------------------------------------------------------


def test_2017_holds_the_whole_text():
    laws = articles("2017")
    assert len(laws) > 350
    assert {"0", "basic-rules", "competition-rules", "1", "12", "A", "D", "I", "II", "III"} <= set(laws)


def test_2017_numbers_misread_by_ocr_are_repaired():
    laws = articles("2017")
    assert {"3.1", "4.4.3", "4.6.1", "4.9", "11.2.4", "12.5", "A.3.1.1"} <= set(laws)
    assert {"I.1.1", "I.12.1", "III.1", "III.4"} <= set(laws)


def test_2017_texts_printed_in_a_column_find_their_numbers():
    laws = articles("2017")
    assert laws["4.7.2"]["text_fr"].startswith("s'il s'agit d'un roque")
    assert laws["I.9.3"]["text_fr"].startswith("le joueur ayant mis son coup sous enveloppe")
    assert "Articles 4.1 à 4.7, dès l'instant" in laws["4.8"]["text_fr"]


def test_2017_numbers_mean_what_they_meant_then():
    laws = articles("2017")
    assert "pour le premier coup illégal" in laws["7.5.3"]["text_fr"]
    assert "deux mains" in laws["7.7.1"]["text_fr"]


def test_2017_baf_remarks_are_commentary_with_an_english_rendering():
    law = articles("2017")["4.1"]
    assert law["text_fr"] == "Les coups doivent être exécutés à l'aide d'une seule main."
    assert law["commentary_fr"].startswith("S'applique pour toutes les cadences")
    assert law["commentary_en"]


def test_2017_ocr_accents_are_restored():
    text = json.dumps(built()["laws-2017.json"], ensure_ascii=False)
    assert not re.search(r"\b(étre|méme|piéce|Régles|aprés)\b", text)


# --- 2014, 2009, 2001 -------------------------------------------------------------------


def test_2014_holds_the_before_texts_of_baf_144():
    laws = articles("2014")
    assert "9.7" in laws and "4.2" in laws and len(laws) == 21
    assert "j'adoube" in laws["4.2"]["text_fr"]


def test_2009_lettered_sub_articles_are_normalised():
    law = articles("2009")["4.3.a"]
    assert law["printed"] == "4.3 a)" and law["parent"] == "4.3"


def test_2009_holds_articles_4_to_6():
    laws = articles("2009")
    assert {"4", "5", "6"} <= set(laws) and "7" not in laws
    assert "après le début de la session perdra la partie" in laws["6.6.a"]["text_fr"]


def test_2001_numbers_are_assigned_with_a_note_on_how():
    laws = articles("2001")
    assert {"6.2.a", "6.7.d", "6.12.a", "7.4.b", "9.5.b", "10.2", "13.4.g"} <= set(laws)
    assert all(law["notes_fr"] and law["notes_en"] for law in laws.values())


def test_2001_third_illegal_move_loses():
    assert "au troisième coup illégal" in articles("2001")["7.4.b"]["text_fr"]


# --- 1928 -------------------------------------------------------------------------------


def test_1928_has_the_25_articles_and_the_annex():
    laws = articles("1928")
    assert all(str(number) in laws for number in range(1, 26))
    assert "annexe" in laws and "annexe.9" in laws


def test_1928_title_page_is_imported_once():
    text = json.dumps(built()["laws-1928.json"], ensure_ascii=False)
    assert text.count("La force morale de la F. I. D. E.") == 1


def test_1928_no_agreed_draw_before_blacks_30th_move():
    assert "30" in articles("1928")["16.1.d"]["text_fr"]


def test_1928_ocr_noise_is_cleaned():
    text = json.dumps(built()["laws-1928.json"], ensure_ascii=False)
    assert not re.search(r"\b(piéce|étre|méme|régle)\b|¢|™", text)


# --- BAF 144 ----------------------------------------------------------------------------


def test_baf_144_has_its_29_comparisons():
    changes = built()["changes-baf144.json"]
    assert len(changes) == 29
    assert {c["kind"] for c in changes} == {"new", "reworded", "split", "renumbered", "deleted"}


def test_new_and_deleted_changes_leave_the_missing_side_empty():
    changes = built()["changes-baf144.json"]
    assert all(not c["old_number"] and not c["old_text"] for c in changes if c["kind"] == "new")
    assert all(not c["new_number"] and not c["new_text"] for c in changes if c["kind"] == "deleted")


def test_abridged_after_texts_are_taken_whole_from_the_2017_text():
    c8 = next(c for c in built()["changes-baf144.json"] if c["new_number"] == "C.8")
    assert "Une forme plus longue de notation" in c8["new_text"]


def test_every_baf_note_has_an_english_rendering():
    assert all(bool(c["note_fr"]) == bool(c["note_en"]) for c in built()["changes-baf144.json"])


def test_4_2_is_split_into_4_2_1_and_4_2_2():
    changes = built()["changes-baf144.json"]
    pairs = {(c["old_number"], c["new_number"]) for c in changes if c["kind"] == "split"}
    assert {("4.2", "4.2.1"), ("4.2", "4.2.2")} <= pairs


# --- correspondence ---------------------------------------------------------------------


def test_correspondence_holds_the_known_pairs():
    pairs = {
        (row["from_edition"], row["from_number"], row["to_edition"], row["to_number"])
        for row in built()["correspondence.json"]
    }
    assert {
        ("2009", "4.3.a", "2018", "4.3.1"),
        ("2009", "6.6.a", "2018", "6.7.1"),
        ("2009", "13.4", "2018", "12.9"),
        ("2014", "4.2", "2017", "4.2.1"),
        ("2017", "7.5.3", "2018", "7.5.5"),
        ("2001", "10.2", "2018", "III.5"),
    } <= pairs


def test_correspondence_numbers_exist_in_their_editions():
    known = {
        edition: {
            article["number"]
            for article in json.loads((DATA_DIR / f"laws-{edition}.json").read_text(encoding="utf-8"))
        }
        for edition in ("2018", "2017", "2014", "2009", "2001", "1928")
    }
    missing = [
        row for row in built()["correspondence.json"]
        if row["to_number"] not in known[row["to_edition"]]
        or (row["from_number"] not in known[row["from_edition"]] and row["from_number"] != "13.4")
    ]
    assert missing == []


# --- the Livre --------------------------------------------------------------------------


def test_livre_has_the_chapters_other_than_the_laws():
    numbers = [chapter["number"] for chapter in built()["livre.json"]]
    assert numbers[:3] == ["0.2", "1.1", "1.2"] and numbers[-2:] == ["7", "8.1"]
    assert not {"2.1", "2.2", "2.3", "2.4"} & set(numbers)


def test_livre_chapters_carry_exam_units_from_the_reference_table():
    assert livre_chapter("1.2")["units"] == ["UVC", "UVT"]
    assert livre_chapter("5.2")["units"] == ["UVO"]
    assert livre_chapter("6.1")["units"] == ["UVT"]


def test_livre_chapters_have_english_titles():
    assert all(chapter["title_en"] and chapter["title_fr"] for chapter in built()["livre.json"])


def test_section_anchors_are_unique_within_a_chapter():
    for chapter in built()["livre.json"]:
        anchors = [section["anchor"] for section in chapter["sections"]]
        assert len(anchors) == len(set(anchors)), chapter["number"]


def test_ridna_exams_article_has_its_anchor():
    section = next(s for s in livre_chapter("1.2")["sections"] if s["anchor"] == "art-16")
    assert section["heading"].startswith("Article 16")


def test_berger_tables_stay_tables():
    tables = blocks(livre_chapter("3.1"), "table")
    berger = [t for t in tables if t["header"][:2] == ["Ronde", "Table 1"]]
    assert berger and any(["I", "1-12", "2-11", "3-10", "4-9", "5-8", "6-7"] in t["rows"] for t in berger)


def test_rating_table_p_to_dp_stays_a_table():
    table = next(t for t in blocks(livre_chapter("6.1"), "table") if t["header"][:2] == ["p", "dp"])
    assert table["rows"][0][:4] == ["1.0", "800", ".83", "273"]
    assert len(table["header"]) == 12


def test_repaired_molter_header_puts_round_1_over_its_pairings():
    tables = blocks(livre_chapter("3.2"), "table")
    assert any(t["header"][:3] == ["", "Ronde 1", "Ronde 2"] for t in tables)
    assert not any(t["header"][:2] == ["Ronde 1", ""] for t in tables)


def test_performance_example_is_corrected():
    text = json.dumps(livre_chapter("5.2"), ensure_ascii=False)
    assert "1772 + 193 = 1965" in text and "1772 + 193 = 1985" not in text


def test_swiss_rules_are_aligned_by_rule_number():
    bilingual = blocks(livre_chapter("4.1"), "bilingual")
    by_number = {block["number"]: block for block in bilingual}
    assert by_number["C.04.1.b"]["fr"].startswith("Deux joueurs ne peuvent se rencontrer")
    assert by_number["C.04.1.b"]["en"].startswith("Two players shall not play against each other")
    assert sum(1 for b in bilingual if b["fr"] and b["en"]) >= 0.95 * len(bilingual)


def test_swiss_rules_short_english_headings_go_with_their_french():
    by_number = {b["number"]: b for b in blocks(livre_chapter("4.1"), "bilingual")}
    assert by_number["C.04.2.B.1"]["en"].startswith("Before the start of the tournament")


def test_livre_has_no_email_address_or_phone_number():
    text = dumps(built()["livre.json"])
    assert not livre.EMAIL.search(text)
    assert not livre.PHONE.search(text)
    assert not re.search(r"\b0[1-9](?:[ .]?\d{2}){4}\b|\+33", text)


def test_livre_has_no_names_of_the_dna_officials():
    text = dumps(built()["livre.json"])
    assert not re.search(r"HENNEQUIN|LAPEYRE|Mouret|Lopez|LEBRET", text, flags=re.IGNORECASE)


def test_livre_keeps_no_markdown_or_html():
    text = dumps(built()["livre.json"])
    # "catégorie ** ou équivalent" (a two-star hotel) is text; "**bold**" would be markup.
    assert not re.search(r"\*\*\S", text)
    assert "<li>" not in text and "](" not in text and "$" not in text


# --- OCR repair -------------------------------------------------------------------------


def test_ocr_repair_restores_accents_lost_or_misread():
    from rules.importer._ocr import clean_french

    assert clean_french("La piéce doit étre jouée aprés") == "La pièce doit être jouée après"


def test_ocr_repair_leaves_a_correct_participle_alone():
    from rules.importer._ocr import clean_french

    assert clean_french("il est constaté que") == "il est constaté que"


def test_ocr_repair_only_turns_a_into_a_grave_where_avoir_is_impossible():
    from rules.importer._ocr import clean_french

    assert clean_french("le joueur a la priorité") == "le joueur a la priorité"
    assert clean_french("il est autorisé a réclamer") == "il est autorisé à réclamer"


def _law(slug: str, number: str) -> dict:
    return next(item for item in built()[f"laws-{slug}.json"] if item["number"] == number)


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        ("2.1", "placé de façon à ce que"),
        ("4.3", "un seul coup à la fois"),
        ("9.3", "son propre Roi à un échec"),
        ("24.2.a", "à un arbitre"),
        ("8", "un seul coup. Le Roi"),
        ("20.5", "au lieu de rendez-vous avec"),
        ("17.b", "régulière, ou faire"),
    ],
)
def test_the_1928_text_has_its_accents_and_spaces_back(number, expected):
    # The OCR lost the accent of the preposition "à" and some spaces (corrections/1928.json).
    assert expected in _law("1928", number)["text_fr"]


def test_the_2017_half_point_and_square_f8_are_read_correctly():
    assert ("demi-point (½)" in _law("2017", "10.1")["text_fr"]
            and "f8 pour les Noirs" in _law("2017", "II.3.2.6")["text_fr"])


def test_the_tournament_administration_chapter_is_tagged_uvo():
    chapter = next(item for item in built()["livre.json"] if item["number"] == "5.1")
    assert chapter["units"] == ["UVO"]


def test_the_2017_capture_notation_is_split_as_in_the_fide_text():
    # The BAF prints C.9 as "C9.1" with C.9.1 as "(a)" and C.9.2 inside the same line.
    texts = {number: _law("2017", number)["text_fr"] for number in ("C.9", "C.9.1", "C.9.2")}
    assert texts["C.9"].endswith("intercalé entre")
    assert texts["C.9.1"] == "l'abréviation de la pièce en question et"
    assert texts["C.9.2"].startswith("la case d'arrivée")


@pytest.mark.parametrize(
    ("number", "expected"),
    [
        ("3.9.2", "d'exposer à un échec"),
        ("9.2.1.1", "déclare à l'arbitre"),
        ("12.4", "sont à court de temps"),
        ("D.2.4", "qu'à partir de ce moment"),
        ("0", "La FIDE demande à tous"),
        ("11.2.3.1", "à un joueur de quitter"),
    ],
)
def test_the_2017_text_has_its_prepositions_a_back(number, expected):
    assert expected in _law("2017", number)["text_fr"]


@pytest.mark.parametrize(
    ("damaged", "repaired"),
    [
        ("il est recommandé d'exposer a un échec", "il est recommandé d'exposer à un échec"),
        ("la partie continuera a partir de la position", "la partie continuera à partir de la position"),
        ("le joueur a joué son coup", "le joueur a joué son coup"),
        ("le mat a la priorité", "le mat a la priorité"),
    ],
)
def test_a_lost_grave_accent_is_restored_only_where_a_cannot_be_the_verb(damaged, repaired):
    from rules.importer._ocr import clean_french

    assert clean_french(damaged) == repaired
