"""Writes of the practice app: drawing practice sets, daily reviews and mock exams for a
trainee (all sat on the delivery engine), and recording graded answers on FSRS cards.

Only questions in service are drawn (their published version, never a draft), and never
open questions in practice: they wait for a grader, so they could give no feedback.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from config.lookups import CompiledQuery
from delivery import services as delivery
from delivery.models import Attempt, AttemptStatus, Feedback, Paper, PaperItem, Purpose, Response
from papers import services as papers
from papers.families import families_of, family_label
from papers.models import PAIRING_TYPE, Blueprint
from practice import scheduling
from practice.models import Card, CardReview, Kind, TrainingPaper
from questions.models import Difficulty, Question, QuestionType, QuestionVersion

REVIEW_SIZE = 20
WEAK_ACCURACY = 0.7  # a family answered right less often than this is a weak spot
WEAK_MINIMUM_ANSWERS = 3


class NothingToDraw(Exception):
    """No question in service fits what the trainee asked for; the message says so."""


@dataclass(frozen=True)
class Criteria:
    """What a trainee asked to practise; each empty criterion means "any"."""

    unit: str = ""
    family: str = ""
    article: str = ""
    tag: str = ""
    difficulty: int | None = None
    weak_spots: bool = False
    count: int = 10

    def as_dict(self) -> dict:
        return {"unit": self.unit, "family": self.family, "article": self.article, "tag": self.tag,
                "difficulty": self.difficulty, "weak_spots": self.weak_spots, "count": self.count}

    def title(self) -> str:
        parts = [self.unit] if self.unit else []
        if self.family:
            parts.append(family_label(self.family))
        if self.article:
            parts.append(_("article %(article)s") % {"article": self.article})
        if self.tag:
            parts.append(self.tag)
        if self.difficulty:
            parts.append(str(Difficulty(self.difficulty).label).lower())
        if self.weak_spots:
            parts.append(_("mes points faibles"))
        what = " · ".join(parts) if parts else _("toutes les questions")
        return _("Entraînement — %(what)s") % {"what": what}


def _cites_article(citations: list[dict], article: str) -> bool:
    article = article.strip().rstrip(".")
    return any(str(c.get("article", "")) == article or str(c.get("article", "")).startswith(article + ".")
               for c in citations)


def practice_pool(*, criteria: Criteria, trainee) -> list[QuestionVersion]:
    """The versions in service that fit the criteria, in a stable order."""
    questions = (Question.objects.in_use().exclude(current_version__type=QuestionType.OPEN)
                 .exclude(pk__in=papers.reserved_for_exams()))
    if criteria.unit:
        questions = questions.for_unit(criteria.unit)
    if criteria.tag:
        questions = questions.with_tag(criteria.tag)
    if criteria.difficulty:
        questions = questions.filter(current_version__difficulty=criteria.difficulty)
    ids = questions.values_list("current_version_id", flat=True)
    versions = list(QuestionVersion.objects.filter(pk__in=list(ids)).select_related("question")
                    .order_by("question__uid"))
    if criteria.family:
        versions = [v for v in versions if criteria.family in families_of(v.citations)]
    if criteria.article:
        versions = [v for v in versions if _cites_article(v.citations, criteria.article)]
    if criteria.weak_spots:
        missed, weak_families = weak_spots(trainee)
        versions = [v for v in versions
                    if v.question_id in missed or families_of(v.citations) & weak_families]
    return versions


def weak_spots(trainee) -> tuple[set[int], set[str]]:
    """The questions whose last answer was wrong, and the families answered right too rarely."""
    from practice.progress import family_mastery

    missed = set(Card.objects.filter(trainee=trainee, last_correct=False)
                 .values_list("question_id", flat=True))
    weak = {family for family, row in family_mastery([trainee.pk]).get(trainee.pk, {}).items()
            if row.answers >= WEAK_MINIMUM_ANSWERS and row.accuracy < WEAK_ACCURACY}
    return missed, weak


def _practice_paper(*, trainee, title: str, kind: str, unit: str, versions: list[QuestionVersion],
                    criteria: dict, now: datetime) -> Attempt:
    # Left unlocked on purpose: delivery offers every locked practice paper to every trainee,
    # and this one is its trainee's own.
    with transaction.atomic():
        paper = Paper.objects.create(title=title, purpose=Purpose.PRACTICE, unit=unit, duration=None,
                                     feedback=Feedback.IMMEDIATE, shuffle_options=True, created_by=trainee)
        PaperItem.objects.bulk_create([
            PaperItem(paper=paper, position=position, version=version, points=version.points)
            for position, version in enumerate(versions, start=1)
        ])
        TrainingPaper.objects.create(paper=paper, trainee=trainee, kind=kind, unit=unit, criteria=criteria)
        return delivery.start_attempt(paper=paper, candidate=trainee, now=now)


def start_practice(*, trainee, criteria: Criteria, seed: int | None = None,
                   now: datetime | None = None) -> Attempt:
    pool = practice_pool(criteria=criteria, trainee=trainee)
    if not pool:
        if criteria.weak_spots:
            raise NothingToDraw(_("Aucun point faible pour ces critères : entraînez-vous d'abord, "
                                  "ou élargissez votre choix."))
        raise NothingToDraw(_("Aucune question publiée ne correspond à ces critères : "
                              "élargissez votre choix."))
    generator = random.Random(seed if seed is not None else secrets.randbits(48))  # noqa: S311 - a draw, not a secret
    chosen = generator.sample(pool, min(criteria.count, len(pool)))
    return _practice_paper(trainee=trainee, title=criteria.title(), kind=Kind.PRACTICE, unit=criteria.unit,
                           versions=chosen, criteria=criteria.as_dict(), now=now or timezone.now())


def end_of_day(now: datetime) -> datetime:
    local = timezone.localtime(now)
    return local.replace(hour=0, minute=0, second=0, microsecond=0) + timedelta(days=1)


def review_queue(trainee, *, now: datetime | None = None):
    """The cards to review today: missed or hard questions, due by tonight, still in service."""
    return _cards_due(trainee.pk, end_of_day(now or timezone.now())).order_by("due", "pk")


def _cards_due(trainee_id: int, before: datetime):
    return (Card.objects.filter(trainee_id=trainee_id, in_review=True, due__lt=before,
                                question__current_version__isnull=False)
            .exclude(question__status="retired").exclude(question__in=papers.reserved_for_exams()))


# The home page, the practice page and the progress page show how many cards are due: the
# statement is compiled once per database (building it cost ~0.8 ms a page, running it 0.2).
_DUE_CARDS = CompiledQuery(
    Card, lambda trainee_id, before: _cards_due(trainee_id, before).order_by().values_list("pk"),
    trainee_id=(-7_284_511_093, None),
    before=(datetime(1901, 2, 3, 4, 5, 6, 789, tzinfo=UTC), Card._meta.get_field("due")),
)


def due_count(trainee, *, now: datetime | None = None) -> int:
    return len(_DUE_CARDS.rows(trainee_id=trainee.pk, before=end_of_day(now or timezone.now())))


def start_review(*, trainee, now: datetime | None = None) -> Attempt:
    now = now or timezone.now()
    cards = list(review_queue(trainee, now=now).select_related("question__current_version")[:REVIEW_SIZE])
    versions = [card.question.current_version for card in cards
                if card.question.current_version.type != QuestionType.OPEN]
    if not versions:
        raise NothingToDraw(_("Rien à réviser aujourd'hui : toutes vos cartes sont à jour."))
    title = _("Révision du jour — %(date)s") % {"date": timezone.localtime(now).strftime("%d/%m/%Y")}
    return _practice_paper(trainee=trainee, title=title, kind=Kind.REVIEW, unit="", versions=versions,
                           criteria={"cards": [card.pk for card in cards]}, now=now)


def mock_blueprint(unit: str) -> Blueprint | None:
    return Blueprint.objects.filter(unit=unit, purpose=Purpose.MOCK).order_by("pk").first()


def mock_blueprints() -> dict[str, Blueprint]:
    """The mock blueprint of each unit (the first made), with its rules."""
    result: dict[str, Blueprint] = {}
    for blueprint in Blueprint.objects.filter(purpose=Purpose.MOCK).prefetch_related("rules").order_by("pk"):
        result.setdefault(blueprint.unit, blueprint)
    return result


def pairing_missing(blueprint: Blueprint, paper) -> int:
    """How many questions of the blueprint's pairing part the bank could not give this paper."""
    if not blueprint.pairing_count:
        return 0
    drawn = paper.items.filter(version__type=PAIRING_TYPE).count()
    return max(0, blueprint.pairing_count - drawn)


