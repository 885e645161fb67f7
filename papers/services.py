"""Composing papers: drawing a blueprint from the bank, editing by hand, locking.

Draws use only questions in service (a published version, not retired) and pin that
version. A locked paper cannot change; unlocking needs a reason and is audit-logged.
"""

from __future__ import annotations

import json
import random
import secrets
from dataclasses import dataclass, field
from datetime import timedelta
from decimal import Decimal

from django.db import transaction
from django.db.models import Max, TextField
from django.db.models.expressions import RawSQL
from django.db.models.functions import Cast
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from delivery import exposure
from delivery.models import Feedback, Paper, PaperItem, Purpose
from papers.families import families_of
from papers.models import PAIRING_TYPE, Blueprint, BlueprintRule, ExposurePolicy, PaperOrigin
from questions.models import Question, QuestionVersion


class CompositionError(Exception):
    """The paper cannot be made or changed as asked; the message says why, for the user."""


class PaperLocked(CompositionError):
    pass


@dataclass
class RuleDraw:
    rule: BlueprintRule
    available: int
    drawn: list[QuestionVersion] = field(default_factory=list)

    @property
    def short(self) -> int:
        return max(0, self.rule.count - len(self.drawn))


@dataclass
class PairingDraw:
    """The blueprint's pairing part: ``wanted`` questions of type "pairing", ``drawn`` of them."""

    wanted: int
    available: int
    drawn: list[QuestionVersion] = field(default_factory=list)

    @property
    def short(self) -> int:
        return max(0, self.wanted - len(self.drawn))


@dataclass
class Draw:
    blueprint: Blueprint
    seed: int
    rules: list[RuleDraw]
    pairing: PairingDraw | None = None

    @property
    def complete(self) -> bool:
        """Every rule filled. The pairing part is separate: see ``pairing_unavailable``."""
        return all(rule.short == 0 for rule in self.rules)

    @property
    def pairing_unavailable(self) -> bool:
        return self.pairing is not None and self.pairing.short > 0

    @property
    def versions(self) -> list[tuple[QuestionVersion, Decimal]]:
        drawn = [
            (version, points_on_paper(version, rule.rule.points_each))
            for rule in self.rules
            for version in rule.drawn
        ]
        if self.pairing is not None:
            drawn += [(version, version.points) for version in self.pairing.drawn]
        return drawn

    def total_points(self) -> Decimal:
        return sum((points for _version, points in self.versions), Decimal(0))


def points_on_paper(version: QuestionVersion, points_each: Decimal | None) -> Decimal:
    """A rule's points apply to the questions it draws, except an open question: it is marked on
    its rubric, whose criteria add up to the question's points, so it keeps those points."""
    if points_each is None or version.type == "open":
        return version.points
    return points_each


@dataclass(frozen=True)
class Candidate:
    """A version in service as a draw reads it. The pool is the whole unit (200 versions for the
    UVR), read as rows: as model instances they cost the blueprint page some 5 ms; only the versions
    drawn become instances (``version``). Tags and citations come as their JSON text, decoded
    only for a rule that asks for a tag or an article family (the mock blueprints have none)."""

    pk: int
    question_id: int
    uid: str
    type: str
    difficulty: int
    tags_json: str
    citations_json: str
    points: Decimal
    stem_fr: str
    stem_en: str
    database: str

    @cached_property
    def tags(self) -> list:
        return json.loads(self.tags_json)

    @cached_property
    def citations(self) -> list:
        return json.loads(self.citations_json)

    def version(self) -> QuestionVersion:
        """The version as ``select_related("question").only(*POOL_FIELDS)`` reads it: the fields
        of ``POOL_FIELDS``, the rest deferred, its question holding its id and uid."""
        read = {"id": self.pk, "question_id": self.question_id, "type": self.type, "tags": self.tags,
                "difficulty": self.difficulty, "points": self.points, "stem_fr": self.stem_fr,
                "stem_en": self.stem_en, "citations": self.citations}
        fields = [field.attname for field in QuestionVersion._meta.concrete_fields if field.attname in read]
        version = QuestionVersion.from_db(self.database, fields, [read[name] for name in fields])
        version.question = Question.from_db(self.database, ["id", "uid"], [self.question_id, self.uid])
        return version


