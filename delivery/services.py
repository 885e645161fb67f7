"""Writes of the delivery engine: starting, saving, extending, submitting and grading attempts.

Every function is keyword-only and takes the time as ``now`` so that deadlines can be tested
without sleeping. The deadline is always the server's: a browser's clock is never trusted.
"""

from __future__ import annotations

import logging
import random
import secrets
import time
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import connections, router, transaction
from django.db.models import F
from django.utils import timezone

from delivery import exposure, parts
from delivery.models import Attempt, AttemptEvent, AttemptStatus, Paper, PaperItem, Purpose, Response
from delivery.signals import answers_graded
from questions import computed, scoring

ZERO = Decimal(0)
logger = logging.getLogger(__name__)
grading_logger = logging.getLogger("arbitre.grading")


class AttemptClosed(Exception):
    """An answer arrived for an attempt that is submitted or past its deadline and grace period."""


class UnknownItem(Exception):
    """An answer named an item that is not on the attempt's paper."""


class ItemWithheld(UnknownItem):
    """An answer named an item whose question is reserved for an exam still to be sat
    (``delivery.exposure``): it is neither saved nor graded in this attempt."""


def withheld_items(attempt: Attempt, *, purpose: str | None = None) -> frozenset[int]:
    """The ids of the attempt's items withheld now because their question is reserved for an
    exam (``delivery.exposure``): none on an exam paper. Every path that shows, saves, checks
    or grades an attempt's items asks this one function (``attempt_items``, ``save_response``,
    ``check_response``, ``grade_attempt``). ``purpose``: the paper's, when already known."""
    return exposure.withheld_item_ids(attempt.paper_id, purpose or attempt.paper.purpose)


@dataclass(frozen=True)
class SaveResult:
    response: Response
    stored: bool  # False: an older or repeated save, ignored because a newer one is stored


def grace_period() -> timedelta:
    """How late after the deadline an answer sent before it may still arrive (network delay)."""
    return timedelta(seconds=getattr(settings, "DELIVERY_GRACE_SECONDS", 30))


