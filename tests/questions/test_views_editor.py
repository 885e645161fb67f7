"""The question editor: create and edit every type, errors, live preview and its helpers."""

from __future__ import annotations

import pytest
from django.conf import settings
from django.urls import reverse

from questions.content import validate_content
from questions.models import Question, Status
from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.conftest import editor_data, flag_fall_ruling

FORBIDDEN = ["trainee", "grader", "exam_staff", "stranger"]
CREATE = reverse("questions:create")
PREVIEW = reverse("questions:editor_preview")
MOVES = reverse("questions:check_moves")


# --- Creating ---------------------------------------------------------------------------------


def test_the_editor_opens_for_a_trainer(trainer):
    response = client_for(trainer).get(CREATE)
    assert response.status_code == 200
    assert 'name="fen"' in response.content.decode()


@pytest.mark.parametrize("role", FORBIDDEN)
def test_the_editor_is_refused_to_other_roles(request, role):
    assert client_for(request.getfixturevalue(role)).get(CREATE).status_code == 403


def test_the_editor_sends_anonymous_visitors_to_login(db):
    assert client_for(None).get(CREATE).status_code == 302


def test_the_editor_refuses_delete(trainer):
    assert client_for(trainer).delete(CREATE).status_code == 405


@pytest.mark.parametrize("kind", list(core_samples.ALL_TYPES))
def test_it_saves_a_question_of_every_type_exactly(trainer, kind):
    content = core_samples.ALL_TYPES[kind]()
    response = client_for(trainer).post(CREATE, editor_data(content, uid=f"q-{kind}"))
    assert response.status_code == 302
    assert Question.objects.get(uid=f"q-{kind}").draft.content() == validate_content(content)[0]


def test_it_saves_a_ruling_with_its_position(trainer):
    client_for(trainer).post(CREATE, editor_data(flag_fall_ruling(), uid="q-flag"))
    scenario = Question.objects.get(uid="q-flag").draft.scenario
    assert scenario["fen"] == "8/8/8/4k3/8/8/8/4K2R w - - 0 1"
    assert scenario["flag_fell"] == "white"


def test_a_new_question_belongs_to_its_author_as_a_draft(trainer):
    client_for(trainer).post(CREATE, editor_data(core_samples.single(), uid="q-mine"))
    question = Question.objects.get(uid="q-mine")
    assert (question.author, question.status) == (trainer, Status.DRAFT)


def test_it_derives_the_uid_from_the_stem_when_left_empty(trainer):
    response = client_for(trainer).post(CREATE, editor_data(core_samples.single()))
    assert response.status_code == 302
    assert Question.objects.get().uid.startswith("uvr-un-joueur-touche")


def test_it_refuses_a_uid_already_taken(trainer, draft_question):
    response = client_for(trainer).post(CREATE, editor_data(core_samples.single(), uid=draft_question.uid))
    assert response.status_code == 422
    assert response.context["form"].errors["uid"]


def test_bad_input_is_shown_again_with_errors_and_nothing_lost(trainer):
    data = editor_data(core_samples.single(), uid="q-bad", units=[], stem_en="Kept English text")
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert "units" in response.context["form"].errors
    assert "Kept English text" in response.content.decode()


def test_a_single_choice_question_needs_exactly_one_correct_option(trainer):
    data = editor_data(core_samples.single(), uid="q-two", **{"options-1-correct": "on"})
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert response.context["editor"].list_errors["options"]


def test_a_row_error_is_shown_on_its_row(trainer):
    data = editor_data(core_samples.single(), uid="q-row", **{"options-1-text_fr": ""})
    data["options-1-text_en"] = "Only English"
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert response.context["editor"].options.forms[1].errors["text_fr"]


def test_an_uvr_question_needs_its_english_stem(trainer):
    response = client_for(trainer).post(CREATE, editor_data(core_samples.single(), uid="q-en", stem_en=""))
    assert "stem_en" in response.context["form"].errors


def test_an_illegal_move_is_reported_on_the_moves_field(trainer):
    content = core_samples.ruling(scenario={"moves": "1. e4 e5 2. Ke3", "rate": "rapid"})
    response = client_for(trainer).post(
        CREATE, editor_data(content, uid="q-illegal-text", moves="1. e4 e5 2. Kxe9")
    )
    assert response.status_code == 422
    assert response.context["form"].errors