def candidates_for(rule: BlueprintRule, pool: list[Candidate]) -> list[Candidate]:
    """The versions of the pool that fit a rule (the pool is the unit's questions in service)."""
    fitting = []
    for version in pool:
        if rule.question_type and version.type != rule.question_type:
            continue
        if rule.difficulty and version.difficulty != rule.difficulty:
            continue
        if rule.tag and rule.tag.casefold() not in {tag.casefold() for tag in version.tags}:
            continue
        if rule.family and rule.family not in families_of(version.citations):
            continue
        fitting.append(version)
    return fitting


def reserved_for_exams() -> RawSQL:
    """The questions (ids) reserved for exams (``delivery.exposure.reserved_questions``): held
    by an exam paper locked for a session that has not ended, or written for exams and not yet
    released. Kept out of practice and mock exams, so that no trainee meets them, answer key
    included, before sitting them. A subquery: ``exclude(pk__in=reserved_for_exams())`` reads
    them in the same statement."""
    return exposure.reserved_questions()


# What a draw reads of each version of the pool (the rules' criteria, the points, the preview's
# line): the pool is the whole unit, so its bodies, scenarios and translations stay unread.
POOL_FIELDS = (
    "question_id", "question__uid", "type", "difficulty", "tags", "citations", "points", "stem_fr",
    "stem_en",
)


def service_pool(unit: str, *, without_reserved: bool = False) -> list[Candidate]:
    """The unit's questions in service, as their published versions, in a stable order
    (``without_reserved``: not those exam papers hold, ``reserved_for_exams``)."""
    questions = Question.objects.in_use().for_unit(unit)
    if without_reserved:
        questions = questions.exclude(pk__in=reserved_for_exams())
    versions = QuestionVersion.objects.filter(pk__in=questions.values("current_version_id")).annotate(
        tags_json=Cast("tags", TextField()), citations_json=Cast("citations", TextField())
    )
    columns = [f"{name}_json" if name in ("tags", "citations") else name for name in POOL_FIELDS]
    rows = versions.order_by("question__uid").values_list("pk", *columns)
    return [Candidate(*row, database=rows.db) for row in rows]


def draw(blueprint: Blueprint, *, seed: int) -> Draw:
    """Draw each rule in turn from what earlier rules left; the same seed gives the same draw.
    A mock exam never draws the questions exam papers hold for a sitting still to come."""
    pool = service_pool(blueprint.unit, without_reserved=blueprint.purpose != Purpose.EXAM)
    taken: set[int] = set()
    generator = random.Random(seed)  # noqa: S311 - reproducible draw, not a secret
    pairing = None
    if blueprint.pairing_count:
        # Drawn first, so that a rule open to every type leaves the part its questions; the part
        # comes last on the paper (``Draw.versions``).
        fitting = [version for version in pool if version.type == PAIRING_TYPE]
        chosen = generator.sample(fitting, min(blueprint.pairing_count, len(fitting)))
        taken.update(version.pk for version in chosen)
        pairing = PairingDraw(
            wanted=blueprint.pairing_count, available=len(fitting), drawn=[one.version() for one in chosen]
        )
    results = []
    for rule in blueprint.rules.all():
        fitting = [version for version in candidates_for(rule, pool) if version.pk not in taken]
        chosen = generator.sample(fitting, min(rule.count, len(fitting)))
        taken.update(version.pk for version in chosen)
        results.append(RuleDraw(rule=rule, available=len(fitting), drawn=[one.version() for one in chosen]))
    return Draw(blueprint=blueprint, seed=seed, rules=results, pairing=pairing)


def new_seed() -> int:
    return secrets.randbits(48)


def compose_from_blueprint(
    *,
    blueprint: Blueprint,
    title: str,
    actor,
    seed: int | None = None,
    shuffle_questions: bool = True,
    shuffle_options: bool = True,
    open_book: bool = False,
) -> Paper:
    seed = new_seed() if seed is None else seed
    result = draw(blueprint, seed=seed)
    if not result.complete:
        missing = [
            _("règle %(position)s : %(wanted)s demandées, %(available)s disponibles")
            % {"position": rule.rule.position, "wanted": rule.rule.count, "available": rule.available}
            for rule in result.rules
            if rule.short
        ]
        raise CompositionError(
            _("La banque ne suffit pas pour ce plan (%(details)s).") % {"details": " ; ".join(missing)}
        )
    # A mock exam goes ahead without its pairing part (the trainee is told so); an exam paper
    # must be whole.
    if result.pairing_unavailable and blueprint.purpose == Purpose.EXAM:
        raise CompositionError(
            _("La banque ne suffit pas pour ce plan (partie appariement : %(wanted)s demandées, "
              "%(available)s disponibles).")
            % {"wanted": result.pairing.wanted, "available": result.pairing.available}
        )
    purpose = blueprint.purpose
    with transaction.atomic():
        paper = Paper.objects.create(
            title=title,
            purpose=purpose,
            unit=blueprint.unit,
            duration=timedelta(minutes=blueprint.duration_minutes),
            pass_mark=blueprint.pass_mark,
            shuffle_questions=shuffle_questions,
            shuffle_options=shuffle_options,
            open_book=open_book,
            feedback=Feedback.AT_END if purpose == Purpose.MOCK else Feedback.ON_RELEASE,
            created_by=actor,
        )
        PaperItem.objects.bulk_create(
            [
                PaperItem(paper=paper, position=position, version=version, points=points)
                for position, (version, points) in enumerate(result.versions, start=1)
            ]
        )
        PaperOrigin.objects.create(paper=paper, blueprint=blueprint, seed=seed)
    return paper


