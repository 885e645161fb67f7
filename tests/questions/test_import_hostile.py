"""Hostile or careless question files (issue 8): a 422 naming the question and the field, never a 500.

One case per malformed-input class and format: numbers Python reads but no grade means
(``1e200000``, 5,000 digits, ``NaN``, ``Infinity``, ``sNaN``, ``1.2.3``), deep nesting, lone
surrogates, and more questions than a file may hold. Timing is measured by
``bench/bench_parsers.py``, not here.
"""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from questions.formats import MAX_QUESTIONS
from questions.models import Question
from tests.conftest import client_for

IMPORT = reverse("questions:import")
LONG = "9" * 5000


def json_bank(*questions: str) -> str:
    return '{"format": "arbitre-questions", "version": 1, "questions": [' + ",".join(questions) + "]}"


def json_question(uid: str = "q1", *, points: str = "1", tolerance: str = "0", stem: str = "Combien ?",
                  body: str = "") -> str:
    body = body or '{"value": 3, "tolerance": ' + tolerance + "}"
    return (
        f'{{"uid": "{uid}", "type": "numeric", "units": ["UVC"], "points": {points}, '
        f'"stem_fr": "{stem}", "body": {body}}}'
    )


JSON_CASES = {
    "huge_exponent": (json_bank(json_question(points="1e200000")), "#1 (q1)", "points"),
    "five_thousand_digits": (json_bank(json_question(points=LONG)), "#1 (q1)", "points"),
    "nan": (json_bank(json_question(points="NaN")), "#1 (q1)", "points"),
    "infinity": (json_bank(json_question(tolerance="-Infinity")), "#1 (q1)", "body.tolerance"),
    "dotted_number": (json_bank(json_question(points='"1.2.3"')), "#1 (q1)", "points"),
    "huge_float": (json_bank(json_question(points="1e300")), "#1 (q1)", "points"),
    "nested_900_deep": (
        json_bank(json_question(body='{"value": 3, "tolerance": ' + "[" * 900 + "]" * 900 + "}")),
        "#1 (q1)",
        "body.tolerance",
    ),
    "lone_surrogate_in_text": (json_bank(json_question(stem="Combien \\ud800 ?")), "#1 (q1)", "stem_fr"),
    "lone_surrogate_in_uid": (json_bank(json_question(uid="q\\udc00")), "#1 (q\ufffd)", "uid"),
    "too_many_questions": (
        json_bank(*(json_question(f"q{n}") for n in range(MAX_QUESTIONS + 1))),
        f"{MAX_QUESTIONS + 1} questions",
        "questions",
    ),
}


def moodle_file(*questions: str) -> str:
    return '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>' + "".join(questions) + "</quiz>"


def moodle_question(*, grade: str = "1", fraction: str = "100", tolerance: str = "0", tags: str = "") -> str:
    return (
        '<question type="numerical"><name><text>combien</text></name>'
        '<questiontext format="html"><text>Combien ?</text></questiontext>'
        f"<defaultgrade>{grade}</defaultgrade>"
        f'<answer fraction="{fraction}"><text>3</text><tolerance>{tolerance}</tolerance></answer>'
        f"<tags>{tags}</tags></question>"
    )


def moodle_essay(graderinfo: str) -> str:
    return (
        '<question type="essay"><name><text>essai</text></name>'
        '<questiontext format="html"><text>Que faire ?</text></questiontext><defaultgrade>2</defaultgrade>'
        f'<graderinfo format="html"><text><![CDATA[{graderinfo}]]></text></graderinfo></question>'
    )


MOODLE_CASES = {
    "huge_exponent": (moodle_file(moodle_question(grade="1e200000")), "#1 (combien)", "defaultgrade"),
    "five_thousand_digits": (moodle_file(moodle_question(fraction=LONG)), "#1 (combien)", "fraction"),
    "nan": (moodle_file(moodle_question(tolerance="NaN")), "#1 (combien)", "tolerance"),
    "snan": (moodle_file(moodle_question(fraction="sNaN")), "#1 (combien)", "fraction"),
    "infinity": (moodle_file(moodle_question(grade="-Infinity")), "#1 (combien)", "defaultgrade"),
    "dotted_number": (moodle_file(moodle_question(tolerance="1.2.3")), "#1 (combien)", "tolerance"),
    "dotted_number_in_rubric": (
        moodle_file(moodle_essay('<ul class="arbitre-rubric"><li data-points="1.2.3">Tout</li></ul>')),
        "#1 (essai)",
        "data-points",
    ),
    "nan_in_points_tag": (
        moodle_file(moodle_question(tags="<tag><text>arbitre-points:NaN</text></tag>")),
        "#1 (combien)",
        "arbitre-points",
    ),
    "superscript_difficulty_tag": (
        moodle_file(moodle_question(tags="<tag><text>arbitre-difficulty:²</text></tag>")),
        "#1 (combien)",
        "arbitre-difficulty",
    ),
    "too_many_questions": (
        moodle_file(*(moodle_question() for _ in range(MAX_QUESTIONS + 1))),
        f"{MAX_QUESTIONS + 1} questions",
        "&lt;question&gt;",
    ),
}