AMBIGUOUS_ROOK = {"fen": "4k3/8/8/8/8/8/4K3/R6R w - - 0 1", "moves": "1. Rd1", "rate": "rapid"}


def test_a_move_refused_on_saving_is_quoted_with_french_letters(trainer):
    # Typed "1. Td1" in the French editor (the helper writes the moves as the page shows them).
    data = editor_data(core_samples.ruling(scenario=AMBIGUOUS_ROOK), uid="q-ambiguous-rook")
    response = client_for(trainer).post(CREATE, data)
    error = str(response.context["form"].errors["moves"])
    assert "(Td1)" in error and "Tad1, Thd1" in error


def test_a_move_refused_on_saving_is_quoted_with_english_letters_in_english(trainer):
    data = editor_data(core_samples.ruling(scenario=AMBIGUOUS_ROOK), uid="q-ambiguous-rook", moves="1. Rd1")
    response = english_client(trainer).post(CREATE, data)
    assert "Rad1, Rhd1" in str(response.context["form"].errors["moves"])


def test_removed_rows_are_not_saved(trainer):
    data = editor_data(core_samples.single(), uid="q-del", **{"options-2-DELETE": "on"})
    client_for(trainer).post(CREATE, data)
    options = Question.objects.get(uid="q-del").draft.body["options"]
    assert [option["key"] for option in options] == ["a", "b"]


def test_rows_added_without_keys_get_letters(trainer):
    data = editor_data(
        core_samples.single(),
        uid="q-keys",
        **{"options-3-text_fr": "Appeler l'arbitre", "options-3-text_en": "Call the arbiter"},
    )
    client_for(trainer).post(CREATE, data)
    assert Question.objects.get(uid="q-keys").draft.body["options"][3]["key"] == "d"


def test_citations_come_from_the_picker_and_the_text_field(trainer):
    data = editor_data(core_samples.single(), uid="q-cite", citations_extra="2018:9.2.2, livre:1.2")
    client_for(trainer).post(CREATE, data)
    citations = Question.objects.get(uid="q-cite").draft.citations
    assert {"edition": "2018", "article": "9.2.2"} in citations
    assert {"edition": "2018", "article": "4.3.1"} in citations


def test_an_unreadable_citation_is_an_error(trainer):
    response = client_for(trainer).post(CREATE, editor_data(core_samples.single(), citations_extra="quatre"))
    assert response.status_code == 422
    assert "citations_extra" in response.context["form"].errors


# --- Editing ----------------------------------------------------------------------------------


def test_the_author_edits_a_draft(trainer, draft_question):
    url = reverse("questions:edit", args=[draft_question.uid])
    data = editor_data(core_samples.single(difficulty=3), uid=draft_question.uid)
    assert client_for(trainer).post(url, data).status_code == 302
    draft_question.refresh_from_db()
    assert (draft_question.draft.difficulty, draft_question.versions.count()) == (3, 1)


def test_the_edit_form_is_filled_with_the_draft(trainer, draft_question):
    response = client_for(trainer).get(reverse("questions:edit", args=[draft_question.uid]))
    assert "Jouer le cavalier" in response.content.decode()


def test_another_trainer_cannot_edit_a_draft(other_trainer, draft_question):
    response = client_for(other_trainer).get(reverse("questions:edit", args=[draft_question.uid]))
    assert response.status_code == 404


@pytest.mark.parametrize("role", FORBIDDEN)
def test_other_roles_cannot_edit(request, role, published_question):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("questions:edit", args=[published_question.uid])).status_code == 403


def test_saving_a_published_question_creates_a_new_draft_version(other_trainer, published_question):
    url = reverse("questions:edit", args=[published_question.uid])
    client_for(other_trainer).post(
        url, editor_data(core_samples.single(difficulty=3), uid=published_question.uid)
    )
    published_question.refresh_from_db()
    assert published_question.current_version.number == 1
    assert (published_question.draft.number, published_question.draft.difficulty) == (2, 3)


def test_the_uid_of_an_existing_question_does_not_change(trainer, draft_question):
    url = reverse("questions:edit", args=[draft_question.uid])
    response = client_for(trainer).post(url, editor_data(core_samples.single(), uid="other-uid"))
    assert response.status_code == 422


