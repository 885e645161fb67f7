import base64
import re
import xml.etree.ElementTree as ET

import pytest

from questions.content import validate_content
from questions.formats import BankEntry, moodle
from questions.formats.importer import ImportFailed, carried, import_text
from questions.models import Question, QuestionVersion, Status
from tests.questions import core_samples as samples

# Everything but the scenario and the source survives Moodle XML: texts in both languages, points,
# flags, tags, units, difficulty, citations and the body (the ruling through arbitre- tags).
CARRIED_TYPES = ["single", "multiple", "truefalse", "numeric", "short", "open", "ruling"]


def normalised(sample: dict) -> dict:
    content, problems = validate_content(sample, check_citations=False)
    assert problems == []
    return content


def round_trip(content: dict) -> dict:
    parsed = moodle.parse(moodle.export([BankEntry("uvr-q", content)]))
    assert parsed.problems == []
    return normalised(parsed.entries[0].content)


@pytest.mark.parametrize("kind", CARRIED_TYPES)
def test_moodle_xml_carries_every_type(kind):
    content = normalised(samples.ALL_TYPES[kind](source=""))
    assert round_trip(content) == content


def test_moodle_xml_carries_partial_scoring_and_negative_marking():
    content = normalised(samples.multiple("partial", negative_marking=True, eliminatory=True))
    assert round_trip(content) == content


def test_the_uid_is_the_idnumber():
    parsed = moodle.parse(moodle.export([BankEntry("uvr-q", normalised(samples.single()))]))
    assert parsed.entries[0].uid == "uvr-q"


def test_a_single_choice_is_a_multichoice_with_one_answer_at_100_percent():
    root = ET.fromstring(  # noqa: S314
        moodle.export([BankEntry("uvr-q", normalised(samples.single()))])
    )
    fractions = [answer.get("fraction") for answer in root.iter("answer")]
    assert (root.find("question").get("type"), fractions) == ("multichoice", ["100", "0", "0"])


def test_without_our_tags_a_ruling_comes_back_as_a_weighted_multiple_choice():
    content = normalised(samples.ruling())
    text = moodle.export([BankEntry("uvr-q", content)])
    text = text.replace("arbitre-ruling:", "dropped-by-moodle:")
    back = normalised(moodle.parse(text).entries[0].content)
    correct = [option["text_fr"] for option in back["body"]["options"] if option["correct"]]
    assert (back["type"], back["body"]["scoring"]) == ("multiple", "partial")
    assert correct == ["Décision : La partie continue", "Sanction : 2 minutes à l'adversaire"]


def test_a_ruling_gives_each_part_its_share_of_the_points():
    root = ET.fromstring(  # noqa: S314
        moodle.export([BankEntry("uvr-q", normalised(samples.ruling()))])
    )
    fractions = [answer.get("fraction") for answer in root.iter("answer")]
    assert fractions == ["50", "-50", "-50", "50", "-50"]


def test_a_scenario_is_embedded_as_an_svg_diagram():
    root = ET.fromstring(  # noqa: S314
        moodle.export([BankEntry("uvr-q", normalised(samples.threefold_claim()))])
    )
    text = root.find("question/questiontext")
    image = text.find("file")
    assert "@@PLUGINFILE@@/uvr-q.svg" in text.find("text").text
    assert base64.b64decode(image.text).startswith(b"<svg")


def test_the_scenario_is_not_part_of_the_stem_on_import():
    content = normalised(samples.threefold_claim())
    assert round_trip(content)["stem_fr"] == content["stem_fr"]


def test_reimporting_our_own_export_changes_nothing(db):
    from questions.services import store_imported

    for uid, sample in (("uvr-claim", samples.threefold_claim()), ("uvr-single", samples.single())):
        store_imported(uid=uid, content=normalised(sample), status=Status.PUBLISHED)
    entries = [BankEntry(q.uid, q.current_version.content()) for q in Question.objects.order_by("uid")]
    report = import_text(moodle.export(entries), format_name="moodlexml", status=Status.PUBLISHED)
    assert (report.unchanged, QuestionVersion.objects.count()) == (["uvr-claim", "uvr-single"], 2)


