import re

import pytest

from questions.content import validate_content
from questions.formats import BankEntry, gift
from questions.formats.importer import ImportFailed, import_text
from questions.models import Question, QuestionVersion, Status
from tests.questions import core_samples as samples

CARRIED_TYPES = ["single", "multiple", "truefalse", "numeric", "short", "open", "ruling"]


def normalised(sample: dict) -> dict:
    content, problems = validate_content(sample, check_citations=False)
    assert problems == []
    return content


def round_trip(content: dict) -> dict:
    parsed = gift.parse(gift.export([BankEntry("uvr-q", content)]))
    assert parsed.problems == []
    return normalised(parsed.entries[0].content)


@pytest.mark.parametrize("kind", CARRIED_TYPES)
def test_gift_carries_every_type(kind):
    content = normalised(samples.ALL_TYPES[kind]())
    assert round_trip(content) == content


def test_gift_carries_points_negative_marking_and_partial_scoring():
    content = normalised(samples.multiple("partial", points=1.5, negative_marking=True))
    assert round_trip(content) == content


def test_gift_escapes_its_special_characters():
    content = normalised(samples.single(stem_fr="Score : 1-0 {forfait} = ~ # ?", stem_en="a: b"))
    assert round_trip(content)["stem_fr"] == "Score : 1-0 {forfait} = ~ # ?"


def test_without_our_tags_a_ruling_comes_back_as_a_weighted_multiple_choice():
    text = gift.export([BankEntry("uvr-q", normalised(samples.ruling()))]).replace("arbitre-ruling:", "x:")
    back = normalised(gift.parse(text).entries[0].content)
    correct = [option["text_fr"] for option in back["body"]["options"] if option["correct"]]
    assert correct == ["Décision : La partie continue", "Sanction : 2 minutes à l'adversaire"]


def test_gift_without_our_extension_keeps_the_scenario_and_the_source_in_the_question_text():
    from questions.formats.importer import carried

    content = normalised(samples.threefold_claim(source="Livre de l'arbitre"))
    assert carried(content, "gift") == content


def test_a_scenario_is_described_in_words_and_left_out_of_the_stem():
    content = normalised(samples.threefold_claim())
    text = gift.export([BankEntry("uvr-q", content)])
    assert "Nf3 Nf6 2. Ng1" in text
    assert round_trip(content)["stem_fr"] == content["stem_fr"]


def test_reimporting_our_own_export_changes_nothing(db):
    from questions.services import store_imported

    store_imported(uid="uvr-claim", content=normalised(samples.threefold_claim()), status=Status.PUBLISHED)
    question = Question.objects.get()
    text = gift.export([BankEntry(question.uid, question.current_version.content())])
    report = import_text(text, format_name="gift", status=Status.PUBLISHED)
    assert (report.unchanged, QuestionVersion.objects.count()) == (["uvr-claim"], 1)


FOREIGN = """// question: 1 name: Touchée
// [tag:arbitre-unit:UVC]
::Touchée::Un joueur qui touche une pièce doit {
=la jouer#Article 4.3
~dire j'adoube
~%-50%abandonner
}

$CATEGORY: $course$/Arbitrage

// [tag:arbitre-unit:UVC]
Le forfait est prononcé après {#30:0} minutes.

// [tag:arbitre-unit:UVC]
::vf::La pendule doit être à droite de l'arbitre. {FALSE}

// [tag:arbitre-unit:UVC]
::court::Que dit-on pour ajuster une pièce ? {=j'adoube =j adoube}

// [tag:arbitre-unit:UVC]
::ouvert::Expliquez la règle de la pièce touchée. {}
"""


def test_a_gift_file_without_ids_imports_every_type(db):
    import_text(FOREIGN, format_name="gift")
    types = dict(Question.objects.values_list("uid", "type"))
    assert sorted(types.values()) == ["numeric", "open", "short", "single", "truefalse"]


def test_gift_questions_get_stable_uids_and_no_duplicates(db):
    import_text(FOREIGN, format_name="gift")
    report = import_text(FOREIGN, format_name="gift")
    assert (len(report.unchanged), Question.objects.count()) == (5, 5)


def test_a_gift_title_names_the_uid_followed_by_a_hash_of_the_question(db):
    import_text(FOREIGN, format_name="gift")
    uids = sorted(Question.objects.values_list("uid", flat=True))
    names = [uid.rsplit("-", 1)[0] for uid in uids if re.search(r"-[0-9a-f]{10}$", uid)]
    assert {"gift-touchee", "gift-vf", "gift-court", "gift-ouvert"} <= set(names)


def test_gift_feedback_and_negative_weights_are_read(db):
    import_text(FOREIGN, format_name="gift")
    version = Question.objects.get(uid__startswith="gift-touchee-").draft
    assert (version.body["options"][0]["feedback_fr"], version.negative_marking) == ("Article 4.3", True)


def test_an_unsupported_gift_question_is_reported_with_its_number(db):
    text = FOREIGN + "\n// [tag:arbitre-unit:UVC]\n::match::Associez {=a -> 1 =b -> 2}\n"
    with pytest.raises(ImportFailed) as failure:
        import_text(text, format_name="gift")
    assert [problem.where for problem in failure.value.problems] == ["#6 (match)"]
    assert not Question.objects.exists()


def test_a_description_without_answers_is_reported(db):
    with pytest.raises(ImportFailed) as failure:
        import_text("// [tag:arbitre-unit:UVC]\nSimple texte sans réponse.\n", format_name="gift")
    assert "#1" in str(failure.value)
