"""Correcting a paper copy already typed in: a mistyped answer put right, with its reason.

Only exam staff correct a copy (the graders who type copies in cannot change one once it is
handed in: a correction changes a candidate's score). The copy is regraded by the engine as
when it was first entered; an open answer whose text changed is marked again by its graders
(their marks were given to another text); a jury decision taken on the old copy is withdrawn,
since it confirmed or adjusted a score that no longer holds. Every correction is written to
the exam office's audit log: who, when, why, each question's answer before and after, and the
score before and after. After publication nothing changes any more.
"""

from __future__ import annotations

import contextlib

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from delivery import presentation
from delivery import services as engine
from delivery.models import Response
from exams.audit import log_action
from exams.models import AuditEntry, Registration, SessionStatus
from grading import services as grading
from grading.models import Assignment, JuryDecision
from grading.paper import EntryRefused, PrintedQuestion

# An answer quoted in the audit log: long texts are cut, the log is not the copy.
QUOTED_TEXT = 200


def correct_copy(
    *,
    registration: Registration,
    questions: list[PrintedQuestion],
    answers: dict[int, dict],
    reason: str,
    actor,
) -> list[int]:
    """Replace the answers of an entered paper copy that differ from ``answers`` (by item id),
    regrade it and log it. Returns the numbers of the questions changed.

    Raises ``EntryRefused`` without a reason, for a copy not entered yet, after publication,
    or when nothing differs."""
    reason = reason.strip()
    if not reason:
        raise EntryRefused(_("Indiquez le motif de la correction : il est inscrit au journal."))
    with transaction.atomic():
        locked = (
            Registration.objects.select_for_update(of=("self",))
            .select_related("attempt", "session", "centre")
            .get(pk=registration.pk)
        )
        if locked.session.status == SessionStatus.PUBLISHED:
            raise EntryRefused(_("Les résultats sont publiés : une copie saisie ne peut plus être corrigée."))
        if locked.session.status == SessionStatus.DELIBERATED:
            raise EntryRefused(
                _("Le jury a arrêté les résultats : une copie saisie ne peut plus être corrigée.")
            )
        attempt = locked.attempt
        if locked.centre.is_online or attempt is None or attempt.is_open:
            raise EntryRefused(_("Cette copie n'est pas encore saisie : il n'y a rien à corriger."))
        responses = {response.item_id: response for response in attempt.responses.select_for_update()}
        changed, before, after = [], [], []
        for printed in questions:
            item_id = printed.item.pk
            if item_id not in answers:
                continue
            response = responses.get(item_id)
            old = response.answer if response is not None else {}
            new = answers[item_id]
            if _same(old, new):
                continue
            changed.append(printed.number)
            before.append(f"Q{printed.number} : {quoted_answer(printed, old)}")
            after.append(f"Q{printed.number} : {quoted_answer(printed, new)}")
            if response is None:
                Response.objects.create(attempt=attempt, item_id=item_id, answer=new,
                                        saved_at=timezone.now(), sequence=engine.server_sequence())
            else:
                _replace(response, new)
        if not changed:
            raise EntryRefused(_("Rien n'a changé : les réponses sont celles déjà saisies."))
        previous = attempt.score
        attempt = engine.grade_attempt(attempt=attempt)
        _mark_again_where_needed(locked, actor)
        withdrawn, _count = JuryDecision.objects.filter(registration=locked).delete()
        log_action(
            actor=actor,
            action=AuditEntry.Action.PAPER_CORRECTION,
            target=locked,
            session=locked.session,
            reason=reason,
            details={
                "code": locked.anonymity_code,
                "items": changed,
                "before": before,
                "after": after,
                "previous": previous,
                "score": attempt.score,
                "jury_decision_withdrawn": bool(withdrawn),
            },
        )
    return changed


def _same(old: dict | None, new: dict) -> bool:
    if not presentation.is_answered(old) and not presentation.is_answered(new):
        return True
    return (old or {}) == new


def _replace(response: Response, answer: dict) -> None:
    """The new answer in place of the old; an answer marked by hand is to be marked again."""
    response.answer = answer
    response.saved_at = timezone.now()
    response.sequence = engine.server_sequence()
    fields = ["answer", "saved_at", "sequence"]
    if response.needs_hand_grading:
        response.points = None
        fields.append("points")
        response.assignments.filter(round=Assignment.Round.THIRD).delete()
        response.assignments.update(marks=[], points=None, comment="", graded_at=None)
    response.save(update_fields=fields)


def _mark_again_where_needed(registration: Registration, actor) -> None:
    """An open answer that had nothing to mark (left blank) and now has a text needs its two
    graders: given out as the first distribution did, if the session's copies were given out."""
    session = registration.session
    if not Assignment.objects.filter(session=session).exists():
        return  # not distributed yet: the distribution will include this copy
    waiting = Response.objects.filter(
        attempt_id=registration.attempt_id, needs_hand_grading=True, assignments__isnull=True
    )
    if waiting.exists():
        # Fewer than two graders: the grading page says so, as for any copy.
        with contextlib.suppress(grading.GradingError):
            grading.distribute(session=session, actor=actor)


def quoted_answer(printed: PrintedQuestion, answer: dict | None) -> str:
    """An answer as the candidate wrote it on the answer sheet: letters, numbers, V/F, a text."""
    if not presentation.is_answered(answer):
        return "—"
    question = printed.question
    kind = question.type
    if kind in ("single", "multiple"):
        letters = {option.key: letter for letter, option in printed.lettered_options}
        chosen = answer.get("choices") or [answer.get("choice")]
        return ", ".join(letters.get(key, key) for key in chosen if key)
    if kind == "truefalse":
        if answer.get("answer"):
            return pgettext("lettre de « vrai » sur la feuille de réponses", "V")
        return pgettext("lettre de « faux » sur la feuille de réponses", "F")
    if kind == "numeric":
        return str(answer.get("value", ""))
    if kind == "ruling":
        letters = {choice.key: letter for letter, choice in printed.lettered_decisions}
        numbers = {choice.key: str(number) for number, choice in printed.numbered_sanctions}
        decision = letters.get(answer.get("decision") or "", "—")
        sanctions = ", ".join(numbers.get(key, key) for key in answer.get("sanctions") or []) or "—"
        return f"{decision} / {sanctions}"
    if kind == "pairing":
        from questions.pairing.board import format_pairing_text

        return format_pairing_text(answer).replace("\n", ", ") or "—"
    text = str(answer.get("text", ""))
    return f"« {text[:QUOTED_TEXT]}{'…' if len(text) > QUOTED_TEXT else ''} »"
