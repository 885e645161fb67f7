"""The candidate's attempt: the page, its autosave, the summary before submitting, the result."""

from __future__ import annotations

from datetime import timedelta

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import redirect, render
from django.template.backends.utils import csrf_input
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from delivery import parts, permissions, presentation, services
from delivery.models import Attempt, Feedback, Response
from questions.views._common import language

MAX_SEQUENCE = 2**63 - 1
# Browsers number saves by the server's clock (microseconds): a number further ahead comes from
# a wrong clock or a forged request, and would hide every later answer to the question.
SEQUENCE_AHEAD = 10 * 60 * 1_000_000
# A page opened again after this long counts as a resumption (a reload, a second device).
RESUME_AFTER = timedelta(seconds=30)
WITHHELD_MESSAGE = gettext_lazy(
    "Cette question est réservée à un examen dont la correction n'est pas encore publiée : "
    "elle est retirée de cette épreuve, sa réponse n'est ni enregistrée ni corrigée."
)


def _clock(moment) -> str:
    return timezone.localtime(moment).strftime("%H:%M:%S")


def _book_closed(request: HttpRequest) -> bool:
    """Whether the candidate sits a closed-book exam now, this copy or another beside it: the
    copy's pages then show neither the site menu nor the rulebook (both would answer 403)."""
    return bool(permissions.closed_book_exam_attempts(request.user))


def exam_context(attempt: Attempt, request: HttpRequest, *, preview: bool = False) -> dict:
    """What the attempt page shows; shared with the staff's preview of a paper."""
    slot_list = presentation.slots(attempt, language=language(request))
    immediate = attempt.paper.feedback == Feedback.IMMEDIATE
    book_closed = not preview and _book_closed(request)
    return {
        "attempt": attempt,
        "paper": attempt.paper,
        "slots": slot_list,
        "summary": presentation.summary(slot_list),
        "withheld": presentation.withheld_count(attempt),
        "remaining": None if preview else attempt.remaining_seconds(),
        "immediate": immediate,
        "preview": preview,
        "book_closed": book_closed,
        "rules_allowed": not attempt.paper.closes_the_book and not book_closed,
        # The server's clock, which the page numbers its saves by (never the computer's own).
        "server_now": None if preview else services.server_sequence(),
        # How long after the deadline the server still takes answers, then hands the copy in.
        "grace_seconds": None if preview else int(services.grace_period().total_seconds()),
        # The token's hidden input, written once for the page's dozens of forms.
        "csrf_input": csrf_input(request),
        "managed_part": None if preview else _managed_part(attempt, corrected=False),
    }


def _managed_part(attempt: Attempt, *, corrected: bool) -> dict | None:
    """A part that is not a paper item (a UVT mock's managed tournament): its tasks while it
    is sat, its correction after (``delivery.parts``)."""
    if attempt.paper.purpose != "mock":
        return None
    return parts.context(attempt, corrected=corrected)


@require_GET
@login_required
@never_cache
def attempt_page(request: HttpRequest, attempt_id) -> HttpResponse:
    attempt = permissions.get_attempt_for_candidate(request.user, attempt_id)
    now = timezone.now()
    attempt = services.close_if_overdue(attempt=attempt, now=now)
    if not attempt.is_open:
        return _result(request, attempt)
    seen_key = f"delivery-seen-{attempt.pk}"
    if not request.session.get(seen_key):
        request.session[seen_key] = True
        if now - attempt.started_at > RESUME_AFTER:
            services.note_resumption(attempt=attempt, actor=request.user, now=now)
    context = exam_context(attempt, request)
    # Between the deadline and the end of the grace period the last saves may still arrive:
    # the page is read-only and comes back when the attempt is closed.
    context["time_up"] = attempt.deadline is not None and now >= attempt.deadline
    if context["time_up"]:
        context["refresh_in"] = int((attempt.deadline + services.grace_period() - now).total_seconds()) + 1
    return render(request, "delivery/attempt.html", context)


