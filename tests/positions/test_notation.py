"""Issue 8: moves typed with French piece letters (R D T F C) in the French interface, stored in
SAN, shown in the reader's language."""

from __future__ import annotations

import json
import re

import pytest
from django.template import Context, Template
from django.utils import translation

from positions.engine import AnalysisInputError, AnalysisRequest, analyse
from positions.notation import moves_in_language, movetext_to_san, parse_moves_in_notation
from positions.validation import PgnError
from tests.conftest import client_for

ANALYSE = "/positions/analyse/"
API = "/api/chess/analyse"


def test_a_french_stem_is_read_with_french_letters():
    assert movetext_to_san("1.Cf3 Cf6 2.Tg1", "fr") == "1.Nf3 Nf6 2.Rg1"


@pytest.mark.parametrize(
    ("typed", "san"),
    [("Cf3", "Nf3"), ("Th2", "Rh2"), ("Dxe5", "Qxe5"), ("Fb5+", "Bb5+"), ("Rf1", "Kf1"), ("e8=D", "e8=Q")],
)
def test_each_french_piece_letter_becomes_its_san_letter(typed, san):
    assert movetext_to_san(typed, "fr") == san


def test_r_is_a_rook_in_english_and_a_king_in_french():
    assert (movetext_to_san("Rf1", "en"), movetext_to_san("Rf1", "fr")) == ("Rf1", "Kf1")


def test_comments_keep_their_letters():
    assert movetext_to_san("1. Cf3 {Rf1 ?} Cf6", "fr") == "1. Nf3 {Rf1 ?} Nf6"


def test_a_whole_pgn_file_is_read_as_san_by_the_pgn_standard():
    text = '[Event "Open"]\n\n1. O-O Kd7 2. Rd1+ *'
    assert movetext_to_san(text, "fr") == text


def test_san_is_shown_with_french_letters_in_french_and_unchanged_in_english():
    # Appendix C writes castling with zeros in French.
    line = "Kg1 Nf5 h1=R Bxe5+ Qd8 O-O"
    assert moves_in_language(line, "fr") == "Rg1 Cf5 h1=T Fxe5+ Dd8 0-0"
    assert moves_in_language(line, "en") == line


def test_castling_written_with_zeros_is_accepted_in_french():
    game = parse_moves_in_notation("1.e4 e5 2.Cf3 Cc6 3.Fc4 Fc5 4.0-0", notation="fr")
    assert game.moves[-1].san == "O-O"


def test_an_illegal_french_move_is_quoted_in_french_with_french_alternatives():
    with pytest.raises(PgnError) as error:
        parse_moves_in_notation("1.e4 e5 2.Rf1", notation="fr")
    assert "(Rf1)" in error.value.message and "Re2" in error.value.message  # Re2: the king's move
    assert error.value.legal == ["Re2"]


def test_an_illegal_move_is_named_in_a_french_sentence():
    with translation.override("fr"), pytest.raises(PgnError) as error:
        parse_moves_in_notation("1.e4 e5 2.Rf1", notation="fr")
    assert error.value.message.startswith("Le coup 2 des Blancs (Rf1) est illégal.")


def test_the_template_filter_follows_the_reader_language():
    template = Template("{% load chessboard %}{{ san|moves_in_language }}")
    with translation.override("fr"):
        french = template.render(Context({"san": "Nf3 Qxe5"}))
    with translation.override("en"):
        english = template.render(Context({"san": "Nf3 Qxe5"}))
    assert (french, english) == ("Cf3 Dxe5", "Nf3 Qxe5")


def test_the_engine_reads_french_moves_when_asked():
    analysis = analyse(AnalysisRequest(pgn="1.e4 e5 2.Cf3 Cc6 3.Fb5 a6", notation="fr", node_budget=500))
    assert [ply.san for ply in analysis.plies][2:5] == ["Nf3", "Nc6", "Bb5"]


def test_the_engine_refuses_an_unknown_notation():
    with pytest.raises(AnalysisInputError) as error:
        analyse(AnalysisRequest(pgn="1.e4", notation="de"))
    assert error.value.field == "notation"


def test_the_flag_fall_verdict_quotes_the_mating_line_in_the_notation():
    request = AnalysisRequest(fen="8/8/8/8/8/7p/5N1k/5K2 b - - 0 1", flag_fell="black", notation="fr")
    explanation = analyse(request).flag_fall.explanation
    mate = re.search(r"\b([A-Z]?)[a-h]?[1-8]?x?[a-h][1-8](=[A-Z])?#", explanation)
    assert mate and mate.group(1) == "C"  # the knight mates, "C" in French, never "N"
    assert not re.search(r"\bN[a-h]?[1-8]?x?[a-h][1-8]", explanation)


def test_the_analysis_page_accepts_french_moves_and_shows_them_in_french(trainer):
    response = client_for(trainer).post(ANALYSE, {"moves": "1.e4 e5 2.Cf3 Cc6 3.Fb5"})
    html = response.content.decode()
    assert response.status_code == 200
    assert ">Cf3</a>" in html and ">Fb5</a>" in html


def test_the_analysis_page_in_english_reads_and_shows_english_letters(trainer):
    client = client_for(trainer)
    client.cookies["django_language"] = "en"
    html = client.post(
        ANALYSE, {"moves": "1.e4 e5 2.Nf3 Nc6 3.Bb5"}, HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert ">Nf3</a>" in html and ">Bb5</a>" in html


def test_the_api_reads_french_moves_with_the_notation_parameter(db):
    body = {"moves": ["e4", "e5", "Cf3", "Cc6"], "notation": "fr"}
    response = client_for(None).post(API, json.dumps(body), content_type="application/json")
    assert response.status_code == 200
    assert [ply["san"] for ply in response.json()["plies"]] == ["e4", "e5", "Nf3", "Nc6"]


def test_the_api_reads_english_by_default(db):
    body = {"moves": ["e4", "e5", "Cf3"]}
    response = client_for(None).post(API, json.dumps(body), content_type="application/json")
    assert response.status_code == 400
