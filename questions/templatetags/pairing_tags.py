"""Template tags of pairing questions: the situation and board, and the correction."""

from __future__ import annotations

from django import template
from django.utils import translation
from django.utils.translation import gettext as _

register = template.Library()


@register.inclusion_tag("questions/_pairing_question.html", takes_context=True)
def pairing_question(context, question, response=None, disabled=False, paper=False) -> dict:
    """``?rendre=<the question's uid>`` on the page: the candidate asked to hand the round in
    (delivery.views.attempt.save redirects there), the confirmation is shown. ``paper``: a
    paper copy typed in by a grader (the entry screens): no round is handed in, and the text
    form keeps the candidate's faults."""
    from questions.pairing.display import question_context

    request = context.get("request")
    confirm = bool(request and question.uid and request.GET.get("rendre") == question.uid)
    return question_context(
        question, response if isinstance(response, dict) else None, bool(disabled), confirm=confirm,
        paper=bool(paper),
    )


@register.inclusion_tag("questions/_pairing_correction.html")
def pairing_correction(content: dict, answer=None, seed=None, key_id: str = "pairing") -> dict:
    """The correction of every round: the candidate's faults as the checker explains them and the
    engine's pairing explained step by step (``answer`` None: the key alone, for trainers)."""
    from questions import computed
    from questions.pairing.marking import corrections

    language = translation.get_language() or "fr"
    language = "en" if language.startswith("en") else "fr"
    seed = computed.SAMPLE_SEEDS[0] if seed is None else seed
    rounds = corrections(content, answer if isinstance(answer, dict) else {}, seed, language)
    return {
        "rounds": [
            {
                "round": item.round,
                "marks": item.grade.as_json()["marks"],
                "out_of": item.grade.as_json()["out_of"],
                "full": item.full_marks,
                # A round left blank is said once, not as every player left out.
                "faults": [f for f in item.grade.faults if f["severity"] != "difference" and item.answered],
                "differences": [
                    f for f in item.grade.faults if f["severity"] == "difference" and item.answered
                ],
                "engine": [f"{white}-{black}" for white, black in item.engine.pairs]
                + [_("exempt %(player)s") % {"player": player} for player in item.engine.byes],
                "steps": item.steps,
                "answered": item.answered,
                "error": item.form_error,
            }
            for item in rounds
        ],
        "key_only": answer is None,
        "profile": _profile(content, seed),
        "key_id": key_id,
    }


@register.inclusion_tag("questions/_pairing_printed.html")
def pairing_printed(question) -> dict:
    """A paper subject's pairing question: the pairing cards, the scale and how to answer."""
    from questions.pairing.display import printed_context

    return printed_context(question, "en" if question.language == "en" else "fr")


@register.inclusion_tag("questions/_pairing_sheet.html")
def pairing_sheet(question) -> dict:
    """The empty pairing sheet of a paper answer sheet."""
    from questions.pairing.display import sheet_rows

    return sheet_rows(question)


def _profile(content: dict, seed: int) -> dict | None:
    """What the variant's first round needs, as measured on the engine's explanation (the
    equivalence between candidates' variants), for trainers and graders."""
    from questions import pairing

    profile = pairing.situation_for(content["body"], seed).profile
    return profile.as_json() if profile is not None else None