def _result(request: HttpRequest, attempt: Attempt) -> HttpResponse:
    # A copy handed in while another closed-book exam runs (delivery.middleware) says "copie
    # remise" and leads back to the copies still being sat; its correction waits for their end.
    book_closed = _book_closed(request)
    visible = attempt.correction_visible() and not book_closed
    context = {
        "attempt": attempt,
        "paper": attempt.paper,
        "book_closed": book_closed,
        "correction": visible,
        "correction_held": attempt.correction_visible() and book_closed,
        "grading_pending": attempt.awaits_automatic_grading,
        "copies": permissions.copies_being_sat(request.user) if book_closed else [],
        "slots": presentation.slots(attempt, language=language(request)) if visible else [],
        "withheld": presentation.withheld_count(attempt),
        "managed_part": _managed_part(attempt, corrected=True) if visible else None,
    }
    return render(request, "delivery/result.html", context)


def _wants_json(request: HttpRequest) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _refuse(request: HttpRequest, attempt: Attempt, status: int, message: str) -> HttpResponse:
    if _wants_json(request):
        state = "closed" if status == 409 else "invalid"
        return JsonResponse({"status": state, "message": message}, status=status)
    if status == 409:
        messages.error(request, message)
        return redirect("delivery:attempt", attempt.pk)
    return render(request, "delivery/refused.html", {"attempt": attempt, "message": message}, status=status)


def _posted_item(request: HttpRequest, attempt: Attempt):
    """The posted item (None: not on the paper); ``services.ItemWithheld`` if it is withheld."""
    raw = request.POST.get("item", "")
    return presentation.posted_item(attempt, int(raw)) if raw.isascii() and raw.isdigit() else None


def _posted_sequence(request: HttpRequest, now) -> int | None:
    raw = request.POST.get("sequence", "")
    if not raw:
        return services.server_sequence(now)
    if not (raw.isascii() and raw.isdigit()) or len(raw) > len(str(MAX_SEQUENCE)):
        return None
    sequence = int(raw)
    if not 0 < sequence <= min(MAX_SEQUENCE, services.server_sequence(now) + SEQUENCE_AHEAD):
        return None
    return sequence


def _closed_message(attempt: Attempt) -> str:
    if attempt.submitted_automatically or (attempt.deadline and timezone.now() > attempt.deadline):
        return _("Temps écoulé : votre copie a été remise avec les réponses enregistrées.")
    return _("Votre copie a été remise : les réponses ne peuvent plus être modifiées.")


def _store(request: HttpRequest, attempt: Attempt, now) -> services.SaveResult | HttpResponse:
    """Save the posted answer; an HTTP response says why it was refused."""
    try:
        item = _posted_item(request, attempt)
    except services.ItemWithheld:
        return _refuse(request, attempt, 400, str(WITHHELD_MESSAGE))
    if item is None:
        return _refuse(request, attempt, 400, _("Cette question ne fait pas partie de votre épreuve."))
    sequence = _posted_sequence(request, now)
    if sequence is None:
        return _refuse(request, attempt, 400, _("Numéro d'enregistrement invalide : rechargez la page."))
    question = presentation.question_for_input(item, language=language(request), attempt=attempt)
    try:
        previous = None
        if question.type == "pairing":
            previous = (Response.objects.filter(attempt=attempt, item=item)
                        .values_list("answer", flat=True).first())
        answer = presentation.answer_from_post(question, request.POST, previous=previous)
    except presentation.InvalidAnswer as error:
        return _refuse(request, attempt, 400, str(error))
    flagged = request.POST.get("flagged") in ("1", "on", "true")
    try:
        return services.save_response(attempt=attempt, item_id=item.pk, answer=answer, sequence=sequence,
                                      flagged=flagged, now=now, item=item)
    except services.AttemptClosed:
        attempt.refresh_from_db()
        return _refuse(request, attempt, 409, _closed_message(attempt))


def _back_to_question(attempt: Attempt, item_id: int) -> HttpResponse:
    number = _number_of(attempt, item_id)
    return HttpResponseRedirect(f"{reverse('delivery:attempt', args=[attempt.pk])}#q-{number}")


