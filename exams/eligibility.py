"""Who may sit which unit and who may receive which title, computed from the RIDNA.

Pure functions over plain data (no database): the views and services build a
``CandidateFile`` from the records and ask. Every check names the article it applies, so
that a refusal tells the candidate exactly which rule stopped them.

A decision is written for its reader: to the candidate ("vous", "votre profil") by default,
or, given ``candidate_name``, about the candidate to exam staff ("le profil de Zoé Martin").

Rules applied (Règlement Intérieur de la DNA, Livre de l'Arbitre 1.2):

- Art. 8: an arbiter-trainee holds a licence A; the units lapse two years after the exam
  session that immediately followed the training course.
- Art. 15: the training courses' entry conditions (SJ 11 to 16 years old, SC at least 15,
  SO at least 17 and AFC). A course attended outside them does not open the units.
- Art. 16.1–16.4: UVR needs an SC or SJ course, UVC an SC course (or a valid AFJ title),
  UVO and UVT an SO course, "depuis moins de 2 ans" on the day of the exam.
- Art. 6.2: a titled arbiter who has followed no continuing-training course (FC) for 4 years
  becomes inactive at the end of that sporting season (``title_activity``); an AFJ's title is
  then no longer "en cours de validité" for the UVC (Art. 16.2).

The titles (Art. 7, 9–12) are in ``exams.titles``; ``title_eligibility`` is re-exported here.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.utils.formats import date_format
from django.utils.translation import gettext as _

from exams.models.records import Stage, Title
from questions.models import Unit

# Art. 16: which courses open which unit.
UNIT_STAGES: dict[str, tuple[str, ...]] = {
    Unit.UVR: (Stage.SC, Stage.SJ),  # Art. 16.1
    Unit.UVC: (Stage.SC,),  # Art. 16.2 (or a valid AFJ title)
    Unit.UVO: (Stage.SO,),  # Art. 16.3
    Unit.UVT: (Stage.SO,),  # Art. 16.4
}
UNIT_ARTICLE = {Unit.UVR: "16.1", Unit.UVC: "16.2", Unit.UVO: "16.3", Unit.UVT: "16.4"}

# Art. 15: (minimum age, maximum age) on the day of the course; SO also needs the AFC title.
STAGE_AGES: dict[str, tuple[int | None, int | None]] = {
    Stage.SJ: (11, 16),  # Art. 15.1
    Stage.SC: (15, None),  # Art. 15.2
    Stage.SO: (17, None),  # Art. 15.3
    Stage.SF: (20, None),  # Art. 15.4
    Stage.FC: (None, None),  # Art. 15.5
}
STAGE_ARTICLE = {Stage.SJ: "15.1", Stage.SC: "15.2", Stage.SO: "15.3", Stage.SF: "15.4", Stage.FC: "15.5"}

# Titles that include AFC (an AFO or AFE is also a club arbiter).
AT_LEAST_AFC = {Title.AFC, Title.AFO, Title.AFE}

VALIDITY_YEARS = 2  # Art. 8 and Art. 16: "deux années", "depuis moins de 2 ans"


@dataclass(frozen=True)
class StageAttendance:
    stage: str
    date: datetime.date


@dataclass(frozen=True)
class HeldUnit:
    unit: str
    passed_on: datetime.date
    expires_on: datetime.date

    def valid_on(self, day: datetime.date) -> bool:
        return self.passed_on <= day <= self.expires_on


@dataclass(frozen=True)
class HeldTitle:
    title: str
    awarded_on: datetime.date
    level: int = 1


@dataclass(frozen=True)
class Rating:
    """An Elo rating: ``speed`` "standard" or "rapid", ``kind`` F (FIDE), N (national) or E (estimated)."""

    speed: str
    value: int
    kind: str


@dataclass(frozen=True)
class HeldQualification:
    kind: str  # exams.models.QualificationKind
    obtained_on: datetime.date


@dataclass(frozen=True)
class Officiated:
    """A tournament officiated (Art. 11.1), with or without a supervision visit."""

    end_date: datetime.date
    supervision_visit: bool = False


@dataclass(frozen=True)
class CandidateFile:
    """Everything the RIDNA looks at, as of today."""

    birth_date: datetime.date | None
    has_licence: bool
    stages: tuple[StageAttendance, ...] = ()
    units: tuple[HeldUnit, ...] = ()
    titles: tuple[HeldTitle, ...] = ()
    favourable_asp_dates: tuple[datetime.date, ...] = ()
    technical_report_dates: tuple[datetime.date, ...] = ()
    ratings: tuple[Rating, ...] = ()
    qualifications: tuple[HeldQualification, ...] = ()
    officiated: tuple[Officiated, ...] = ()

    def title_held_on(self, titles: Iterable[str], day: datetime.date) -> HeldTitle | None:
        wanted = set(titles)
        held = [t for t in self.titles if t.title in wanted and t.awarded_on <= day]
        return min(held, key=lambda t: t.awarded_on) if held else None

    def qualification_on(self, kind: str, day: datetime.date) -> HeldQualification | None:
        held = [q for q in self.qualifications if q.kind == kind and q.obtained_on <= day]
        return min(held, key=lambda q: q.obtained_on) if held else None

    def valid_unit(self, unit: str, day: datetime.date) -> HeldUnit | None:
        valid = [u for u in self.units if u.unit == unit and u.valid_on(day)]
        return max(valid, key=lambda u: u.expires_on) if valid else None


@dataclass(frozen=True)
class Check:
    """One condition of a rule: the article, what it says about this candidate, and whether it holds."""

    rule: str
    message: str
    met: bool


@dataclass
class Decision:
    checks: list[Check] = field(default_factory=list)

    @property
    def eligible(self) -> bool:
        return all(check.met for check in self.checks)

    @property
    def refusals(self) -> list[Check]:
        return [check for check in self.checks if not check.met]

    def reason(self) -> str:
        """The refusals as one sentence per rule, as shown to the candidate."""
        return " ".join(check.message for check in self.refusals)

    def add(self, rule: str, message: str, met: bool) -> None:
        self.checks.append(Check(rule, message, met))


def years_later(day: datetime.date, years: int) -> datetime.date:
    try:
        return day.replace(year=day.year + years)
    except ValueError:  # 29 February in a year that has none
        return day.replace(year=day.year + years, month=3, day=1)


def age_on(birth_date: datetime.date, day: datetime.date) -> int:
    return day.year - birth_date.year - ((day.month, day.day) < (birth_date.month, birth_date.day))


# Art. 6.2: "Au moins une fois tous les 4 ans [...] un stage de formation continue (FC)";
# "Si durant une période de six ans à compter de son dernier stage [...] un stage SC".
CONTINUING_TRAINING_YEARS = 4
SC_REQUIRED_AFTER_YEARS = 6


class ActivityState:
    ACTIVE = "active"
    INACTIVE = "inactive"  # an FC course (or any initial course) reactivates
    SC_REQUIRED = "sc_required"  # only an SC course reactivates


@dataclass(frozen=True)
class Activity:
    """Whether a titled arbiter may officiate on a day (RIDNA Art. 6.2)."""

    state: str
    last_training: datetime.date
    inactive_from: datetime.date
    sc_required_from: datetime.date

    @property
    def active(self) -> bool:
        return self.state == ActivityState.ACTIVE


def season_end(day: datetime.date) -> datetime.date:
    """The last day of the FFE sporting season (1 September to 31 August) that holds ``day``."""
    return datetime.date(day.year if day.month < 9 else day.year + 1, 8, 31)


def title_activity(file: CandidateFile, on: datetime.date) -> Activity | None:
    """RIDNA Art. 6.2, "Arbitres inactifs", for the titles ``file`` holds on ``on`` (None: no title).

    "Au moins une fois tous les 4 ans, chaque arbitre titré doit s'inscrire à un stage de
    formation continue (FC) qu'il est tenu de suivre entièrement. Faute d'avoir suivi un stage
    FC dans les temps requis, à l'issue de la saison sportive du terme des 4 ans, il devient un
    arbitre inactif n'ayant plus le droit d'exercer. Aussitôt ce stage effectué, l'arbitre
    inactif redevient actif. A défaut de suivre un stage FC, un arbitre titré ou inactif peut
    s'inscrire à un stage de formation initiale qu'il doit suivre entièrement. Si durant une
    période de six ans à compter de son dernier stage, un arbitre n'effectue pas de formation
    continue, celui-ci sera dans l'obligation de suivre un stage SC. A l'issue de celui-ci, son
    titre d'arbitre est réactivé."

    The 4 years run from the last course (FC or an initial course SJ, SC, SO, SF), and at the
    earliest from the latest title awarded: the duty is a titled arbiter's. The arbiter is
    inactive from the day after the sporting season (1 September to 31 August) in which the
    4 years end. Six years after the last course, only an SC course reactivates the title.
    """
    held = [t for t in file.titles if t.awarded_on <= on]
    if not held:
        return None
    last = max(t.awarded_on for t in held)
    for course in sorted((s for s in file.stages if last < s.date <= on), key=lambda s: s.date):
        if course.date < years_later(last, SC_REQUIRED_AFTER_YEARS) or course.stage == Stage.SC:
            last = course.date
    inactive_from = season_end(years_later(last, CONTINUING_TRAINING_YEARS)) + datetime.timedelta(days=1)
    sc_required_from = years_later(last, SC_REQUIRED_AFTER_YEARS)
    if on < inactive_from:
        state = ActivityState.ACTIVE
    elif on < sc_required_from:
        state = ActivityState.INACTIVE
    else:
        state = ActivityState.SC_REQUIRED
    return Activity(state, last, inactive_from, sc_required_from)


def _date(day: datetime.date) -> str:
    return date_format(day, "SHORT_DATE_FORMAT")


def _voiced(candidate_name: str | None, to_candidate: str, about_candidate: str, values: dict) -> str:
    """The sentence for the reader: ``to_candidate`` (second person) when the candidate reads,
    ``about_candidate`` (third person, naming them as ``%(name)s``) when exam staff read."""
    if candidate_name is None:
        return to_candidate % values
    return about_candidate % {**values, "name": candidate_name}


def _rule(article: str) -> str:
    return _("RIDNA art. %(article)s") % {"article": article}


def stage_admission_problem(
    file: CandidateFile, attendance: StageAttendance, candidate_name: str | None = None
) -> str | None:
    """Why a course does not count (Art. 15 entry conditions), or None when it does."""
    article = STAGE_ARTICLE[attendance.stage]
    minimum, maximum = STAGE_AGES[attendance.stage]
    if file.birth_date is not None and (minimum is not None or maximum is not None):
        age = age_on(file.birth_date, attendance.date)
        values = {
            "article": article,
            "stage": attendance.stage,
            "minimum": minimum,
            "maximum": maximum,
            "age": age,
            "date": _date(attendance.date),
        }
        if minimum is not None and age < minimum:
            return _voiced(
                candidate_name,
                _("Art. %(article)s : le stage %(stage)s est ouvert à partir de %(minimum)s ans ; vous "
                  "aviez %(age)s ans le %(date)s, ce stage ne compte pas."),
                _("Art. %(article)s : le stage %(stage)s est ouvert à partir de %(minimum)s ans ; "
                  "%(name)s avait %(age)s ans le %(date)s, ce stage ne compte pas."),
                values,
            )
        if maximum is not None and age > maximum:
            return _voiced(
                candidate_name,
                _("Art. %(article)s : le stage %(stage)s est ouvert jusqu'à %(maximum)s ans ; vous aviez "
                  "%(age)s ans le %(date)s, ce stage ne compte pas."),
                _("Art. %(article)s : le stage %(stage)s est ouvert jusqu'à %(maximum)s ans ; "
                  "%(name)s avait %(age)s ans le %(date)s, ce stage ne compte pas."),
                values,
            )
    if attendance.stage == Stage.SO and file.title_held_on(AT_LEAST_AFC, attendance.date) is None:
        return _voiced(
            candidate_name,
            _("Art. 15.3 : le stage SO est ouvert aux arbitres fédéraux de club (AFC) ; vous n'étiez "
              "pas AFC le %(date)s, ce stage ne compte pas."),
            _("Art. 15.3 : le stage SO est ouvert aux arbitres fédéraux de club (AFC) ; %(name)s "
              "n'était pas AFC le %(date)s, ce stage ne compte pas."),
            {"date": _date(attendance.date)},
        )
    return None


def _recent_stage(
    file: CandidateFile, unit: str, exam_day: datetime.date, candidate_name: str | None
) -> tuple[StageAttendance | None, str]:
    """The course that opens ``unit`` on ``exam_day``, or None and the precise reason why not."""
    stages = UNIT_STAGES[unit]
    article = UNIT_ARTICLE[unit]
    candidates = sorted(
        (s for s in file.stages if s.stage in stages and s.date <= exam_day),
        key=lambda s: s.date,
        reverse=True,
    )
    names = _(" ou ").join(stages)
    if not candidates:
        return None, _voiced(
            candidate_name,
            _("Art. %(article)s : l'%(unit)s est ouverte aux stagiaires ayant suivi un stage %(stages)s "
              "depuis moins de 2 ans ; aucun stage de ce type n'est enregistré à votre nom."),
            _("Art. %(article)s : l'%(unit)s est ouverte aux stagiaires ayant suivi un stage %(stages)s "
              "depuis moins de 2 ans ; aucun stage de ce type n'est enregistré au nom de %(name)s."),
            {"article": article, "unit": unit, "stages": names},
        )
    problems = []
    for attendance in candidates:
        if exam_day >= years_later(attendance.date, VALIDITY_YEARS):
            problems.append(
                _voiced(
                    candidate_name,
                    _("Art. %(article)s : votre stage %(stage)s du %(date)s date de plus de 2 ans "
                      "le jour de l'épreuve (%(exam)s) ; l'%(unit)s demande un stage %(stages)s "
                      "suivi depuis moins de 2 ans."),
                    _("Art. %(article)s : le stage %(stage)s de %(name)s, du %(date)s, date de plus de "
                      "2 ans le jour de l'épreuve (%(exam)s) ; l'%(unit)s demande un stage %(stages)s "
                      "suivi depuis moins de 2 ans."),
                    {
                        "article": article,
                        "stage": attendance.stage,
                        "date": _date(attendance.date),
                        "exam": _date(exam_day),
                        "unit": unit,
                        "stages": names,
                    },
                )
            )
            continue
        problem = stage_admission_problem(file, attendance, candidate_name)
        if problem is None:
            return attendance, ""
        problems.append(problem)
    # The most recent course explains the refusal best.
    return None, problems[0]


def registration_eligibility(
    file: CandidateFile, *, unit: str, exam_day: datetime.date, candidate_name: str | None = None
) -> Decision:
    """May this candidate register for ``unit`` at a session held on ``exam_day``? (Art. 8, 15, 16)

    ``candidate_name``: None when the candidate reads the decision (it says "vous"); their name
    when exam staff read it (it names them)."""
    decision = Decision()
    decision.add(
        _rule("8"),
        _voiced(
            candidate_name,
            _("Art. 8 : un arbitre-stagiaire est titulaire d'une licence A ; votre numéro de licence "
              "FFE n'est pas renseigné dans votre profil."),
            _("Art. 8 : un arbitre-stagiaire est titulaire d'une licence A ; le numéro de licence FFE "
              "de %(name)s n'est pas renseigné dans son profil."),
            {},
        )
        if not file.has_licence
        else _("Licence FFE renseignée."),
        file.has_licence,
    )
    decision.add(
        _rule("15"),
        _voiced(
            candidate_name,
            _("Art. 15 : votre date de naissance n'est pas renseignée dans votre profil ; les âges "
              "minimaux des stages ne peuvent pas être vérifiés."),
            _("Art. 15 : la date de naissance de %(name)s n'est pas renseignée dans son profil ; les "
              "âges minimaux des stages ne peuvent pas être vérifiés."),
            {},
        )
        if file.birth_date is None
        else _("Date de naissance renseignée."),
        file.birth_date is not None,
    )
    held = file.valid_unit(unit, exam_day)
    decision.add(
        _rule("8"),
        _voiced(
            candidate_name,
            _("Vous êtes déjà titulaire de l'%(unit)s, valable jusqu'au %(date)s : inutile de la repasser."),
            _("%(name)s est déjà titulaire de l'%(unit)s, valable jusqu'au %(date)s : inutile de la "
              "repasser."),
            {"unit": unit, "date": _date(held.expires_on)},
        )
        if held
        else _voiced(
            candidate_name,
            _("Vous n'êtes pas déjà titulaire de l'%(unit)s."),
            _("%(name)s n'est pas déjà titulaire de l'%(unit)s."),
            {"unit": unit},
        ),
        held is None,
    )
    attendance, problem = _recent_stage(file, unit, exam_day, candidate_name)
    if attendance is not None:
        decision.add(
            _rule(UNIT_ARTICLE[unit]),
            _("Stage %(stage)s du %(date)s : suivi depuis moins de 2 ans.")
            % {"stage": attendance.stage, "date": _date(attendance.date)},
            True,
        )
        return decision
    if unit == Unit.UVC:
        # Art. 16.2: "ou les AFJ avec un titre en cours de validité": the AFJ title is held up to
        # the age of 18 (Art. 9) by an active arbiter (Art. 6.2: FC at least every 4 years).
        afj = file.title_held_on([Title.AFJ], exam_day)
        too_old = file.birth_date is None or age_on(file.birth_date, exam_day) > 18
        activity = title_activity(file, exam_day)
        if afj is not None and not too_old and activity is not None and activity.active:
            decision.add(_rule("16.2"), _("Titre d'AFJ en cours de validité."), True)
            return decision
        if afj is not None and too_old:
            problem = _voiced(
                candidate_name,
                _("Art. 16.2 et art. 9 : votre titre d'AFJ n'est plus en cours de validité (âge "
                  "maximum : 18 ans), et %(problem)s"),
                _("Art. 16.2 et art. 9 : le titre d'AFJ de %(name)s n'est plus en cours de validité "
                  "(âge maximum : 18 ans), et %(problem)s"),
                {"problem": problem[0].lower() + problem[1:]},
            )
        elif afj is not None and activity is not None:
            problem = _voiced(
                candidate_name,
                _("Art. 16.2 et art. 6.2 : votre titre d'AFJ n'est plus en cours de validité : sans "
                  "stage de formation continue (FC) depuis le %(last)s, vous êtes arbitre inactif "
                  "depuis le %(inactive)s ; et %(problem)s"),
                _("Art. 16.2 et art. 6.2 : le titre d'AFJ de %(name)s n'est plus en cours de "
                  "validité : sans stage de formation continue (FC) depuis le %(last)s, il ou elle "
                  "est arbitre inactif depuis le %(inactive)s ; et %(problem)s"),
                {
                    "last": _date(activity.last_training),
                    "inactive": _date(activity.inactive_from),
                    "problem": problem[0].lower() + problem[1:],
                },
            )
    decision.add(_rule(UNIT_ARTICLE[unit]), problem, False)
    return decision


def unit_expiry(
    *,
    unit: str,
    passed_on: datetime.date,
    stages: Iterable[StageAttendance],
    sessions: Iterable[tuple[str, datetime.date]],
) -> datetime.date:
    """When a unit lapses (Art. 8): THE validity rule of a unit pass.

    "Un stagiaire dispose de deux années à compter de la session d'examen immédiatement
    postérieure au stage suivi [...] Passé ce délai [...] les éventuelles U.V. qu'il détenait
    sont périmées": the course is the latest one preparing the unit before it was passed; the
    session is the first one held after that course among the sessions (``(unit, date)``
    pairs) of a unit that course opens (Art. 16: a UVO session is no session for a club
    trainee). Every unit of that course therefore lapses on the same day, whichever session
    it was passed at; two candidates of one session differ when their courses do. Without
    such a course (a unit obtained by derogation, an AFJ sitting the UVC), the session at
    which it was passed starts the two years.
    """
    preparing = [s for s in stages if s.stage in UNIT_STAGES[unit] and s.date <= passed_on]
    start = passed_on
    if preparing:
        course = max(preparing, key=lambda attendance: attendance.date)
        opened = {opened_unit for opened_unit, needed in UNIT_STAGES.items() if course.stage in needed}
        following = [
            day for session_unit, day in sessions if session_unit in opened and course.date < day <= passed_on
        ]
        start = min(following) if following else passed_on
    return years_later(start, VALIDITY_YEARS)


# Re-exported: the titles' rules live in exams.titles, which builds on this module.
from exams.titles import afo_level_2_eligibility, title_eligibility  # noqa: E402, F401
