"""Writing a question: the editor, its live preview and its small helper endpoints."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from positions.notation import notation_of_language, parse_moves_in_notation
from positions.validation import FenError, PgnError, validate_fen
from questions import permissions, services, ui_services
from questions.content import ContentError, validate_content
from questions.forms import QuestionEditor, parse_citation
from questions.forms.media import ImageForm
from questions.media import TEXT_FIELDS, placed_names, without_image
from questions.media_rendering import with_images_of
from questions.models import Question, Status
from questions.views._common import analyse_panel_url, language

EDITOR_TEMPLATE = "questions/editor.html"
# Marks the message shown after a save: the editor's script then forgets the unsaved work it
# kept in the browser (static/questions/questions.js).
SAVED_TAG = "draft-saved"


def _citation_labels(values: list[str], language_code: str) -> dict[str, str]:
    labels = {}
    for value in values:
        citation = parse_citation(value)
        if citation:
            labels[value] = ui_services.citation_label(citation, language=language_code)
    return labels


def _images_placed(editor: QuestionEditor, question: Question | None) -> list[dict]:
    """The question's images, each with where the texts on screen place it (``placed``: "stem",
    "explanation" or ""): typed ones after a refused save, else the saved draft's."""
    version = question.latest_version if question else None
    if version is None or not version.media:
        return []
    source = editor.form.data if editor.form.is_bound else version.content()
    texts = {field: source.get(field) or "" for field in TEXT_FIELDS}
    in_stems = set(placed_names(texts["stem_fr"], texts["stem_en"]))
    in_explanations = set(placed_names(texts["explanation_fr"], texts["explanation_en"]))
    return [{**item, "placed": "stem" if item["name"] in in_stems
             else "explanation" if item["name"] in in_explanations else ""} for item in version.media]


def _editor_context(request: HttpRequest, editor: QuestionEditor, question: Question | None) -> dict:
    return {
        "editor": editor,
        "form": editor.form,
        "question": question,
        "image_form": ImageForm(),
        "images": _images_placed(editor, question),
        "analyse_panel_url": analyse_panel_url(),
    }


def _bound_editor(request: HttpRequest) -> QuestionEditor:
    labels = _citation_labels(request.POST.getlist("citations"), language(request))
    return QuestionEditor(request.POST, citation_labels=labels)


def _save(request: HttpRequest, editor: QuestionEditor, question: Question | None, *,
          media: list[dict] | None = None) -> Question | None:
    """Validate and save (with ``media`` as the question's images, else those it has); on
    failure the errors are placed on the editor and None returned."""
    if not editor.is_valid():
        return None
    content = editor.content()
    uid = content.pop("uid", "")
    if question is None and uid and Question.objects.filter(uid=uid).exists():
        editor.form.add_error("uid", _("Cet identifiant est déjà pris."))
        return None
    if question is not None and uid and uid != question.uid:
        editor.form.add_error("uid", _("L'identifiant d'une question existante ne change pas."))
        return None
    if media is None and question is not None and question.latest_version is not None:
        media = question.latest_version.media  # added by questions:add_image, kept by the editor
    if media:
        content["media"] = media
    _normalised, problems = validate_content(content)
    if problems:
        ui_services.place_problems(editor, problems)
        return None
    exam_pool = bool(editor.form.cleaned_data.get("exam_pool"))
    try:
        if question is None:
            question = services.create_question(author=request.user, content=content, uid=uid or None)
        else:
            services.save_draft(question=question, user=request.user, content=content)
        services.set_exam_pool(question=question, exam_pool=exam_pool)
        return question
    except ContentError as error:
        ui_services.place_problems(editor, error.problems)
        return None


@require_http_methods(["GET", "POST"])
@login_required
def create(request: HttpRequest) -> HttpResponse:
    permissions.require_author(request.user)
    if request.method == "POST":
        editor = _bound_editor(request)
        question = _save(request, editor, None)
        if question is not None:
            messages.success(request, _("Brouillon enregistré."), extra_tags=SAVED_TAG)
            return redirect("questions:detail", uid=question.uid)
        return render(request, EDITOR_TEMPLATE, _editor_context(request, editor, None), status=422)
    return render(request, EDITOR_TEMPLATE, _editor_context(request, QuestionEditor(), None))


