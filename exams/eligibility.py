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
- Art. 7, 9, 10, 11: the titles' minimum (and, for AFJ, maximum) ages, units, favourable
  ASP and, for AFO, a validated technical report.
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

    def title_held_on(self, titles: Iterable[str], day: datetime.date) -> HeldTitle | None:
        wanted = set(titles)
        held = [t for t in self.titles if t.title in wanted and t.awarded_on <= day]
        return min(held, key=lambda t: t.awarded_on) if held else None

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
        # Art. 16.2: "ou les AFJ avec un titre en cours de validité"; the AFJ title is held up
        # to the age of 18 (Art. 9).
        afj = file.title_held_on([Title.AFJ], exam_day)
        if afj is not None and file.birth_date is not None and age_on(file.birth_date, exam_day) <= 18:
            decision.add(_rule("16.2"), _("Titre d'AFJ en cours de validité."), True)
            return decision
        if afj is not None:
            problem = _voiced(
                candidate_name,
                _("Art. 16.2 et art. 9 : votre titre d'AFJ n'est plus en cours de validité (âge "
                  "maximum : 18 ans), et %(problem)s"),
                _("Art. 16.2 et art. 9 : le titre d'AFJ de %(name)s n'est plus en cours de validité "
                  "(âge maximum : 18 ans), et %(problem)s"),
                {"problem": problem[0].lower() + problem[1:]},
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


def _count_check(decision: Decision, rule: str, count: int, needed: int, what: str) -> None:
    decision.add(
        rule,
        _("%(what)s : %(count)s sur %(needed)s requise(s).")
        % {"what": what, "count": count, "needed": needed},
        count >= needed,
    )


def _age_check(
    decision: Decision,
    file: CandidateFile,
    article: str,
    day: datetime.date,
    minimum: int,
    maximum: int | None = None,
) -> None:
    if file.birth_date is None:
        decision.add(
            _rule(article),
            _("Art. %(article)s : date de naissance non renseignée, l'âge ne peut pas être vérifié.")
            % {"article": article},
            False,
        )
        return
    age = age_on(file.birth_date, day)
    if maximum is None:
        message = _("Art. %(article)s : âge minimum %(minimum)s ans (âge actuel : %(age)s ans).")
    else:
        message = _("Art. %(article)s : âge entre %(minimum)s et %(maximum)s ans (âge actuel : %(age)s ans).")
    met = age >= minimum and (maximum is None or age <= maximum)
    decision.add(
        _rule(article),
        message % {"article": article, "minimum": minimum, "maximum": maximum, "age": age},
        met,
    )


def _unit_check(decision: Decision, file: CandidateFile, article: str, unit: str, day: datetime.date) -> None:
    held = file.valid_unit(unit, day)
    if held:
        message = _("%(unit)s obtenue le %(passed)s, valable jusqu'au %(expires)s.") % {
            "unit": unit,
            "passed": _date(held.passed_on),
            "expires": _date(held.expires_on),
        }
    else:
        message = _("Art. %(article)s : %(unit)s non obtenue ou périmée.") % {
            "article": article,
            "unit": unit,
        }
    decision.add(_rule(article), message, held is not None)


def _title_check(
    decision: Decision,
    file: CandidateFile,
    article: str,
    titles: Iterable[str],
    name: str,
    day: datetime.date,
) -> None:
    held = file.title_held_on(titles, day)
    decision.add(
        _rule(article),
        _("Titre d'%(name)s obtenu.") % {"name": name}
        if held
        else _("Art. %(article)s : titre d'%(name)s requis.") % {"article": article, "name": name},
        held is not None,
    )


def title_eligibility(file: CandidateFile, *, title: str, on: datetime.date) -> Decision:
    """May the DNA award ``title`` on ``on``? (Art. 7, 9, 10, 11). AFE follows the FIDE (Art. 12)."""
    decision = Decision()
    held = file.title_held_on([title], on)
    if held:
        decision.add(
            _rule("7"), _("Titre déjà décerné le %(date)s.") % {"date": _date(held.awarded_on)}, False
        )
        return decision
    decision.add(
        _rule("7.1"),
        _("Licence FFE renseignée.")
        if file.has_licence
        else _("Art. 7.1 : une licence A valable est requise ; numéro de licence non renseigné."),
        file.has_licence,
    )
    asp = sum(1 for day in file.favourable_asp_dates if day <= on)
    if title == Title.AFJ:
        _age_check(decision, file, "9", on, 12, 18)
        _unit_check(decision, file, "9", Unit.UVR, on)
        _count_check(decision, _rule("9"), asp, 1, _("ASP favorables"))
    elif title == Title.AFC:
        main = Decision(list(decision.checks))
        _age_check(main, file, "10", on, 16)
        _unit_check(main, file, "10", Unit.UVR, on)
        _unit_check(main, file, "10", Unit.UVC, on)
        _count_check(main, _rule("10"), asp, 1, _("ASP favorables"))
        if main.eligible or file.title_held_on([Title.AFJ], on) is None:
            return main
        # Art. 10.1: "un AFJ de 16 ans révolus et titulaire de l'UVC".
        bridge = Decision(list(decision.checks))
        _title_check(bridge, file, "10.1", [Title.AFJ], "AFJ", on)
        _age_check(bridge, file, "10.1", on, 16)
        _unit_check(bridge, file, "10.1", Unit.UVC, on)
        return bridge if bridge.eligible or len(bridge.refusals) < len(main.refusals) else main
    elif title == Title.AFO:
        _age_check(decision, file, "11", on, 18)
        _title_check(decision, file, "11", AT_LEAST_AFC, "AFC", on)
        _unit_check(decision, file, "11", Unit.UVO, on)
        _unit_check(decision, file, "11", Unit.UVT, on)
        _count_check(decision, _rule("11"), asp, 2, _("ASP favorables"))
        reports = sum(1 for day in file.technical_report_dates if day <= on)
        _count_check(decision, _rule("11"), reports, 1, _("Rapports techniques validés"))
    else:
        decision.add(
            _rule("12"),
            _(
                "Art. 12 : le titre d'AFE est entériné par équivalence du titre "
                "d'arbitre FIDE ; il ne se calcule pas ici."
            ),
            False,
        )
    return decision
