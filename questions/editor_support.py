"""What the question editor shows besides its form: problems placed on their fields, citation
labels, article search (moved from ``ui_services``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from questions.citations import citation_reference, resolve_citation
from questions.content import Problem
from questions.engine_check import Objection, check_answer_key, needs_engine


def engine_objections(content: dict[str, Any]) -> tuple[list[Objection], bool]:
    """The engine's objections to an answer key, and whether the engine had anything to check."""
    if not needs_engine(content):
        return [], False
    return check_answer_key(content), True


SCENARIO_FIELDS = {
    "fen": "fen",
    "moves": "moves",
    "ply": "ply",
    "orientation": "orientation",
    "arrows": "arrows",
    "circles": "circles",
    "squares": "squares",
    "rate": "rate",
    "flag_fell": "flag_fell",
    "clocks": "clock_white",
    "clocks.white": "clock_white",
    "clocks.black": "clock_black",
    "clocks.to_move": "clock_to_move",
    "claim": "claim_type",
    "claim.type": "claim_type",
    "claim.intended_move": "intended_move",
}
BODY_FIELDS = {
    "answer",
    "value",
    "tolerance",
    "unit_fr",
    "unit_en",
    "accepted",
    "accepted_en",
    "model_answer_fr",
    "model_answer_en",
    "decision_points",
    "sanction_points",
    "scoring",
    "shuffle",
    "generator",
}


def place_problems(editor, problems: list[Problem | Objection]) -> None:
    """Show each problem of ``validate_content``/the engine next to the editor field it concerns.

    ``field`` is a dotted path into the bank format (``body.options.2.text_en``,
    ``scenario.claim.type``); a list row is found through the rows the editor kept.
    """
    form = editor.form
    for problem in problems:
        path = problem.field or ""
        message = problem.message
        parts = path.split(".")
        target: tuple[str, str | None, int | None] | None = None
        if parts[0] == "scenario":
            rest = ".".join(parts[1:])
            target = (
                "form",
                SCENARIO_FIELDS.get(rest) or SCENARIO_FIELDS.get(parts[1] if len(parts) > 1 else ""),
                None,
            )
            if target[1] is None:
                target = ("form", "moves", None)
        elif parts[0] == "body" and (getattr(form, "cleaned_data", None) or {}).get("type") == "pairing":
            target = ("form", "pairing_body", None)
        elif parts[0] == "body" and len(parts) > 2 and parts[1] == "params":
            from questions.forms.computed import param_field_name

            generator = (getattr(form, "cleaned_data", None) or {}).get("generator") or ""
            target = ("form", param_field_name(generator, parts[2]), None)
        elif parts[0] == "body" and len(parts) > 1:
            if parts[1] in editor.formsets:
                if len(parts) > 3 and parts[2].isdigit():
                    target = (parts[1], parts[3], int(parts[2]))
                else:
                    target = (parts[1], None, None)
            elif parts[1] in BODY_FIELDS:
                target = ("form", parts[1], None)
        elif parts[0] == "citations":
            target = ("form", "citations_extra", None)
        elif parts[0] == "media":
            # The images are not fields of this form: their panel is beside it.
            form.add_error(None, f"{problem_label(path)} : {message}")
            continue
        elif parts[0] in form.fields:
            target = ("form", parts[0], None)
        if target is None or (target[0] == "form" and target[1] not in form.fields):
            form.add_error(None, f"{path} : {message}" if path else message)
        elif target[0] == "form":
            form.add_error(target[1], message)
        else:
            editor.add_list_error(target[0], message, row=target[2], field=target[1])


LIST_LABELS = {
    "options": gettext_lazy("Options"),
    "decisions": gettext_lazy("Décisions proposées"),
    "sanctions": gettext_lazy("Sanctions et mesures proposées"),
    "rubric": gettext_lazy("Barème"),
}


def problem_label(path: str) -> str:
    """The editor's name for the place a problem of ``validate_content`` points to
    (``body.options.2.text_en`` → "Options, ligne 3"): trainers never see the bank's paths."""
    from questions.forms import QuestionForm

    fields = QuestionForm.base_fields
    parts = (path or "").split(".")

    def label(name: str | None) -> str:
        return str(fields[name].label) if name in fields else ""

    if parts[0] == "scenario":
        rest = ".".join(parts[1:])
        name = SCENARIO_FIELDS.get(rest) or SCENARIO_FIELDS.get(parts[1] if len(parts) > 1 else "")
        return label(name) or _("Position et scénario")
    if parts[0] == "body" and len(parts) > 1 and parts[1] in ("params", "generator"):
        return _("Générateur et paramètres")
    if parts[0] == "body" and len(parts) > 1:
        if parts[1] in LIST_LABELS:
            if len(parts) > 2 and parts[2].isdigit():
                row = int(parts[2]) + 1
                return _("%(list)s, ligne %(row)s") % {"list": LIST_LABELS[parts[1]], "row": row}
            return str(LIST_LABELS[parts[1]])
        return label(parts[1]) or _("Réponse")
    if parts[0] == "citations":
        return label("citations")
    if parts[0] == "media":
        return _("Images de la question")
    return label(parts[0]) or path


def problem_text(problem: Problem | Objection) -> str:
    """A problem as one sentence for the user: "Énoncé (français) : Ce champ est obligatoire."."""
    if not getattr(problem, "field", ""):
        return problem.message
    return f"{problem_label(problem.field)} : {problem.message}"


def citation_label(citation: dict[str, str], *, language: str = "fr") -> str:
    """ "2018 art. 4.3.1 — heading" (the heading in ``language`` when the rulebook has one)."""
    edition, number = citation["edition"], citation["article"]
    found = resolve_citation(edition, number)

    def text(name: str) -> str:
        if found is None:
            return ""
        return getattr(found, f"{name}_{language}", "") or getattr(found, f"{name}_fr", "") or ""

    title = text("title") if edition == "livre" else text("heading")
    return citation_reference(edition, number) + (f" — {title}" if title else "")


def article_hits(query: str, *, language: str, limit: int = 12) -> list[dict[str, str]]:
    """Rulebook search results as citations the picker can add."""
    from rules.search import search

    hits = []
    for hit in search(query, language=language, limit=limit):
        edition = "livre" if hit.kind == "section" else hit.edition
        hits.append(
            {
                "citation": f"{edition}:{hit.number}",
                "edition": edition,
                "number": hit.number,
                "label": citation_reference(edition, hit.number),
                "title": hit.title,
                "snippet": hit.snippet,
                "url": hit.url,
            }
        )
    return hits