def pairing_available(blueprint: Blueprint) -> int:
    """The published pairing questions a mock of this blueprint may draw (none reserved for exams)."""
    if not blueprint.pairing_count:
        return 0
    return (Question.objects.in_use().for_unit(blueprint.unit).filter(current_version__type=PAIRING_TYPE)
            .exclude(pk__in=papers.reserved_for_exams()).count())


def _open_mocks_queryset(trainee_id: int):
    return Attempt.objects.filter(candidate_id=trainee_id, status=AttemptStatus.IN_PROGRESS,
                                  paper__training__kind=Kind.MOCK).order_by().values_list("paper__unit", "pk")


# Asked by the practice page on every visit: compiled once per database (config.lookups).
_OPEN_MOCKS = CompiledQuery(Attempt, _open_mocks_queryset, trainee_id=(-7_266_301_958, None))


def open_mocks(trainee) -> dict[str, object]:
    """The ids of the trainee's mock exams under way, by unit."""
    return {unit: Attempt._meta.pk.to_python(pk) for unit, pk in _OPEN_MOCKS.rows(trainee_id=trainee.pk)}


def open_mock(trainee, unit: str) -> Attempt | None:
    return (Attempt.objects.filter(candidate=trainee, status=AttemptStatus.IN_PROGRESS,
                                   paper__training__kind=Kind.MOCK, paper__unit=unit)
            .select_related("paper").first())