def test_moodle_xml_without_our_extension_keeps_the_scenario_and_the_source_in_the_question_text():
    content = normalised(samples.threefold_claim(source="Livre de l'arbitre"))
    assert carried(content, "moodlexml") == content


FOREIGN = """<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Arbitrage</text></category></question>
  <question type="multichoice">
    <name><text>Pendule électronique</text></name>
    <questiontext format="html">
      <text><![CDATA[<p>Quelle pendule est <b>homologuée</b> ?</p>]]></text>
    </questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <defaultgrade>2.0000000</defaultgrade>
    <single>true</single>
    <shuffleanswers>true</shuffleanswers>
    <answer fraction="100" format="html"><text><![CDATA[<p>DGT 2010</p>]]></text>
      <feedback format="html"><text>Oui</text></feedback></answer>
    <answer fraction="0" format="html"><text>Sablier</text>
      <feedback format="html"><text></text></feedback></answer>
    <tags><tag><text>arbitre-unit:UVC</text></tag><tag><text>matériel</text></tag></tags>
  </question>
  <question type="numerical">
    <name><text>Retard</text></name>
    <questiontext format="html"><text>Délai de forfait (minutes) ?</text></questiontext>
    <defaultgrade>1</defaultgrade>
    <answer fraction="100"><text>30</text><tolerance>0</tolerance></answer>
    <tags><tag><text>arbitre-unit:UVC</text></tag></tags>
  </question>
</quiz>
"""


def test_a_moodle_file_without_uids_gets_uids_from_the_name_and_a_hash_of_the_question(db):
    import_text(FOREIGN, format_name="moodlexml")
    uids = sorted(Question.objects.values_list("uid", flat=True))
    assert [re.sub(r"-[0-9a-f]{10}$", "", uid) for uid in uids] == [
        "moodle-pendule-electronique",
        "moodle-retard",
    ]


def test_reimporting_a_moodle_file_without_uids_creates_no_duplicates(db):
    import_text(FOREIGN, format_name="moodlexml")
    report = import_text(FOREIGN, format_name="moodlexml")
    assert (len(report.unchanged), Question.objects.count()) == (2, 2)


def test_a_moodle_question_reads_html_points_and_feedback(db):
    import_text(FOREIGN, format_name="moodlexml")
    version = Question.objects.get(uid__startswith="moodle-pendule-electronique-").draft
    assert (version.stem_fr, version.points) == ("Quelle pendule est homologuée ?", 2)
    assert version.tags == ["matériel", "Arbitrage"]  # the Moodle category is a tag
    assert version.body["options"][0]["feedback_fr"] == "Oui"


def test_an_unsupported_question_type_is_reported_and_nothing_is_imported(db):
    text = FOREIGN.replace('<question type="numerical">', '<question type="matching">')
    with pytest.raises(ImportFailed) as failure:
        import_text(text, format_name="moodlexml")
    assert [problem.where for problem in failure.value.problems] == ["#2 (Retard)"]
    assert not Question.objects.exists()


def test_a_question_without_unit_is_reported(db):
    text = FOREIGN.replace("<tag><text>arbitre-unit:UVC</text></tag><tag>", "<tag>")
    with pytest.raises(ImportFailed) as failure:
        import_text(text, format_name="moodlexml")
    assert "units" in str(failure.value)


def test_a_dtd_is_refused(db):
    with pytest.raises(ImportFailed):
        import_text('<?xml version="1.0"?><!DOCTYPE quiz [<!ENTITY x "y">]><quiz/>', format_name="moodlexml")


def test_a_file_that_is_not_moodle_xml_is_refused(db):
    with pytest.raises(ImportFailed):
        import_text("<html><body/></html>", format_name="moodlexml")


def test_import_entries_knows_the_format_the_entries_came_from(db):
    from questions.formats.importer import import_entries
    from questions.services import store_imported

    store_imported(uid="uvr-claim", content=normalised(samples.threefold_claim()), status=Status.PUBLISHED)
    question = Question.objects.get()
    parsed = moodle.parse(moodle.export([BankEntry(question.uid, question.current_version.content())]))
    report = import_entries(parsed.entries, status=Status.DRAFT)
    assert report.unchanged == ["uvr-claim"]
