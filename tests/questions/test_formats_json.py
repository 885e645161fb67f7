import json

import pytest

from questions.content import validate_content
from questions.formats import BankEntry, json_format
from questions.formats.importer import ImportFailed, export_text, import_text
from questions.models import Question, QuestionVersion, Status
from tests.questions import core_samples as samples


def normalised(sample: dict) -> dict:
    content, problems = validate_content(sample, check_citations=False)
    assert problems == []
    return content


def bank(*questions: dict) -> str:
    return json.dumps({"format": "arbitre-questions", "version": 1, "questions": list(questions)})


def with_uid(uid: str, sample: dict) -> dict:
    return {"uid": uid, **sample}


@pytest.mark.parametrize("kind", sorted(samples.ALL_TYPES))
def test_the_json_export_is_lossless_for_every_type(kind):
    content = normalised(samples.ALL_TYPES[kind]())
    parsed = json_format.parse(json_format.export([BankEntry("uvr-q", content)]))
    assert normalised(parsed.entries[0].content) == content


def test_the_json_export_keeps_the_scenario():
    content = normalised(samples.threefold_claim())
    parsed = json_format.parse(json_format.export([BankEntry("uvr-q", content)]))
    assert parsed.entries[0].content["scenario"] == content["scenario"]


def test_importing_creates_draft_questions(db, trainer):
    report = import_text(bank(with_uid("uvr-a", samples.single())), format_name="json", author=trainer)
    question = Question.objects.get(uid="uvr-a")
    assert (report.created, question.status, question.author) == (["uvr-a"], Status.DRAFT, trainer)


def test_importing_as_published_publishes(db, trainer):
    import_text(bank(with_uid("uvr-a", samples.single())), format_name="json", status=Status.PUBLISHED,
                author=trainer)
    assert Question.objects.in_use().filter(uid="uvr-a").exists()


def test_reimporting_the_same_file_changes_nothing(db, trainer):
    text = bank(with_uid("uvr-a", samples.single()), with_uid("uvr-b", samples.numeric()))
    import_text(text, format_name="json", status=Status.PUBLISHED, author=trainer)
    report = import_text(text, format_name="json", status=Status.PUBLISHED, author=trainer)
    assert (report.unchanged, QuestionVersion.objects.count()) == (["uvr-a", "uvr-b"], 2)


def test_reimporting_changed_content_adds_a_version_and_keeps_the_old_one(db, trainer):
    import_text(bank(with_uid("uvr-a", samples.single())), format_name="json", status=Status.PUBLISHED)
    report = import_text(bank(with_uid("uvr-a", samples.single(difficulty=3))), format_name="json",
                         status=Status.PUBLISHED)
    question = Question.objects.get(uid="uvr-a")
    assert (report.updated, question.current_version.number, question.versions.count()) == (["uvr-a"], 2, 2)


def test_an_invalid_question_stops_the_whole_import_and_names_it(db):
    text = bank(with_uid("uvr-a", samples.single()), with_uid("uvr-b", samples.single(units=["UVX"])))
    with pytest.raises(ImportFailed) as failure:
        import_text(text, format_name="json")
    assert [problem.where for problem in failure.value.problems] == ["#2 (uvr-b)"]
    assert not Question.objects.exists()


def test_a_uid_used_twice_in_a_file_is_refused(db):
    text = bank(with_uid("uvr-a", samples.single()), with_uid("uvr-a", samples.numeric()))
    with pytest.raises(ImportFailed) as failure:
        import_text(text, format_name="json")
    assert "uvr-a" in str(failure.value)


def test_a_file_that_is_not_a_bank_is_refused(db):
    with pytest.raises(ImportFailed):
        import_text('{"questions": []}', format_name="json")


def test_broken_json_is_reported_with_its_line(db):
    with pytest.raises(ImportFailed) as failure:
        import_text('{"format": "arbitre-questions",\n "version": 1, "questions": [}', format_name="json")
    assert "ligne 2" in str(failure.value)


def test_an_engine_objection_stops_the_import(db):
    pytest.importorskip("positions.engine")
    with pytest.raises(ImportFailed) as failure:
        import_text(bank(with_uid("uvr-claim", samples.threefold_claim("continue"))), format_name="json")
    assert "body.decisions" in str(failure.value)


def test_the_export_of_published_questions_uses_their_published_version(db, trainer):
    import_text(bank(with_uid("uvr-a", samples.single())), format_name="json", status=Status.PUBLISHED)
    import_text(bank(with_uid("uvr-a", samples.single(difficulty=3))), format_name="json")
    exported = json.loads(export_text(format_name="json", status=Status.PUBLISHED))
    assert [q["difficulty"] for q in exported["questions"]] == [1]


def test_the_export_can_be_limited_to_a_unit(db):
    import_text(bank(with_uid("uvr-a", samples.single()), with_uid("uvc-b", samples.numeric())),
                format_name="json")
    exported = json.loads(export_text(format_name="json", unit="UVC", drafts=True))
    assert [q["uid"] for q in exported["questions"]] == ["uvc-b"]


def test_export_then_import_into_an_empty_bank_gives_the_same_questions(db):
    questions = [with_uid(f"uvr-{kind}", sample()) for kind, sample in samples.ALL_TYPES.items()]
    import_text(bank(*questions), format_name="json")
    exported = export_text(format_name="json", drafts=True)
    Question.objects.all().delete()
    import_text(exported, format_name="json")
    assert json.loads(export_text(format_name="json", drafts=True)) == json.loads(exported)


def test_an_import_leaves_a_retired_question_retired(db, administrator):
    from questions.services import retire

    import_text(bank(with_uid("uvr-a", samples.single())), format_name="json", status=Status.PUBLISHED)
    retire(question=Question.objects.get(uid="uvr-a"), user=administrator)
    report = import_text(bank(with_uid("uvr-a", samples.single(difficulty=3))), format_name="json",
                         status=Status.PUBLISHED)
    question = Question.objects.get(uid="uvr-a")
    assert (report.retired, question.status, question.versions.count()) == (["uvr-a"], Status.RETIRED, 1)