def start_mock(*, trainee, unit: str, seed: int | None = None, now: datetime | None = None) -> Attempt:
    """Resume the trainee's mock exam of this unit, or draw a new paper from its mock blueprint."""
    now = now or timezone.now()
    attempt = open_mock(trainee, unit)
    if attempt is not None:
        attempt = delivery.close_if_overdue(attempt=attempt, now=now)
        if attempt.is_open:
            return attempt
    blueprint = mock_blueprint(unit)
    if blueprint is None:
        raise NothingToDraw(_("Aucun examen blanc n'est encore prévu pour cette unité."))
    date = timezone.localtime(now).strftime("%d/%m/%Y")
    title = _("Examen blanc %(unit)s — %(date)s") % {"unit": unit, "date": date}
    try:
        with transaction.atomic():
            paper = papers.compose_from_blueprint(blueprint=blueprint, title=title, actor=trainee, seed=seed)
            paper.locked_at, paper.locked_by = now, trainee
            paper.save(update_fields=["locked_at", "locked_by"])
            TrainingPaper.objects.create(paper=paper, trainee=trainee, kind=Kind.MOCK, unit=unit,
                                         criteria={"blueprint": blueprint.pk,
                                                   "pairing_missing": pairing_missing(blueprint, paper)})
            attempt = delivery.start_attempt(paper=paper, candidate=trainee, now=now)
            if blueprint.managed_players:
                from practice.managed_part import set_part

                set_part(attempt=attempt, players=blueprint.managed_players, rounds=blueprint.managed_rounds,
                         points=blueprint.managed_points)
            return attempt
    except papers.CompositionError as error:
        raise NothingToDraw(str(error)) from error