GIFT_CASES = {
    "huge_exponent": ("::combien::Combien ?{#1e200000}\n", "#1 (combien)", "réponse numérique"),
    "five_thousand_digits": (f"::combien::Combien ?{{#3:{LONG}}}\n", "#1 (combien)", "tolérance"),
    "nan": ("::combien::Combien ?{#3:NaN}\n", "#1 (combien)", "tolérance"),
    "snan": ("::combien::Combien ?{#sNaN}\n", "#1 (combien)", "réponse numérique"),
    "infinity": ("::combien::Combien ?{#Infinity..4}\n", "#1 (combien)", "réponse numérique"),
    "dotted_number_in_range": ("::combien::Combien ?{#1.2.3..4}\n", "#1 (combien)", "réponse numérique"),
    "dotted_number_in_weight": (
        "::lequel::Lequel ?{~%1.2.3%a ~%50%b}\n", "#1 (lequel)", "réponse 1, pourcentage"
    ),
    "long_points_tag": (
        f"// [tag:arbitre-points:{LONG}]\n::vrai::Vrai ?{{T}}\n", "#1 (vrai)", "arbitre-points"
    ),
    "nan_in_rubric": (
        '::essai::[html]Que faire ?{\n####<div class="arbitre-model-answer">Ceci.</div>'
        '<ul class="arbitre-rubric"><li data-points="NaN">Tout</li></ul>}\n',
        "#1 (essai)",
        "data-points",
    ),
    "too_many_blocks": ("{}\n\n" * (MAX_QUESTIONS + 1), f"Plus de {MAX_QUESTIONS} blocs", ""),
}

CASES = [
    *((("json", "bank.json", *case), name) for name, case in JSON_CASES.items()),
    *((("moodlexml", "bank.xml", *case), name) for name, case in MOODLE_CASES.items()),
    *((("gift", "bank.gift", *case), name) for name, case in GIFT_CASES.items()),
]


@pytest.mark.parametrize(
    ("format_name", "filename", "text", "question", "field"),
    [case for case, _name in CASES],
    ids=[f"{case[0]}-{name}" for case, name in CASES],
)
def test_a_hostile_file_is_refused_with_the_question_and_the_field(
    trainer, format_name, filename, text, question, field
):
    upload = SimpleUploadedFile(filename, text.encode("utf-8"))
    response = client_for(trainer).post(IMPORT, {"file": upload, "format": format_name})
    body = response.content.decode()
    assert response.status_code == 422
    assert question in body and field in body
    assert not Question.objects.exists()


def test_a_rubric_of_unclosed_items_is_read_item_by_item():
    from questions.formats.moodle import parse

    graderinfo = '<ul class="arbitre-rubric">' + '<li data-points="1">critère' * 100
    entry = parse(moodle_file(moodle_essay(graderinfo))).entries[0]
    assert [item["criterion_fr"] for item in entry.content["body"]["rubric"]] == ["critère"] * 100


def test_a_rubric_of_thousands_of_items_is_refused_by_its_size():
    from questions.formats.moodle import parse

    graderinfo = '<ul class="arbitre-rubric">' + '<li data-points="1">critère' * 3000
    problems = parse(moodle_file(moodle_essay(graderinfo))).problems
    assert [str(problem) for problem in problems] == [
        "#1 (essai): graderinfo, barème : 3000 critères : c'est trop, 100 au plus."
    ]


def test_a_model_answer_of_thousands_of_unclosed_list_items_keeps_its_text():
    from questions.formats.gift import parse

    items = "<li>point " * 3000
    text = '::essai::[html]Que faire ?{\n####<div class="arbitre-model-answer"><ul>' + items + "}"
    entry = parse(text).entries[0]
    assert entry.content["body"]["model_answer_fr"].count("point") == 3000


def test_the_json_reader_keeps_unusable_numbers_for_the_message():
    from questions.formats.json_format import parse

    text = '{"format": "arbitre-questions", "version": 1, "questions": [{"uid": "q1", "points": NaN}]}'
    result = parse(text)
    assert [str(problem) for problem in result.problems] == [
        "#1 (q1): points : « NaN » n'est pas un nombre utilisable."
    ]


def test_deep_nesting_is_named_however_deep_the_caller_already_is():
    from questions.formats.json_format import parse

    text = json_bank(json_question(body='{"value": 3, "tolerance": ' + "[" * 900 + "]" * 900 + "}"))

    def called_from(depth: int):
        return parse(text) if depth == 0 else called_from(depth - 1)

    problems = [str(problem) for problem in called_from(800).problems]
    assert problems == [
        "#1 (q1): body.tolerance.0.0.0.0.0.0 : imbriqué trop profondément (8 niveaux au plus)."
    ]