def _frozen_message(question: Question) -> str:
    if question.status == Status.RETIRED:
        return _("Cette question est retirée : elle ne peut plus être modifiée.")
    return _(
        "Cette question est en relecture : elle ne peut pas être modifiée tant qu'un relecteur ne l'a pas "
        "renvoyée ou que son auteur ne l'a pas reprise."
    )


@require_http_methods(["GET", "POST"])
@login_required
def edit(request: HttpRequest, uid: str) -> HttpResponse:
    question = permissions.get_question_for_user(request.user, uid)
    if not permissions.can_edit(request.user, question):
        if question.status not in (Status.IN_REVIEW, Status.RETIRED):
            raise PermissionDenied
        permissions.require_author(request.user)
        # Frozen while the editor was open (sent to review, retired): keep what was typed.
        if request.method == "POST":
            editor = _bound_editor(request)
            editor.form.add_error(None, _frozen_message(question))
            return render(request, EDITOR_TEMPLATE, _editor_context(request, editor, question), status=422)
        messages.warning(request, _frozen_message(question))
        return redirect("questions:detail", uid=question.uid)
    if request.method == "POST":
        editor = _bound_editor(request)
        saved = _save(request, editor, question)
        if saved is not None:
            messages.success(request, _("Brouillon enregistré."), extra_tags=SAVED_TAG)
            return redirect("questions:detail", uid=question.uid)
        return render(request, EDITOR_TEMPLATE, _editor_context(request, editor, question), status=422)
    version = question.latest_version
    content = {"uid": question.uid, **version.content()} if version else {"uid": question.uid}
    labels = _citation_labels(
        [f"{c['edition']}:{c['article']}" for c in content.get("citations", [])], language(request)
    )
    editor = QuestionEditor(content=content, citation_labels=labels)
    editor.form.initial["exam_pool"] = question.exam_pool
    return render(request, EDITOR_TEMPLATE, _editor_context(request, editor, question))


@require_POST
@login_required
def remove_image(request: HttpRequest, uid: str) -> HttpResponse:
    """Remove an image from the question's draft, with the ``[image:NAME]`` lines that place it.
    The button belongs to the editor's form: what was typed is saved with the removal (a save
    refused for an image placed nowhere is fixed this way). Editing a published question starts
    a new draft, as saving the editor does; the published version keeps its images."""
    question = permissions.get_question_for_action(request.user, uid, permissions.can_edit)
    name = request.POST.get("image") or ""
    media = list(question.latest_version.media) if question.latest_version else []
    if not any(item["name"] == name for item in media):
        messages.error(request, _("Cette question n'a pas d'image « %(name)s ».") % {"name": name[:100]})
        return redirect("questions:edit", uid=question.uid)
    data = request.POST.copy()
    for field in TEXT_FIELDS:
        if field in data:
            data[field] = without_image(data[field], name)
    labels = _citation_labels(data.getlist("citations"), language(request))
    editor = QuestionEditor(data, citation_labels=labels)
    if _save(request, editor, question, media=[item for item in media if item["name"] != name]) is None:
        editor.form.add_error(None, _("L'image « %(name)s » n'est pas retirée : corrigez d'abord les erreurs "
                                      "signalées, puis retirez-la de nouveau.") % {"name": name})
        return render(request, EDITOR_TEMPLATE, _editor_context(request, editor, question), status=422)
    messages.success(request, _("Image « %(name)s » retirée, avec ses lignes [image:%(name)s] ; brouillon "
                                "enregistré.") % {"name": name}, extra_tags=SAVED_TAG)
    return redirect(reverse("questions:edit", args=[question.uid]) + "#images")


def _images_of(request: HttpRequest):
    """The version whose images the question being edited shows (added by ``questions:add_image``,
    not fields of the editor's form), if the user may read it."""
    uid = request.POST.get("images_of") or ""
    if not uid:
        return None
    version = permissions.get_question_for_user(request.user, uid).latest_version
    if version is None or not version.media or not permissions.can_read_version(request.user, version):
        return None
    return version