def _require_unlocked(paper: Paper) -> None:
    if paper.is_locked:
        raise PaperLocked(_("Ce sujet est verrouillé : déverrouillez-le (avec un motif) pour le modifier."))


def add_question(*, paper: Paper, uid: str, points: Decimal | None = None) -> PaperItem:
    with transaction.atomic():
        paper = Paper.objects.select_for_update().get(pk=paper.pk)
        _require_unlocked(paper)
        question = Question.objects.in_use().filter(uid=uid.strip()).select_related("current_version").first()
        if question is None:
            raise CompositionError(
                _("Aucune question en service n'a l'identifiant « %(uid)s ».") % {"uid": uid.strip()}
            )
        version = question.current_version
        if paper.items.filter(version__question=question).exists():
            raise CompositionError(
                _("La question « %(uid)s » est déjà dans ce sujet.") % {"uid": question.uid}
            )
        if points is not None:
            _require_rubric_fits(version, points)
        last = paper.items.aggregate(last=Max("position"))["last"] or 0
        return PaperItem.objects.create(
            paper=paper,
            position=last + 1,
            version=version,
            points=points if points is not None else version.points,
        )


def remove_item(*, item: PaperItem) -> None:
    with transaction.atomic():
        paper = Paper.objects.select_for_update().get(pk=item.paper_id)
        _require_unlocked(paper)
        item.delete()
        _renumber(paper)


def move_item(*, item: PaperItem, offset: int) -> None:
    """Move an item up (-1) or down (+1) in the paper's order."""
    with transaction.atomic():
        paper = Paper.objects.select_for_update().get(pk=item.paper_id)
        _require_unlocked(paper)
        items = list(paper.items.order_by("position"))
        index = next(i for i, other in enumerate(items) if other.pk == item.pk)
        target = index + offset
        if not 0 <= target < len(items):
            return
        items[index], items[target] = items[target], items[index]
        _write_order(items)


def set_points(*, item: PaperItem, points: Decimal) -> PaperItem:
    with transaction.atomic():
        paper = Paper.objects.select_for_update().get(pk=item.paper_id)
        _require_unlocked(paper)
        if points <= 0:
            raise CompositionError(_("Les points d'une question sont un nombre positif."))
        _require_rubric_fits(item.version, points)
        item.points = points
        item.save(update_fields=["points"])
    return item


def _require_rubric_fits(version: QuestionVersion, points: Decimal) -> None:
    """An open question is marked on its rubric: the paper gives it the rubric's points, or its
    graders would mark criteria that do not add up to the question (three "sur 1" for 4 points)."""
    if version.type != "open":
        return
    from questions.content import rubric_total

    total = rubric_total(list(version.body.get("rubric") or []))
    if total != points:
        raise CompositionError(
            _("Cette question ouverte se corrige sur un barème de %(total)s points : elle vaut "
              "%(total)s points dans le sujet (pour la noter autrement, modifiez son barème dans la "
              "banque).") % {"total": total.normalize()}
        )


def _renumber(paper: Paper) -> None:
    _write_order(list(paper.items.order_by("position")))


def _write_order(items: list[PaperItem]) -> None:
    # Two passes so that the unique (paper, position) constraint never sees a duplicate.
    offset = len(items) + 1000
    for item in items:
        item.position += offset
    PaperItem.objects.bulk_update(items, ["position"])
    for position, item in enumerate(items, start=1):
        item.position = position
    PaperItem.objects.bulk_update(items, ["position"])