def test_a_retired_question_cannot_be_edited(administrator, published_question):
    from questions import services

    services.retire(question=published_question, user=administrator)
    url = reverse("questions:edit", args=[published_question.uid])
    response = client_for(administrator).get(url)
    assert response.status_code == 302
    assert response["Location"] == reverse("questions:detail", args=[published_question.uid])


def test_the_edit_page_refuses_patch(trainer, draft_question):
    assert client_for(trainer).patch(reverse("questions:edit", args=[draft_question.uid])).status_code == 405


# --- Live preview -------------------------------------------------------------------------------


def test_the_preview_shows_the_candidate_view_without_answer_key_markers(trainer):
    response = client_for(trainer).post(PREVIEW, editor_data(core_samples.single()), HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert 'class="cq"' in body
    assert 'type="radio" name="preview-answer" value="a"' in body


def test_the_preview_lists_what_is_missing(trainer):
    response = client_for(trainer).post(PREVIEW, editor_data(core_samples.single(), units=[]))
    assert response.status_code == 200
    assert response.context["problems"]


def test_the_preview_draws_the_diagram(trainer):
    response = client_for(trainer).post(PREVIEW, editor_data(flag_fall_ruling()))
    assert "<svg" in response.content.decode()


def test_the_preview_shows_the_engine_agreeing(trainer):
    response = client_for(trainer).post(PREVIEW, editor_data(flag_fall_ruling()))
    assert 'data-engine="agrees"' in response.content.decode()


def test_the_preview_shows_the_engine_objecting(trainer):
    response = client_for(trainer).post(PREVIEW, editor_data(flag_fall_ruling("black")))
    assert 'data-engine="objects"' in response.content.decode()
    assert "6.9" in response.content.decode()


@pytest.mark.parametrize("role", FORBIDDEN)
def test_the_preview_is_refused_to_other_roles(request, role):
    assert client_for(request.getfixturevalue(role)).post(PREVIEW, {}).status_code == 403


def test_the_preview_refuses_get(trainer):
    assert client_for(trainer).get(PREVIEW).status_code == 405


# --- Moves check ----------------------------------------------------------------------------------


def test_the_moves_check_accepts_legal_moves(trainer):
    response = client_for(trainer).post(MOVES, {"fen": "", "moves": "1. e4 e5 2. Nf3"})
    assert "3 demi-coups" in response.content.decode()


def test_the_moves_check_names_the_wrong_move_and_the_legal_ones(trainer):
    response = client_for(trainer).post(
        MOVES, {"fen": "", "moves": "1. e4 e5 2. Nf4"}, HTTP_HX_REQUEST="true"
    )
    body = response.content.decode()
    assert 'data-ply="3"' in body
    assert "Cf3" in body  # the legal moves with the French interface's piece letters


def test_the_moves_check_lists_the_legal_moves_once(trainer):
    data = {"fen": "", "moves": "1. e4 e5 2. Ke3"}
    response = client_for(trainer).post(MOVES, data, HTTP_HX_REQUEST="true")
    assert response.content.decode().count("Re2") == 1  # R: the king, in the French interface


def test_the_moves_check_reports_an_unclosed_comment(trainer):
    data = {"fen": "", "moves": "1. e4 {oops 2. Nf3"}
    response = client_for(trainer).post(MOVES, data, HTTP_HX_REQUEST="true")
    assert "n'est pas fermé" in response.content.decode()


def test_the_moves_check_reports_a_bad_fen(trainer):
    response = client_for(trainer).post(MOVES, {"fen": "8/8/8/8/8/8/8/8 w - - 0 1", "moves": ""})
    assert "Position de départ invalide" in response.content.decode()


@pytest.mark.parametrize("role", FORBIDDEN)
def test_the_moves_check_is_refused_to_other_roles(request, role):
    assert client_for(request.getfixturevalue(role)).post(MOVES, {}).status_code == 403


def test_the_moves_check_refuses_get(trainer):
    assert client_for(trainer).get(MOVES).status_code == 405


# --- Article picker --------------------------------------------------------------------------------


def test_the_article_picker_adds_a_citation_chip(trainer):
    url = reverse("questions:citation_chip")
    response = client_for(trainer).get(url, {"citation": "2018:4.3.1"}, HTTP_HX_REQUEST="true")
    assert 'name="citations" value="2018:4.3.1" checked' in response.content.decode()


def test_the_article_picker_refuses_an_unknown_edition(trainer):
    response = client_for(trainer).get(reverse("questions:citation_chip"), {"citation": "1999:4.3"})
    assert "citation-error" in response.content.decode()


def test_the_article_search_answers_with_hits(trainer, monkeypatch):
    from rules import search as rules_search

    hit = type(
        "Hit",
        (),
        {
            "edition": "2018",
            "number": "4.3.1",
            "title": "Pièce touchée",
            "kind": "article",
            "snippet": "la <mark>pièce</mark> touchée",
            "url": "/rules/2018/4.3.1/",
            "score": 1.0,
        },
    )
    monkeypatch.setattr(rules_search, "search", lambda query, **kwargs: [hit])
    response = client_for(trainer).get(
        reverse("questions:article_search"), {"article_query": "pièce touchée"}
    )
    assert "citation=2018%3A4.3.1" in response.content.decode()


def test_the_article_search_ignores_a_one_letter_query(trainer):
    response = client_for(trainer).get(reverse("questions:article_search"), {"article_query": "p"})
    assert response.context["hits"] == []


@pytest.mark.parametrize("name", ["article_search", "citation_chip"])
@pytest.mark.parametrize("role", FORBIDDEN)
def test_the_picker_is_refused_to_other_roles(request, role, name):
    assert client_for(request.getfixturevalue(role)).get(reverse(f"questions:{name}")).status_code == 403


@pytest.mark.parametrize("name", ["article_search", "citation_chip"])
def test_the_picker_refuses_post(trainer, name):
    assert client_for(trainer).post(reverse(f"questions:{name}")).status_code == 405


def test_a_tampered_list_is_an_error_not_a_crash(trainer):
    data = editor_data(core_samples.single(), uid="q-tampered", **{"options-TOTAL_FORMS": None})
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert not Question.objects.exists()


def test_garbage_in_the_preview_is_reported_not_a_crash(trainer):
    data = editor_data(flag_fall_ruling(), fen="not a fen", moves="1. Zz9", ply="-3", points="abc")
    response = client_for(trainer).post(PREVIEW, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response.context["problems"]


def english_client(user):
    client = client_for(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    return client


def test_the_editor_speaks_english(trainer):
    response = english_client(trainer).get(CREATE)
    assert response.context["LANGUAGE_CODE"] == "en"
    assert '<html lang="en">' in response.content.decode()


def test_the_preview_shows_the_english_text_to_an_english_speaker(trainer):
    response = english_client(trainer).post(PREVIEW, editor_data(core_samples.single()))
    assert "Move the knight" in response.content.decode()


def test_a_flag_fall_in_the_initial_position_keeps_its_scenario(trainer):
    content = flag_fall_ruling()
    data = editor_data(content, uid="q-initial", fen=None, with_scenario=None)
    response = client_for(trainer).post(PREVIEW, data)
    assert response.context["content"]["scenario"]["flag_fell"] == "white"


def test_a_new_ruling_offers_no_sanction_as_a_choice(trainer):
    response = client_for(trainer).get(CREATE)
    assert response.context["editor"].sanctions.forms[0].initial["action"] == "none"


def test_a_question_in_review_is_frozen_for_its_author(trainer, in_review_question):
    response = client_for(trainer).get(reverse("questions:edit", args=[in_review_question.uid]))
    assert response.status_code == 302


def test_saving_a_question_frozen_meanwhile_keeps_what_was_typed(trainer, in_review_question):
    data = editor_data(core_samples.single(), uid=in_review_question.uid, stem_en="Typed before the freeze")
    response = client_for(trainer).post(reverse("questions:edit", args=[in_review_question.uid]), data)
    assert response.status_code == 422
    assert response.context["form"]["stem_en"].value() == "Typed before the freeze"
    stored = Question.objects.get(pk=in_review_question.pk).draft.content()
    assert stored["stem_en"] != "Typed before the freeze"


def test_a_reviewer_without_authoring_rights_cannot_open_a_frozen_question(grader, in_review_question):
    response = client_for(grader).get(reverse("questions:edit", args=[in_review_question.uid]))
    assert response.status_code == 403