@require_POST
@login_required
def save(request: HttpRequest, attempt_id) -> HttpResponse:
    """Store one answer. Browsers number their saves; a stale one is acknowledged, not stored."""
    attempt = permissions.get_attempt_for_candidate(request.user, attempt_id, with_paper=False)
    now = timezone.now()
    attempt = services.close_if_overdue(attempt=attempt, now=now)
    result = _store(request, attempt, now)
    if isinstance(result, HttpResponse):
        return result
    response = result.response
    if _wants_json(request):
        return JsonResponse({
            "status": "saved" if result.stored else "stale",
            "item": response.item_id,
            "sequence": response.sequence,
            "saved_at": _clock(response.saved_at),
            "answered": presentation.is_answered(response.answer),
            "flagged": response.flagged,
            "remaining": attempt.remaining_seconds(now),
        })
    messages.success(request, _("Question %(number)s : réponse enregistrée à %(time)s.")
                     % {"number": _number_of(attempt, response.item_id), "time": _clock(response.saved_at)})
    if request.POST.get(f"q{response.item_id}-hand_in_ask"):
        # « Rendre la ronde » asks first: the page comes back with the confirmation to give,
        # its button focused (autofocus, which a URL fragment would cancel: no fragment here).
        page = reverse("delivery:attempt", args=[attempt.pk])
        return HttpResponseRedirect(f"{page}?rendre=item-{response.item_id}")
    return _back_to_question(attempt, response.item_id)


def _number_of(attempt: Attempt, item_id: int) -> int:
    return next(number for number, item in enumerate(services.ordered_items(attempt), start=1)
                if item.pk == item_id)


@require_POST
@login_required
def check(request: HttpRequest, attempt_id) -> HttpResponse:
    """Practice with feedback after each question: save the answer, then correct it."""
    attempt = permissions.get_attempt_for_candidate(request.user, attempt_id)
    now = timezone.now()
    attempt = services.close_if_overdue(attempt=attempt, now=now)
    if attempt.paper.feedback != Feedback.IMMEDIATE:
        return _refuse(request, attempt, 400, _("Cette épreuve n'est corrigée qu'une fois la copie remise."))
    result = _store(request, attempt, now)
    if isinstance(result, HttpResponse):
        return result
    try:
        services.check_response(attempt=attempt, item_id=result.response.item_id, now=now)
    except services.ItemWithheld:
        return _refuse(request, attempt, 400, str(WITHHELD_MESSAGE))
    except services.AttemptClosed:
        attempt.refresh_from_db()
        return _refuse(request, attempt, 409, _closed_message(attempt))
    return _back_to_question(attempt, result.response.item_id)


@require_GET
@login_required
@never_cache
def clock(request: HttpRequest, attempt_id) -> JsonResponse:
    """The time left, for the page to follow an extension granted while nothing is saved."""
    attempt = permissions.get_attempt_for_candidate(request.user, attempt_id)
    now = timezone.now()
    attempt = services.close_if_overdue(attempt=attempt, now=now)
    return JsonResponse({"open": attempt.is_open, "remaining": attempt.remaining_seconds(now)})


@require_http_methods(["GET", "POST"])
@login_required
@never_cache
def submit(request: HttpRequest, attempt_id) -> HttpResponse:
    """GET: what is left to do (unanswered, flagged); POST: hand the attempt in."""
    attempt = permissions.get_attempt_for_candidate(request.user, attempt_id)
    attempt = services.close_if_overdue(attempt=attempt)
    if not attempt.is_open:
        return redirect("delivery:attempt", attempt.pk)
    if request.method == "POST":
        services.submit_attempt(attempt=attempt, actor=request.user)
        return redirect("delivery:attempt", attempt.pk)
    slot_list = presentation.slots(attempt, language=language(request))
    context = {
        "attempt": attempt,
        "paper": attempt.paper,
        "book_closed": _book_closed(request),
        "slots": slot_list,
        "summary": presentation.summary(slot_list),
        "withheld": presentation.withheld_count(attempt),
        "remaining": attempt.remaining_seconds(),
    }
    return render(request, "delivery/submit.html", context)

