"""Defects found by the hands-on QA pass of the bank pages, each pinned by a test."""

from __future__ import annotations

from django.urls import reverse

from questions.content import Problem
from questions.models import Question
from questions.ui_services import problem_label, problem_text
from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.conftest import editor_data

CREATE = reverse("questions:create")
PREVIEW = reverse("questions:editor_preview")


def test_clocks_without_a_running_side_are_saved(trainer):
    data = editor_data(core_samples.single(), uid="q-clocks", with_scenario="on",
                       clock_white="0:04:10", clock_black="0:00:12")
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 302
    clocks = Question.objects.get(uid="q-clocks").draft.scenario["clocks"]
    assert clocks == {"white": "0:04:10", "black": "0:00:12"}


def test_a_badly_written_clock_is_explained_in_the_editors_words(trainer):
    data = editor_data(core_samples.single(), uid="q-clock", with_scenario="on", clock_white="99:99:99:99")
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert "0:04:10" in response.context["form"].errors["clock_white"][0]


def test_an_unclosed_comment_in_the_moves_is_refused(trainer):
    data = editor_data(core_samples.single(), uid="q-brace", with_scenario="on", moves="1. e4 {oops 2. Nf3")
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert response.context["form"].errors["moves"]


def test_a_huge_stem_is_refused_without_losing_the_rest(trainer):
    data = editor_data(core_samples.single(), uid="q-huge", stem_fr="A" * 20_000, stem_en="Kept")
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert response.context["form"]["stem_en"].value() == "Kept"


def test_an_error_in_a_list_alone_is_announced_at_the_top(trainer):
    content = core_samples.single()
    for option in content["body"]["options"]:
        option["correct"] = True
    response = client_for(trainer).post(CREATE, editor_data(content, uid="q-two"))
    assert response.status_code == 422
    assert "data-list-errors" in response.content.decode()


def test_the_review_page_has_no_duplicate_field_ids(other_trainer, in_review_question):
    body = client_for(other_trainer).get(reverse("questions:review", args=[in_review_question.uid])).content
    assert body.decode().count('id="id_text"') == 1