@require_POST
@login_required
def preview(request: HttpRequest) -> HttpResponse:
    """The live preview beside the editor: the candidate's view, what is missing, the engine."""
    permissions.require_author(request.user)
    editor = _bound_editor(request)
    content = editor.draft_content()
    content.pop("uid", None)
    images_of = _images_of(request)
    if images_of is not None:
        content["media"] = images_of.media
    normalised, problems = validate_content(content)
    objections, engine_checked = ([], False)
    if not problems:
        objections, engine_checked = ui_services.engine_objections(normalised)
    # A computed question's variant is drawn by its generator: none can be drawn until the
    # generator and its parameters are valid (none is chosen right after picking the type).
    drawable = not (problems and content.get("type") == "computed")
    candidate = ui_services.candidate_view(content, language=language(request), prefix="preview-") \
        if drawable else None
    if candidate is not None and images_of is not None:
        candidate = with_images_of(candidate, content, images_of)
    context = {
        "question": candidate,
        "content": normalised if not problems else content,
        "problems": problems,
        "objections": objections,
        "engine_checked": engine_checked,
        "images_version": images_of,  # the explanation's images are fetched from its address
    }
    return render(request, "questions/_preview.html", context)


@require_POST
@login_required
def check_moves(request: HttpRequest) -> HttpResponse:
    """Checks the start position and the moves as they are typed: which move is wrong, and
    which moves were legal there."""
    permissions.require_author(request.user)
    fen = (request.POST.get("fen") or "").strip()
    movetext = request.POST.get("moves") or ""
    context: dict = {"fen": fen, "moves": movetext}
    try:
        if fen:
            validate_fen(fen)
    except FenError as error:
        context["fen_error"] = error.message
        return render(request, "questions/_moves_check.html", context)
    if movetext.count("{") != movetext.count("}"):
        context["comment_error"] = True
        return render(request, "questions/_moves_check.html", context)
    if movetext.strip():
        try:
            # Moves typed with the interface's piece letters; errors quote them the same way.
            notation = notation_of_language()
            game = parse_moves_in_notation(movetext, notation=notation, fen=fen or None)
            context["plies"] = len(game.moves)
        except PgnError as error:
            context["error"] = error
            try:
                lenient = parse_moves_in_notation(
                    movetext, notation=notation, fen=fen or None, allow_illegal=True
                )
                context["illegal_moves"] = [move for move in lenient.moves if not move.legal]
            except PgnError:
                context["illegal_moves"] = []
    return render(request, "questions/_moves_check.html", context)


@require_GET
@login_required
def article_search(request: HttpRequest) -> HttpResponse:
    """The article picker: rulebook search results, each with a button adding the citation."""
    permissions.require_author(request.user)
    query = (request.GET.get("article_query") or request.GET.get("q") or "").strip()[:200]
    hits = ui_services.article_hits(query, language=language(request)) if len(query) >= 2 else []
    return render(request, "questions/_article_hits.html", {"hits": hits, "query": query})


@require_GET
@login_required
def citation_chip(request: HttpRequest) -> HttpResponse:
    """One citation as a checked box of the editor's citation list (added by the picker)."""
    permissions.require_author(request.user)
    from questions.citations import citation_problem, known_edition

    value = request.GET.get("citation") or ""
    citation = parse_citation(value)
    error = ""
    if citation is None or not known_edition(citation["edition"]):
        error = _("« %(text)s » n'est pas une citation du règlement.") % {"text": value[:40]}
    else:
        error = citation_problem(citation["edition"], citation["article"])
    context = {"citation": citation, "value": value, "error": error}
    if citation and not error:
        context["label"] = ui_services.citation_label(citation, language=language(request))
        context["value"] = f"{citation['edition']}:{citation['article']}"
    return render(request, "questions/_citation_chip.html", context)


@require_POST
@login_required
def computed_samples(request: HttpRequest) -> HttpResponse:
    """Three sample variants of the generator and parameters being edited, with their answers
    and worked solutions (for the author, never for candidates); 422 with the parameters'
    problems in French when the generator cannot work with them."""
    permissions.require_author(request.user)
    from questions import computed

    editor = _bound_editor(request)
    content = editor.draft_content()
    body, problems = computed.validate_body(content.get("body") or {})
    lang = language(request)
    if problems:
        # The messages name the parameter they are about.
        texts = [message for _field, message in problems]
        return render(request, "questions/_computed_samples.html", {"problems": texts}, status=422)
    samples = []
    for seed in computed.SAMPLE_SEEDS:
        variant = computed.generate(body, seed)
        samples.append({
            "seed": seed, "stem": variant.stem(lang), "table": variant.table(lang),
            "answer": computed.answer_text(variant.answer, lang), "solution": variant.solution(lang),
        })
    return render(request, "questions/_computed_samples.html", {"samples": samples})