def start_attempt(*, paper: Paper, candidate, extra_time: timedelta = timedelta(0), actor=None,
                  seed: int | None = None, now: datetime | None = None, large_print: bool = False) -> Attempt:
    now = now or timezone.now()
    deadline = now + paper.duration + extra_time if paper.duration is not None else None
    with transaction.atomic():
        attempt = Attempt.objects.create(
            paper=paper, candidate=candidate, seed=seed if seed is not None else secrets.randbits(62),
            started_at=now, extra_time=extra_time, deadline=deadline, large_print=large_print,
        )
        AttemptEvent.objects.create(attempt=attempt, kind=AttemptEvent.Kind.STARTED,
                                    actor=actor or candidate, at=now,
                                    minutes=int(extra_time.total_seconds() // 60) or None)
    return attempt


def set_large_print(*, attempt: Attempt, large_print: bool) -> None:
    """The large-print accommodation granted or withdrawn once the attempt has started: the
    candidate's next page shows it."""
    Attempt.objects.filter(pk=attempt.pk).update(large_print=large_print)
    attempt.large_print = large_print


def accepts_answers(attempt: Attempt, now: datetime) -> bool:
    if attempt.status != AttemptStatus.IN_PROGRESS:
        return False
    return attempt.deadline is None or now <= attempt.deadline + grace_period()


def save_response(*, attempt: Attempt, item_id: int, answer: dict, sequence: int,
                  flagged: bool | None = None, now: datetime | None = None,
                  item: PaperItem | None = None) -> SaveResult:
    """Store an answer unless a save with a higher ``sequence`` is already stored.

    One statement does it, whether the item was answered before or not: an insert that turns
    into an update of the stored answer when that one is older ("upsert"), on condition that
    the attempt is still open and the answer not already corrected. Two saves racing from two
    tabs cannot interleave, the first answer to an item needs no second round trip, and the
    write lock is held for one statement only (SQLite serialises writers: a save that held
    it for a whole read-then-write transaction made every other save wait).
    """
    now = now or timezone.now()
    if not accepts_answers(attempt, now):
        raise AttemptClosed
    given = item is not None and item.paper_id == attempt.paper_id and item.pk == item_id
    if not given:
        # The page's own saves pass the item read by ``presentation.posted_item``, which
        # already leaves withheld items out; any other caller is checked here.
        if not PaperItem.objects.filter(pk=item_id, paper_id=attempt.paper_id).exists():
            raise UnknownItem
        if item_id in withheld_items(attempt):
            raise ItemWithheld
    values: dict = {"answer": answer, "sequence": sequence, "saved_at": now}
    if flagged is not None:
        values["flagged"] = flagged
    if _store_if_newer(attempt_id=attempt.pk, item_id=item_id, values=values, now=now):
        response = Response(attempt_id=attempt.pk, item_id=item_id, **values)
        if flagged is None:
            response.flagged = Response.objects.filter(
                attempt_id=attempt.pk, item_id=item_id).values_list("flagged", flat=True).first()
        return SaveResult(response, stored=True)
    # Nothing written: the attempt was closed meanwhile, or the stored answer is newer (or
    # repeated, or already corrected: practice with immediate feedback).
    if not Attempt.objects.filter(pk=attempt.pk, status=AttemptStatus.IN_PROGRESS).exists():
        raise AttemptClosed
    existing = Response.objects.filter(attempt_id=attempt.pk, item_id=item_id).first()
    if existing is None or not accepts_answers(attempt, now):
        raise AttemptClosed
    return SaveResult(existing, stored=False)


_STORE_IF_NEWER: dict[str, str] = {}


def _store_if_newer(*, attempt_id, item_id: int, values: dict, now: datetime) -> bool:
    """The single statement of ``save_response``, in SQL written once per database vendor and
    set of columns: ``INSERT … SELECT … WHERE <attempt open> ON CONFLICT (attempt, item) DO
    UPDATE … WHERE <stored sequence lower, not corrected>``. Both SQLite (3.24+) and
    PostgreSQL (9.5+) run it as written. On PostgreSQL the attempt's row is read ``FOR SHARE``:
    a save waits for a hand-in being written and then sees it (and the hand-in waits for the
    save), so an acknowledged answer is always one the grading reads.

    Table and column names come from the models' metadata only; every value is a parameter,
    prepared by its model field as the ORM would prepare it. Returns whether a row was written.
    """
    connection = connections[router.db_for_write(Response)]
    response = Response(attempt_id=attempt_id, item_id=item_id, **values)
    inserted = [field for field in Response._meta.concrete_fields if not field.primary_key]
    updated = [Response._meta.get_field(name) for name in values]
    key = f"{connection.vendor}:{','.join(field.name for field in updated)}"
    sql = _STORE_IF_NEWER.get(key)
    if sql is None:
        quote = connection.ops.quote_name
        table, attempt_table = quote(Response._meta.db_table), quote(Attempt._meta.db_table)

        def column(model, name: str) -> str:
            return quote(model._meta.get_field(name).column)

        deadline = column(Attempt, "deadline")
        sequence = column(Response, "sequence")
        lock = " FOR SHARE" if connection.vendor == "postgresql" else ""
        sql = _STORE_IF_NEWER[key] = (
            f"INSERT INTO {table} ({', '.join(quote(field.column) for field in inserted)})"  # noqa: S608
            f" SELECT {', '.join(['%s'] * len(inserted))}"
            f" WHERE EXISTS (SELECT 1 FROM {attempt_table} WHERE {column(Attempt, 'id')} = %s"
            f" AND {column(Attempt, 'status')} = %s AND ({deadline} IS NULL OR {deadline} >= %s){lock})"
            f" ON CONFLICT ({column(Response, 'attempt')}, {column(Response, 'item')}) DO UPDATE SET"
            f" {', '.join(f'{quote(field.column)} = excluded.{quote(field.column)}' for field in updated)}"
            f" WHERE {table}.{sequence} < excluded.{sequence}"
            f" AND {table}.{column(Response, 'checked_at')} IS NULL"
        )
    # The instance's values: those given, the fields' defaults for the others (no ``pre_save``:
    # ``saved_at`` is the ``now`` given, not the clock's).
    params = [field.get_db_prep_save(getattr(response, field.attname), connection) for field in inserted]
    params += [
        Attempt._meta.pk.get_db_prep_value(attempt_id, connection),
        AttemptStatus.IN_PROGRESS.value,
        Attempt._meta.get_field("deadline").get_db_prep_value(now - grace_period(), connection),
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.rowcount > 0


def server_sequence(now: datetime | None = None) -> int:
    """A save number for a save the browser did not number (a plain form post, without
    JavaScript): microseconds since the epoch, the scale the browser's numbers use too, so
    the later save wins whichever way it came."""
    return int((now or timezone.now()).timestamp() * 1_000_000)


def close_if_overdue(*, attempt: Attempt, now: datetime | None = None) -> Attempt:
    """Submit the attempt with what was saved if its deadline and grace period have passed.

    Called whenever an attempt is touched (page, save), so that a candidate never waits for
    the periodic task to see that the time is up."""
    now = now or timezone.now()
    if attempt.is_open and attempt.deadline is not None and now > attempt.deadline + grace_period():
        return submit_attempt(attempt=attempt, automatically=True, now=now)
    return attempt


def note_resumption(*, attempt: Attempt, actor, now: datetime | None = None) -> None:
    """Log that the attempt was opened again (a reload, another tab, another device)."""
    AttemptEvent.objects.create(attempt=attempt, kind=AttemptEvent.Kind.RESUMED, actor=actor,
                                at=now or timezone.now())


def check_response(*, attempt: Attempt, item_id: int, now: datetime | None = None) -> Response:
    """Correct one answer now and freeze it (practice papers with feedback after each question)."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
        if not accepts_answers(locked, now):
            raise AttemptClosed
        item = (PaperItem.objects.select_related("version")
                .filter(pk=item_id, paper_id=locked.paper_id).first())
        if item is None:
            raise UnknownItem
        if item.pk in withheld_items(locked):
            raise ItemWithheld
        response, _created = Response.objects.select_for_update().get_or_create(attempt=locked, item=item)
        if response.checked_at is None:
            _score_response(locked, item, response)
            response.checked_at = now
            response.save(update_fields=["correct", "needs_hand_grading", "points", "penalty", "checked_at"])
    _after_grading(locked, [response], now)
    return response


def release_results(*, attempts, actor, now: datetime | None = None) -> int:
    """Show the correction to the candidates of closed attempts (papers corrected "on release").

    Returns how many attempts were released now; those already released keep their date."""
    now = now or timezone.now()
    released = 0
    with transaction.atomic():
        for attempt in attempts:
            if attempt.is_open or attempt.released_at is not None:
                continue
            attempt.released_at = now
            attempt.save(update_fields=["released_at"])
            AttemptEvent.objects.create(attempt=attempt, kind=AttemptEvent.Kind.RELEASED, actor=actor, at=now)
            released += 1
    return released


def extend_attempt(*, attempt: Attempt, minutes: int, reason: str, actor) -> Attempt:
    if minutes <= 0:
        raise ValueError("An extension is a positive number of minutes.")
    with transaction.atomic():
        locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
        if locked.status != AttemptStatus.IN_PROGRESS:
            raise AttemptClosed
        extra = timedelta(minutes=minutes)
        locked.extra_time += extra
        if locked.deadline is not None:
            locked.deadline += extra
        locked.save(update_fields=["extra_time", "deadline"])
        AttemptEvent.objects.create(attempt=locked, kind=AttemptEvent.Kind.EXTENDED, actor=actor,
                                    minutes=minutes, reason=reason)
    return locked


def extend_attempts(*, attempts, minutes: int, reason: str, actor) -> int:
    """The same extension for several attempts (an incident in a whole centre); those already
    handed in are left alone. Returns how many were extended."""
    extended = 0
    for attempt in attempts:
        try:
            extend_attempt(attempt=attempt, minutes=minutes, reason=reason, actor=actor)
        except AttemptClosed:
            continue
        extended += 1
    return extended


def submit_attempt(*, attempt: Attempt, actor=None, automatically: bool = False,
                   now: datetime | None = None) -> Attempt:
    """Close the attempt with what was saved, then grade what can be graded automatically."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = Attempt.objects.select_for_update().get(pk=attempt.pk)
        if locked.status != AttemptStatus.IN_PROGRESS:
            return locked
        locked.status = AttemptStatus.SUBMITTED
        # Submitted by the deadline: the attempt ends at the deadline, not when it was noticed.
        locked.submitted_at = min(now, locked.deadline) if automatically and locked.deadline else now
        locked.submitted_automatically = automatically
        locked.save(update_fields=["status", "submitted_at", "submitted_automatically"])
        kind = AttemptEvent.Kind.AUTO_SUBMITTED if automatically else AttemptEvent.Kind.SUBMITTED
        AttemptEvent.objects.create(attempt=locked, kind=kind, actor=actor, at=now)
    graded = _grade_handed_in(locked)
    _after_hand_in(graded)
    return graded


def _grade_handed_in(attempt: Attempt) -> Attempt:
    """Grade a copy just handed in, or leave it handed in and ungraded if the grading fails.

    The copy is closed and its answers are stored: a grading that raises (a bug, a pairing the
    engine cannot replay, the database away for a moment) must not turn the hand-in into an
    error page, nor leave the copy ungraded for good. It is logged, counted on the copy
    (``grading_failures``, shown on the session's page) and tried again by
    ``grade_pending_attempts``, which the clock runs beside ``close_overdue_attempts``."""
    try:
        if transaction.get_connection(router.db_for_write(Attempt)).in_atomic_block:
            # Inside a caller's transaction (a paper copy's entry) a failed query would
            # otherwise break that transaction too: a savepoint keeps it usable.
            with transaction.atomic():
                return grade_attempt(attempt=attempt, first_time=True)
        return grade_attempt(attempt=attempt, first_time=True)
    except Exception:
        logger.exception("Automatic grading failed for attempt %s: left handed in, to be graded again",
                         attempt.pk)
    try:
        Attempt.objects.filter(pk=attempt.pk).update(grading_failures=F("grading_failures") + 1)
        attempt.refresh_from_db()
    except Exception:
        # The database itself away: the copy is closed all the same (its row says so), and the
        # sweep finds it ungraded whether the count went up or not.
        logger.exception("Could not count the grading failure of attempt %s", attempt.pk)
    return attempt


def grade_pending_attempts() -> int:
    """Grade every handed-in copy whose automatic grading never went through (see
    ``_grade_handed_in``); a copy graded meanwhile by another run is left as it is. Returns how
    many were graded now; those that fail again wait for the next run."""
    graded = 0
    pending = Attempt.objects.filter(status=AttemptStatus.SUBMITTED, auto_graded_at__isnull=True)
    for attempt_id in list(pending.order_by("submitted_at").values_list("pk", flat=True)):
        attempt = _grade_handed_in(Attempt.objects.select_related("paper").get(pk=attempt_id))
        if attempt.auto_graded_at is not None:
            graded += 1
            _after_hand_in(attempt)
    return graded


def _after_hand_in(attempt: Attempt) -> None:
    """The last exam copy in ends its session's sitting (``exams.lifecycle``).

    An explicit call rather than a signal."""
    if attempt.paper.purpose != Purpose.EXAM:
        return
    from exams.lifecycle import on_copy_handed_in

    try:
        with transaction.atomic():
            on_copy_handed_in(attempt)
    except Exception:
        # The copy is handed in and graded: the session's state catches up on the next event
        # or the clock (close_overdue_attempts); the candidate never sees an error for it.
        logger.exception("Session lifecycle update failed after attempt %s", attempt.pk)


def close_overdue_attempts(*, now: datetime | None = None) -> int:
    """Submit every attempt whose deadline and grace period have passed. Returns how many."""
    now = now or timezone.now()
    overdue = Attempt.objects.filter(status=AttemptStatus.IN_PROGRESS,
                                     deadline__lt=now - grace_period())
    count = 0
    for attempt in overdue.iterator():
        submit_attempt(attempt=attempt, automatically=True, now=now)
        count += 1
    return count


class AlreadyGraded(Exception):
    """Another run graded the copy first (``grade_attempt(first_time=True)``): nothing written."""


def grade_attempt(*, attempt: Attempt, first_time: bool = False) -> Attempt:
    """Score every closed question; open parts wait for a grader. Sets the total when complete.
    A question withheld for an exam (``withheld_items``) is neither graded nor counted.

    ``first_time``: the automatic grading of a copy handed in (its hand-in, or the sweep trying
    again): done once only. The write claims the copy (``auto_graded_at``) in the transaction
    that stores the grades, so that of a hand-in and a sweep grading the same copy at the same
    moment, one writes and the other leaves the copy as the first wrote it. Without it: a regrade
    (an answer entered again, a hand mark withdrawn), which keeps marks given by hand."""
    if first_time and Attempt.objects.filter(pk=attempt.pk, auto_graded_at__isnull=False).exists():
        attempt.refresh_from_db()
        return attempt
    items = attempt_items(attempt, list(attempt.paper.items.select_related("version")))
    responses = {r.item_id: r for r in attempt.responses.all()}
    _grade_parts(attempt)
    # Score first, write after: a pairing question replays the engine, and on SQLite an open
    # transaction holds the database's write lock, which every candidate's autosave waits for.
    scores = {}
    for item in items:
        response = responses.get(item.pk) or Response(attempt=attempt, item=item)
        if response.needs_hand_grading and response.points is not None:
            continue  # already graded by hand
        scores[item.pk] = _score(attempt, item, response.answer)
    # Written in two statements (new rows, scored rows), not one or two per question: a hand-in
    # of a 30-question paper wrote its rows one by one while holding the write lock.
    stored = set(responses)
    for item in items:
        if item.pk not in responses:
            responses[item.pk] = Response(attempt=attempt, item=item)
        if item.pk in scores:
            _apply_score(attempt, responses[item.pk], scores[item.pk])
    try:
        with transaction.atomic():
            _claim(attempt, first_time=first_time)
            Response.objects.bulk_create([responses[item.pk] for item in items if item.pk not in stored])
            Response.objects.bulk_update(
                [responses[item.pk] for item in items if item.pk in stored and item.pk in scores],
                ["correct", "needs_hand_grading", "points", "penalty"],
            )
            graded = _total(attempt, items, responses)
    except AlreadyGraded:
        attempt.refresh_from_db()
        return attempt
    _after_grading(graded, list(responses.values()), None)
    return graded


def _claim(attempt: Attempt, *, first_time: bool) -> None:
    """Mark the copy graded automatically, in the transaction that stores its grades. The first
    grading claims it only if no other did (one conditional UPDATE: on PostgreSQL the second
    waits for the first's commit, then finds the copy claimed; SQLite serialises the two)."""
    now = timezone.now()
    unclaimed = Attempt.objects.filter(pk=attempt.pk, auto_graded_at__isnull=True)
    if unclaimed.update(auto_graded_at=now):
        attempt.auto_graded_at = now
    elif first_time:
        raise AlreadyGraded


def _grade_parts(attempt: Attempt) -> None:
    """Parts that are not paper items (a UVT mock's managed tournament) are graded with the
    attempt's hand-in, from their state on the server (see ``delivery.parts``)."""
    if attempt.paper.purpose == Purpose.MOCK:
        parts.grade(attempt)


def _part_totals(attempt: Attempt) -> tuple[Decimal, Decimal | None]:
    if attempt.paper.purpose != Purpose.MOCK:
        return ZERO, ZERO
    return parts.totals(attempt)


def _score(attempt: Attempt, item: PaperItem, answer):
    seed = variant_seed(attempt, item)
    started = time.perf_counter()
    content = _content_with_points(item, seed)
    score = scoring.grade(content, answer, seed=seed)
    if grading_logger.isEnabledFor(logging.INFO):
        # How long each answer took to grade (a pairing question replays the engine): off
        # unless GRADING_LOG_LEVEL=INFO; the load benchmarks read it from the server's log.
        grading_logger.info("graded", extra={
            "attempt": str(attempt.pk), "item": item.pk, "type": content["type"],
            "duration_ms": round((time.perf_counter() - started) * 1000, 2),
        })
    return score


def _apply_score(attempt: Attempt, response: Response, score) -> None:
    response.correct = score.correct
    response.needs_hand_grading = score.needs_hand_grading
    response.points = None if score.needs_hand_grading else score.points
    response.penalty = score.penalty if attempt.paper.negative_marking else ZERO


def _score_response(attempt: Attempt, item: PaperItem, response: Response) -> None:
    _apply_score(attempt, response, _score(attempt, item, response.answer))


def grade_response_by_hand(*, response: Response, points: Decimal, actor, comment: str = "") -> Response:
    if points < 0 or points > response.item.points:
        raise ValueError("Points must lie between 0 and the item's points.")
    with transaction.atomic():
        response.points = points
        response.needs_hand_grading = True
        response.correct = points == response.item.points
        response.save(update_fields=["points", "needs_hand_grading", "correct"])
        AttemptEvent.objects.create(attempt=response.attempt, kind=AttemptEvent.Kind.GRADED, actor=actor,
                                    reason=comment)
        attempt = response.attempt
        items = attempt_items(attempt, list(attempt.paper.items.all()))
        _total(attempt, items, {r.item_id: r for r in attempt.responses.all()})
    return response


def variant_seed(attempt: Attempt, item: PaperItem) -> int:
    """The seed of this candidate's variant of a computed item: derived from the attempt's
    stored seed and the item, so the page, the grading and a later regrading all draw the
    same variant, and two candidates (two seeds) get different ones."""
    return computed.item_seed(attempt.seed, item.pk)


def item_content(attempt: Attempt, item: PaperItem) -> dict:
    """The item's content as this candidate met it: a computed question becomes its variant
    (stem, answer, worked solution as the explanation); any other question is unchanged."""
    content = item.version.content()
    if content["type"] == "computed":
        content = computed.native_content(content, variant_seed(attempt, item))
    return content


def _content_with_points(item: PaperItem, seed: int | None = None) -> dict:
    content = item.version.content()
    if content["type"] == "computed":
        # The expected answer is computed here, on the server, from the stored seed.
        content = computed.native_content(content, seed)
    if Decimal(str(content["points"])) != item.points:
        # The paper may weigh a question differently from the bank: scale every part with it.
        ratio = item.points / Decimal(str(content["points"]))
        content["points"] = item.points
        body = dict(content["body"])
        for part in ("decision_points", "sanction_points"):
            if part in body:
                body[part] = Decimal(str(body[part])) * ratio
        content["body"] = body
    return content


def _total(attempt: Attempt, items: list[PaperItem], responses: dict[int, Response]) -> Attempt:
    part_points, part_marks = _part_totals(attempt)
    pending = part_marks is None or any(responses[item.pk].points is None for item in items)
    max_score = sum((item.points for item in items), part_points)
    attempt.max_score = max_score
    if pending:
        attempt.score = None
        attempt.passed = None
    else:
        gained = sum((responses[item.pk].points for item in items), part_marks)
        penalties = sum((responses[item.pk].penalty for item in items), ZERO)
        attempt.score = max(ZERO, gained - penalties)
        attempt.status = AttemptStatus.GRADED
        threshold = max_score * attempt.paper.pass_mark / 100
        eliminated = any(item.version.eliminatory and responses[item.pk].correct is False for item in items)
        attempt.passed = attempt.score >= threshold and not eliminated
    attempt.save(update_fields=["max_score", "score", "passed", "status"])
    return attempt


def ordered_items(attempt: Attempt) -> list[PaperItem]:
    """The paper's items in this candidate's order (the paper's, or shuffled by the attempt's
    seed), without those withheld for an exam."""
    return attempt_items(attempt, list(attempt.paper.items.select_related("version__question")))


def attempt_items(attempt: Attempt, items: list[PaperItem], *, purpose: str | None = None) -> list[PaperItem]:
    """``items`` (the paper's, in its order) as this attempt delivers them: in the candidate's
    order, without the items ``withheld_items`` names. The page, its summary, its correction,
    the staff preview and the grading all read an attempt's items through here."""
    withheld = withheld_items(attempt, purpose=purpose)
    return shuffled_items(attempt, [item for item in items if item.pk not in withheld])


def shuffled_items(attempt: Attempt, items: list[PaperItem]) -> list[PaperItem]:
    """``items``, in the paper's order, put in this candidate's order."""
    if attempt.paper.shuffle_questions:
        random.Random(attempt.seed).shuffle(items)  # noqa: S311 - an order, not a secret
    return items


def option_order(attempt: Attempt, item: PaperItem) -> list[str]:
    """The keys of an item's options in this candidate's order (same seed, same order).

    A question whose author kept the order (``body.shuffle`` false: "none of the above" last,
    numbers in order) is never shuffled."""
    body = item.version.body
    keys = [option["key"] for option in body.get("options", [])]
    if attempt.paper.shuffle_options and body.get("shuffle", True) and keys:
        random.Random(f"{attempt.seed}:{item.pk}").shuffle(keys)  # noqa: S311 - an order, not a secret
    return keys


def _after_grading(attempt: Attempt, responses: list[Response], now: datetime | None) -> None:
    """Practice and mock answers move the trainee's spaced-repetition cards.

    Announced by a signal (``delivery.signals.answers_graded``, which ``practice`` listens to)
    because ``practice`` builds on this engine: an import of it here made the two apps import
    each other. Exam answers are never announced."""
    if attempt.paper.purpose == Purpose.EXAM:
        return
    try:
        with transaction.atomic():
            answers_graded.send(sender=Attempt, attempt=attempt, responses=responses, now=now)
    except Exception:
        # The answer and its grade are saved: a failing schedule update must not turn the
        # candidate's check or hand-in into an error page. Logged, to be mended and replayed.
        logger.exception("Spaced-repetition update failed for attempt %s", attempt.pk)