def record_graded(*, attempt: Attempt, responses: list[Response], now: datetime | None = None) -> int:
    """Move the cards of the graded practice or mock answers; returns how many were recorded.

    Called when the delivery engine announces graded answers (``check_response``,
    ``grade_attempt``). Unanswered items and answers waiting for a grader are left out; a
    response already recorded is never counted twice."""
    if attempt.paper.purpose not in (Purpose.PRACTICE, Purpose.MOCK):
        return 0
    at = now or attempt.submitted_at or timezone.now()
    graded = [r for r in responses if r.correct is not None and r.points is not None and r.sequence > 0]
    if not graded:
        return 0
    done = set(CardReview.objects.filter(response__in=graded).values_list("response_id", flat=True))
    graded = [r for r in graded if r.pk not in done]
    items = {item.pk: item for item in PaperItem.objects.filter(pk__in=[r.item_id for r in graded])
             .select_related("version")}
    try:
        with transaction.atomic():
            _record_together(attempt=attempt, graded=graded, items=items, at=at)
    except IntegrityError:
        # A card created meanwhile by another hand-in of the same trainee (PostgreSQL locks no
        # row that is not there yet): one card at a time, as ``get_or_create`` settles it.
        with transaction.atomic():
            for response in graded:
                _record(attempt=attempt, response=response, item=items[response.item_id], at=at)
    return len(graded)


CARD_FIELDS = ["state", "step", "stability", "difficulty", "due", "last_review", "reviews", "lapses",
               "last_correct", "in_review"]


def _record_together(*, attempt: Attempt, graded: list[Response], items: dict[int, PaperItem],
                     at: datetime) -> None:
    """``_record`` for every answer of a hand-in in a few statements (the cards read at once,
    the new ones inserted, the others updated, the reviews inserted), not four per answer: a
    mock of 20 questions took 80 statements, on the hand-in's request."""
    question_ids = {items[response.item_id].version.question_id for response in graded}
    cards = {card.question_id: card for card in Card.objects.select_for_update()
             .filter(trainee_id=attempt.candidate_id, question_id__in=question_ids)}
    stored = set(cards)
    reviews = []
    for response in graded:
        item = items[response.item_id]
        question_id = item.version.question_id
        card = cards.get(question_id)
        if card is None:
            card = cards[question_id] = Card(trainee_id=attempt.candidate_id, question_id=question_id, due=at)
        reviews.append(_review(attempt=attempt, card=card, response=response, item=item, at=at))
    Card.objects.bulk_create([card for question, card in cards.items() if question not in stored])
    Card.objects.bulk_update([card for question, card in cards.items() if question in stored], CARD_FIELDS)
    CardReview.objects.bulk_create(reviews)


def _record(*, attempt: Attempt, response: Response, item: PaperItem, at: datetime) -> None:
    question_id = item.version.question_id
    card, _created = Card.objects.select_for_update().get_or_create(
        trainee_id=attempt.candidate_id, question_id=question_id, defaults={"due": at})
    review = _review(attempt=attempt, card=card, response=response, item=item, at=at)
    card.save()
    review.save()


def _review(*, attempt: Attempt, card: Card, response: Response, item: PaperItem, at: datetime) -> CardReview:
    """Apply the answer's rating to ``card`` (in memory) and return its review, not yet saved."""
    rating = scheduling.rating_for(correct=bool(response.correct), points=response.points,
                                   max_points=item.points)
    scheduling.review(card, rating, at)
    card.reviews += 1
    card.last_correct = bool(response.correct)
    if rating != scheduling.Rating.Good:
        card.lapses += 1
    card.in_review = card.in_review or card.lapses > 0 or item.version.difficulty == Difficulty.HARD
    return CardReview(card=card, trainee_id=attempt.candidate_id, question_id=item.version.question_id,
                      response=response, purpose=attempt.paper.purpose, rating=int(rating),
                      correct=bool(response.correct), reviewed_at=at)


def home_count(user) -> str:
    """The home page's figure: the questions due today (one indexed COUNT)."""
    from django.utils.translation import ngettext

    due = due_count(user)
    return ngettext("%(count)s question à revoir aujourd'hui", "%(count)s questions à revoir aujourd'hui",
                    due) % {"count": due}