def test_the_live_preview_names_fields_as_the_editor_does(trainer):
    response = client_for(trainer).post(PREVIEW, {"type": "single"}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert "Unités de valeur : " in body
    assert "body.options" not in body


def test_a_problem_in_a_list_row_names_the_row():
    assert problem_label("body.decisions.2.text_en") == "Décisions proposées, ligne 3"


def test_a_ruling_points_problem_reads_as_a_sentence():
    text = problem_text(Problem("body.decision_points", "x"))
    assert text == "Points de la décision : x"


def test_a_foreign_gift_file_is_imported_with_the_unit_chosen_on_the_page(trainer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = "::gift-q:: Un joueur peut-il proposer nulle par écrit ? {F}\n"
    data = {"file": SimpleUploadedFile("moodle.gift", text.encode()), "default_unit": "UVC"}
    response = client_for(trainer).post(reverse("questions:import"), data)
    assert response.status_code == 200
    assert Question.objects.get().units == ["UVC"]


def test_the_import_report_lists_problems_in_the_files_order(trainer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    text = "::q-one:: Sans unité ? {T}\n\n::q-two:: Accolade oubliée {#2:0\n"
    data = {"file": SimpleUploadedFile("broken.gift", text.encode())}
    problems = client_for(trainer).post(reverse("questions:import"), data).context["problems"]
    assert [problem.where[:2] for problem in problems] == ["#1", "#2"]


def test_a_refused_request_for_changes_is_announced_at_the_top(other_trainer, in_review_question):
    url = reverse("questions:request_changes", args=[in_review_question.uid])
    response = client_for(other_trainer).post(url, {"text": ""})
    assert response.status_code == 422
    assert 'href="#decision-form"' in response.content.decode()


def test_the_bank_filters_can_fold_away_on_a_phone(trainer):
    body = client_for(trainer).get(reverse("questions:bank")).content.decode()
    assert "data-collapse-on-phone" in body
    assert "questions/questions.js" in body


def test_approving_twice_says_the_question_is_already_published(other_trainer, in_review_question):
    from django.contrib.messages import get_messages

    client = client_for(other_trainer)
    client.post(reverse("questions:approve", args=[in_review_question.uid]))
    response = client.post(reverse("questions:approve", args=[in_review_question.uid]))
    assert response.status_code == 302
    assert "Publiée" in " ".join(str(message) for message in get_messages(response.wsgi_request))


def test_a_stale_step_is_still_refused_to_a_non_reviewer(trainee, in_review_question):
    response = client_for(trainee).post(reverse("questions:approve", args=[in_review_question.uid]))
    assert response.status_code == 403


def test_a_move_leaving_its_own_king_in_check_is_drawn_as_a_red_arrow():
    from positions.validation import validate_fen
    from questions.ui_services import diagram_for

    scenario = {"fen": "4k3/8/8/8/8/3K4/8/3r4 w - - 0 1", "moves": "1. Kd2", "rate": "blitz"}
    diagram = diagram_for(scenario)
    assert validate_fen(diagram.fen).fen() == "4k3/8/8/8/8/3K4/8/3r4 w - - 0 1"
    assert diagram.arrows == ("d3d2:red",)


def test_a_legal_last_move_is_still_shown_after_it_was_played():
    from questions.ui_services import diagram_for

    diagram = diagram_for({"fen": "", "moves": "1. e4"})
    assert (diagram.last_move, diagram.arrows) == ("e2e4", ())


def test_the_export_without_a_format_downloads_json(trainer, published_question):
    response = client_for(trainer).get(reverse("questions:export"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/json")


def _published_ruling(trainer, other_trainer):
    from questions import services
    from tests.questions.conftest import flag_fall_ruling

    question = services.create_question(author=trainer, content=flag_fall_ruling(), uid="uvr-flag-qa")
    services.submit_for_review(question=question, user=trainer)
    services.approve(question=question, reviewer=other_trainer)
    question.refresh_from_db()
    return question


def test_a_moodle_file_edited_and_reimported_keeps_the_position(trainer, other_trainer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from questions.formats import BankEntry
    from questions.formats.moodle import export

    question = _published_ruling(trainer, other_trainer)
    content = question.current_version.content()
    content["stem_fr"] += " Justifiez."
    text = export([BankEntry(uid=question.uid, content=content)])
    upload = SimpleUploadedFile("q.xml", text.encode())
    client_for(trainer).post(reverse("questions:import"), {"file": upload})
    question.refresh_from_db()
    assert question.draft.content()["scenario"] == question.current_version.content()["scenario"]


def test_a_moodle_file_reimported_twice_changes_nothing_the_second_time(trainer, other_trainer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    from questions.formats import BankEntry
    from questions.formats.moodle import export

    question = _published_ruling(trainer, other_trainer)
    content = question.current_version.content()
    content["stem_fr"] += " Justifiez."
    text = export([BankEntry(uid=question.uid, content=content)])
    client = client_for(trainer)
    client.post(reverse("questions:import"), {"file": SimpleUploadedFile("q.xml", text.encode())})
    response = client.post(reverse("questions:import"), {"file": SimpleUploadedFile("q.xml", text.encode())})
    assert response.context["report"].unchanged == [question.uid]


def test_the_bank_search_ignores_accents_and_case(trainer, draft_question):
    from questions.models import Question

    word = draft_question.draft.stem_fr.split()[2]
    query = word.upper().replace("É", "E").replace("È", "E")
    assert Question.objects.search(query).filter(pk=draft_question.pk).exists()


def test_the_tag_filter_ignores_accents_and_case(trainer):
    from questions import services
    from questions.models import Question

    content = core_samples.single()
    content["tags"] = ["pièce touchée"]
    question = services.create_question(author=trainer, content=content, uid="q-tagged")
    assert list(Question.objects.with_tag("PIECE TOUCHEE")) == [question]


def test_the_migration_fills_the_search_text_of_existing_questions(draft_question):
    from importlib import import_module

    from django.apps import apps

    from questions.models import Question

    Question.objects.filter(pk=draft_question.pk).update(search_text="")
    import_module("questions.migrations.0002_question_search_text").fill_search_text(apps, None)
    assert Question.objects.get(pk=draft_question.pk).search_text.startswith(draft_question.uid)


PASTED_PGN = (
    '[Event "Open de Paris"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n[SetUp "1"]\n\n1. O-O Kd7 2. Rd1+ *\n'
)


def test_a_pasted_pgn_keeps_its_movetext_and_start_position(trainer):
    data = editor_data(core_samples.single(), uid="q-pgn", with_scenario="on", moves=PASTED_PGN)
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 302
    scenario = Question.objects.get(uid="q-pgn").draft.scenario
    assert (scenario["fen"], scenario["moves"]) == ("4k3/8/8/8/8/8/8/4K2R w K - 0 1", "1. O-O Kd7 2. Rd1+")


def test_a_pasted_pgn_whose_fen_contradicts_the_start_position_is_refused(trainer):
    data = editor_data(core_samples.single(), uid="q-pgn2", with_scenario="on", moves=PASTED_PGN,
                       fen="4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert response.context["form"].errors["moves"]


def test_the_version_diff_shows_a_changed_position_and_moves():
    from questions.ui_services import version_diff

    old = {"scenario": {"fen": "", "moves": "1. e4"}, "points": 1}
    new = {"scenario": {"fen": "", "moves": "1. e4 e5"}, "points": 1}
    diffs = version_diff(old, new, {}, {})
    assert [(diff.label, str(diff.html)) for diff in diffs] == [
        ("Coups joués (notation algébrique)", "1. e4 <ins>e5</ins>")
    ]


def test_the_version_diff_shows_an_added_text_without_an_empty_deletion():
    from questions.ui_services import word_diff

    assert str(word_diff("", "Nf3")) == "<ins>Nf3</ins>"


def test_the_trial_score_reads_as_a_mark(trainer, published_question):
    url = reverse("questions:preview", args=[published_question.uid])
    response = client_for(trainer).post(url, {"answer": "zz"})
    assert "point(s)" not in response.content.decode()
    assert "Note : 0 sur " in response.content.decode()


def test_a_new_ruling_offers_points_that_add_up(trainer):
    form = client_for(trainer).get(CREATE).context["form"]
    assert form["decision_points"].value() + form["sanction_points"].value() == form["points"].value()


def test_a_nul_character_in_an_imported_question_is_reported_not_saved(trainer):
    import json as json_module

    from django.core.files.uploadedfile import SimpleUploadedFile

    question = {**core_samples.single(), "uid": "q-nul", "stem_fr": "Un\\u0000deux"}
    text = json_module.dumps({"format": "arbitre-questions", "version": 1, "questions": [question]})
    text = text.replace("\\\\u0000", "\\u0000")
    upload = SimpleUploadedFile("q.json", text.encode())
    response = client_for(trainer).post(reverse("questions:import"), {"file": upload})
    assert response.status_code == 422
    assert not Question.objects.filter(uid="q-nul").exists()


def test_a_deeply_nested_json_file_is_reported_not_a_server_error(trainer):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("deep.json", b"[" * 100_000)
    response = client_for(trainer).post(reverse("questions:import"), {"file": upload})
    assert response.status_code == 422


def test_comments_on_a_draft_the_reader_cannot_read_stay_hidden(trainer, other_trainer, published_question):
    from accounts.models import Role
    from questions import permissions, services
    from tests.conftest import make_user

    content = published_question.current_version.content()
    content["stem_fr"] += " (révisé)"
    revision = services.save_draft(question=published_question, user=trainer, content=content)
    published_question.refresh_from_db()
    services.add_comment(question=published_question, user=trainer, text="Note sur ma révision.")
    third_trainer = make_user("tom@example.org", Role.TRAINER)
    assert published_question.draft_id == revision.pk
    readable = permissions.readable_comments(trainer, published_question)
    assert [comment.text for comment in readable] == ["Note sur ma révision."]
    assert permissions.readable_comments(third_trainer, published_question) == []
