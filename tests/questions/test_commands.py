import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from questions.models import Question, Status
from tests.questions import core_samples as samples


def bank_file(path, *questions) -> str:
    path.write_text(json.dumps({"format": "arbitre-questions", "version": 1, "questions": list(questions)}),
                    encoding="utf-8")
    return str(path)


def run(name: str, *args) -> tuple[str, str]:
    out, err = StringIO(), StringIO()
    call_command(name, *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


@pytest.fixture
def demo_trainers(db):
    call_command("load_demo", stdout=StringIO())


@pytest.fixture
def small_bank(tmp_path, monkeypatch):
    paths = [tmp_path / "uvr.json", tmp_path / "uvc.json"]
    bank_file(paths[0], {"uid": "uvr-a", **samples.single()}, {"uid": "uvr-b", **samples.ruling()})
    numeric = samples.numeric(stem_en="How long?", explanation_en="Ten minutes.",
                              body={"value": 10, "tolerance": 0.5, "unit_fr": "min", "unit_en": "min"})
    bank_file(paths[1], {"uid": "uvc-c", **numeric})
    monkeypatch.setattr("questions.management.commands.load_questions.bank_files", lambda: paths)
    monkeypatch.setattr("questions.management.commands.check_bank.bank_files", lambda: paths)
    return paths


def test_load_questions_publishes_the_bank_written_by_the_demo_trainers(small_bank, demo_trainers):
    run("load_questions")
    question = Question.objects.get(uid="uvr-a")
    assert (question.status, question.author.email, question.reviewer.email) == (
        Status.PUBLISHED, "formateur@demo.arbitre.fr", "formatrice@demo.arbitre.fr")


def test_load_questions_works_without_demo_accounts(small_bank, db):
    run("load_questions")
    assert Question.objects.in_use().count() == 3


def test_running_load_questions_twice_changes_nothing(small_bank, db):
    run("load_questions")
    out, _err = run("load_questions")
    assert "3 inchangée(s)" in out


def test_load_questions_fails_loudly_listing_invalid_questions(small_bank, db):
    bank_file(small_bank[1], {"uid": "uvc-c", **samples.numeric(difficulty=9)},
              {"uid": "Bad uid", **samples.single()})
    err = StringIO()
    with pytest.raises(CommandError):
        call_command("load_questions", stdout=StringIO(), stderr=err)
    assert "uvc-c" in err.getvalue() and "Bad uid" in err.getvalue()
    assert not Question.objects.exists()


def test_check_bank_passes_a_valid_bank(small_bank):
    out, _err = run("check_bank")
    assert "3 valid, 0 problem(s)" in out


def test_check_bank_prints_problems_per_uid(tmp_path):
    path = bank_file(tmp_path / "bad.json", {"uid": "uvr-x", **samples.single(units=[])})
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_bank", path, stdout=out, stderr=StringIO())
    assert "bad.json #1 (uvr-x)" in out.getvalue() and "units" in out.getvalue()


def test_check_bank_lists_every_french_text_left_without_english(tmp_path):
    question = samples.single(units=["UVC"], stem_en="")
    question["body"]["options"][1]["text_en"] = ""
    path = bank_file(tmp_path / "uvc.json", {"uid": "uvc-x", **question})
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_bank", path, stdout=out, stderr=StringIO())
    assert "uvc.json #1 (uvc-x)" in out.getvalue()
    assert "English missing: stem_en, body.options.1.text_en" in out.getvalue()


def test_check_bank_refuses_a_missing_file(tmp_path):
    with pytest.raises(CommandError):
        call_command("check_bank", str(tmp_path / "nope.json"), stdout=StringIO(), stderr=StringIO())


def test_import_questions_imports_drafts_by_default(tmp_path, trainer):
    path = bank_file(tmp_path / "q.json", {"uid": "uvr-a", **samples.single()})
    run("import_questions", path, "--as-user", trainer.email)
    question = Question.objects.get()
    assert (question.status, question.author) == (Status.DRAFT, trainer)


def test_import_questions_can_publish(tmp_path, db):
    path = bank_file(tmp_path / "q.json", {"uid": "uvr-a", **samples.single()})
    run("import_questions", path, "--status", "published")
    assert Question.objects.in_use().count() == 1


def test_import_questions_reports_every_problem_and_imports_nothing(tmp_path, db):
    path = bank_file(tmp_path / "q.json", {"uid": "uvr-a", **samples.single()},
                     {"uid": "uvr-b", **samples.single(points=-1)})
    err = StringIO()
    with pytest.raises(CommandError, match="Nothing imported"):
        call_command("import_questions", path, stdout=StringIO(), stderr=err)
    assert "#2 (uvr-b)" in err.getvalue()
    assert not Question.objects.exists()


def test_import_questions_refuses_a_missing_file(db):
    with pytest.raises(CommandError, match="no such file"):
        call_command("import_questions", "/nonexistent/q.json", stdout=StringIO())


def test_import_questions_refuses_an_unknown_user(tmp_path, db):
    path = bank_file(tmp_path / "q.json", {"uid": "uvr-a", **samples.single()})
    with pytest.raises(CommandError, match="No user"):
        call_command("import_questions", path, "--as-user", "nobody@example.org", stdout=StringIO())


def test_import_questions_detects_the_format_from_the_extension(tmp_path, db):
    from questions.formats import BankEntry, gift
    from questions.formats.importer import validate_entries

    entries, _problems = validate_entries([BankEntry("uvr-a", samples.single())])
    path = tmp_path / "q.gift"
    path.write_text(gift.export(entries), encoding="utf-8")
    out, _err = run("import_questions", str(path))
    assert "(gift)" in out


def test_export_questions_writes_json_to_a_file(tmp_path, small_bank, db):
    run("load_questions")
    run("export_questions", "--unit", "UVC", "-o", str(tmp_path / "out.json"))
    exported = json.loads((tmp_path / "out.json").read_text(encoding="utf-8"))
    assert [question["uid"] for question in exported["questions"]] == ["uvc-c"]


@pytest.mark.parametrize("format_name, marker", [("moodlexml", "<quiz>"), ("gift", "::uvr-a::")])
def test_export_questions_writes_other_formats_to_standard_output(small_bank, db, format_name, marker):
    run("load_questions")
    out, _err = run("export_questions", "--format", format_name, "--status", "published")
    assert marker in out


def test_export_then_import_round_trips_through_the_commands(tmp_path, small_bank, db):
    run("load_questions")
    run("export_questions", "-o", str(tmp_path / "all.json"))
    out, _err = run("import_questions", str(tmp_path / "all.json"), "--status", "published")
    assert "3 inchangée(s)" in out