def lock_paper(*, paper: Paper, actor) -> Paper:
    with transaction.atomic():
        paper = Paper.objects.select_for_update().get(pk=paper.pk)
        if paper.is_locked:
            return paper
        if not paper.items.exists():
            raise CompositionError(_("Un sujet sans question ne peut pas être verrouillé."))
        _refuse_overexposed(paper)
        paper.locked_at = timezone.now()
        paper.locked_by = actor
        paper.save(update_fields=["locked_at", "locked_by"])
    return paper


@dataclass(frozen=True)
class ExposedItem:
    """One question of a paper and how trainees met it outside an exam (``exposure_report``)."""

    item: PaperItem
    trainees: int
    first: object = None
    last: object = None


# What the paper's page and the lock's check read of each item: its version's number, type, points,
# flag and French stem, its question's uid. The rest (a pairing question's body holds a whole
# tournament; the question's search text) stays in the database. ``paper``: the items are read
# through their paper, which checks each one's paper id.
READ_ON_THE_PAPER_PAGE = (
    "paper", "position", "points", "version__number", "version__type", "version__points",
    "version__eliminatory", "version__stem_fr", "version__stem_en", "version__question__uid",
)


def exposure_report(paper: Paper) -> list[ExposedItem]:
    """Each item of the paper, in order, with the distinct trainees who met its question in an
    attempt that was not an exam's and the first and last of those attempts
    (``delivery.exposure.exposure``: one grouped query, plus the items)."""
    seen = exposure.exposure(paper)
    items = (
        paper.items.select_related("version__question").only(*READ_ON_THE_PAPER_PAGE).order_by("position")
    )
    return [
        ExposedItem(item=item, **seen.get(item.version.question_id, {"trainees": 0}))
        for item in items
    ]


def _refuse_overexposed(paper: Paper) -> None:
    """An exam paper whose questions more trainees have met than the office tolerates
    (``ExposurePolicy``) is not locked: the message names each of them."""
    threshold = ExposurePolicy.current().max_trainees
    if paper.purpose != Purpose.EXAM or threshold is None:
        return
    over = [row for row in exposure_report(paper) if row.trainees > threshold]
    if over:
        details = " ; ".join(
            _("n° %(position)s « %(uid)s » : %(trainees)s stagiaires")
            % {"position": row.item.position, "uid": row.item.version.question.uid, "trainees": row.trainees}
            for row in over
        )
        raise CompositionError(
            _(
                "Verrouillage refusé : des questions ont été vues hors examen par plus de %(threshold)s "
                "stagiaires (%(details)s). Remplacez-les, ou changez le seuil d'exposition."
            )
            % {"threshold": threshold, "details": details}
        )


def set_exposure_threshold(*, max_trainees: int | None, actor) -> ExposurePolicy:
    policy = ExposurePolicy.current()
    policy.max_trainees = max_trainees
    policy.updated_by = actor
    policy.full_clean()
    policy.save()
    return policy


def unlock_paper(*, paper: Paper, actor, reason: str) -> Paper:
    reason = reason.strip()
    if not reason:
        raise CompositionError(_("Indiquez le motif du déverrouillage : il est consigné au journal."))
    with transaction.atomic():
        paper = Paper.objects.select_for_update().get(pk=paper.pk)
        if not paper.is_locked:
            return paper
        if paper.attempts.exists():
            raise CompositionError(
                _("Des candidats ont déjà commencé ce sujet : il ne peut plus être modifié.")
            )
        paper.locked_at = None
        paper.locked_by = None
        paper.save(update_fields=["locked_at", "locked_by"])
        record_unlock(paper=paper, actor=actor, reason=reason)
    return paper


def record_unlock(*, paper: Paper, actor, reason: str) -> None:
    """Unlocks go to the exam office's one audit log, with the session the paper serves."""
    from exams.audit import log_action
    from exams.models import AuditEntry, ExamSession

    log_action(actor=actor, action=AuditEntry.Action.UNLOCK, target=paper, reason=reason,
               session=ExamSession.objects.filter(paper=paper).first(),
               details={"items": paper.items.count()})


def unlock_history(paper: Paper):
    from django.contrib.contenttypes.models import ContentType

    from exams.models import AuditEntry

    return AuditEntry.objects.filter(
        action=AuditEntry.Action.UNLOCK, content_type=ContentType.objects.get_for_model(Paper),
        object_id=str(paper.pk),
    ).select_related("actor").order_by("at")
