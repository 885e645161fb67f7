"""Who may receive which federal arbiter title, computed from the RIDNA (Livre de l'Arbitre 1.2).

Pure functions over an ``eligibility.CandidateFile``, like the registration rules. Every
check names its article; the texts applied are quoted in the functions' docstrings.
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable

from django.utils.translation import gettext as _

from exams.eligibility import (
    AT_LEAST_AFC,
    CandidateFile,
    Decision,
    _date,
    _rule,
    age_on,
    years_later,
)
from exams.models.records import QualificationKind, Title
from questions.models import Unit

# Art. 7.1: "Posséder un classement Elo (lent ou rapide, national ou F.I.D.E.)".
RATED_SPEEDS = ("standard", "rapid")
RATED_KINDS = ("F", "N")

AFO_LEVEL_2_YEARS = 2  # Art. 11.1: "2 ans d'expérience en tant qu'AFO"
AFO_LEVEL_2_TOURNAMENTS = 4  # Art. 11.1: "4 tournois (dont 1 visite de supervision)"


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
    *,
    below: int | None = None,
) -> None:
    """``maximum``: the age may reach it ("âge maximum : 18 ans"); ``below``: it must stay under
    it ("de moins de 18 ans")."""
    if file.birth_date is None:
        decision.add(
            _rule(article),
            _("Art. %(article)s : date de naissance non renseignée, l'âge ne peut pas être vérifié.")
            % {"article": article},
            False,
        )
        return
    age = age_on(file.birth_date, day)
    if below is not None:
        message = _(
            "Art. %(article)s : âge d'au moins %(minimum)s ans et de moins de %(below)s ans "
            "(âge actuel : %(age)s ans)."
        )
        met = minimum <= age < below
    elif maximum is None:
        message = _("Art. %(article)s : âge minimum %(minimum)s ans (âge actuel : %(age)s ans).")
        met = age >= minimum
    else:
        message = _("Art. %(article)s : âge entre %(minimum)s et %(maximum)s ans (âge actuel : %(age)s ans).")
        met = minimum <= age <= maximum
    decision.add(
        _rule(article),
        message % {"article": article, "minimum": minimum, "maximum": maximum, "below": below, "age": age},
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


def _rating_check(decision: Decision, file: CandidateFile) -> None:
    """Art. 7.1: "Posséder un classement Elo (lent ou rapide, national ou F.I.D.E.)".

    The article sets no minimum: any standard or rapid rating, national (N) or FIDE (F), will
    do. An estimated rating (E) is not a "classement", and blitz is not named.
    """
    rated = [r for r in file.ratings if r.speed in RATED_SPEEDS and r.kind in RATED_KINDS]
    if rated:
        best = rated[0]
        speed = _("lent") if best.speed == "standard" else _("rapide")
        decision.add(
            _rule("7.1"),
            _("Classement Elo %(speed)s : %(value)s%(kind)s.")
            % {"speed": speed, "value": best.value, "kind": best.kind},
            True,
        )
    elif any(r.speed in RATED_SPEEDS for r in file.ratings):
        decision.add(
            _rule("7.1"),
            _(
                "Art. 7.1 : un classement Elo lent ou rapide, national (N) ou FIDE (F), est requis ; "
                "un Elo estimé (E) n'en est pas un."
            ),
            False,
        )
    else:
        decision.add(
            _rule("7.1"),
            _(
                "Art. 7.1 : un classement Elo lent ou rapide, national (N) ou FIDE (F), est requis ; "
                "aucun n'est renseigné dans le profil."
            ),
            False,
        )


def _fewer_refusals(main: Decision, bridge: Decision) -> Decision:
    return bridge if bridge.eligible or len(bridge.refusals) < len(main.refusals) else main


def title_eligibility(file: CandidateFile, *, title: str, on: datetime.date) -> Decision:
    """May the DNA award ``title`` on ``on``? (Art. 7, 9, 9.1, 10, 10.1, 11). AFE follows the FIDE (Art. 12).

    Art. 7.1, for every title: "Être titulaire d'une licence A valable pour la saison en cours ;
    Respecter les limites d'âge et les titres requis, tels qu'indiqués dans la description du
    titre visé ; Posséder un classement Elo (lent ou rapide, national ou F.I.D.E.)."

    Art. 9 (AFJ): "âge minimum : 12 ans, âge maximum : 18 ans ; titulaire de l'UVR ; ayant
    obtenu 1 (une) A.S.P. Favorable."
    Art. 9.1, "Passerelle UNSS": "Il peut également s'agir d'une personne de moins de 18 ans,
    titulaire d'une licence A, ayant la qualification de "Jeune Officiel UNSS à compétence
    nationale" et ayant dûment fait sa demande de titre auprès du directeur des Titres." (The
    request is the award itself; the age limits of Art. 7.1 keep the minimum of 12.)
    Art. 10 (AFC): "âge minimum : 16 ans ; titulaire des UVR et UVC ; 1 A.S.P. Favorable";
    Art. 10.1: "un AFJ de 16 ans révolus et titulaire de l'UVC".
    Art. 11 (AFO): "âge minimum : 18 ans ; titulaire d'un titre d'AFC ; titulaire des UVO et
    UVT ; 2 ASP favorables ; un rapport technique complet" validated.
    """
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
    if title != Title.AFE:
        _rating_check(decision, file)
    asp = sum(1 for day in file.favourable_asp_dates if day <= on)
    if title == Title.AFJ:
        main = Decision(list(decision.checks))
        _age_check(main, file, "9", on, 12, 18)
        _unit_check(main, file, "9", Unit.UVR, on)
        _count_check(main, _rule("9"), asp, 1, _("ASP favorables"))
        unss = file.qualification_on(QualificationKind.UNSS_NATIONAL_YOUNG_OFFICIAL, on)
        if main.eligible or unss is None:
            return main
        bridge = Decision(list(decision.checks))
        _age_check(bridge, file, "9.1", on, 12, below=18)
        bridge.add(
            _rule("9.1"),
            _("Jeune Officiel UNSS à compétence nationale depuis le %(date)s.")
            % {"date": _date(unss.obtained_on)},
            True,
        )
        return _fewer_refusals(main, bridge)
    if title == Title.AFC:
        main = Decision(list(decision.checks))
        _age_check(main, file, "10", on, 16)
        _unit_check(main, file, "10", Unit.UVR, on)
        _unit_check(main, file, "10", Unit.UVC, on)
        _count_check(main, _rule("10"), asp, 1, _("ASP favorables"))
        if main.eligible or file.title_held_on([Title.AFJ], on) is None:
            return main
        bridge = Decision(list(decision.checks))
        _title_check(bridge, file, "10.1", [Title.AFJ], "AFJ", on)
        _age_check(bridge, file, "10.1", on, 16)
        _unit_check(bridge, file, "10.1", Unit.UVC, on)
        return _fewer_refusals(main, bridge)
    if title == Title.AFO:
        _age_check(decision, file, "11", on, 18)
        _title_check(decision, file, "11", AT_LEAST_AFC, "AFC", on)
        _unit_check(decision, file, "11", Unit.UVO, on)
        _unit_check(decision, file, "11", Unit.UVT, on)
        _count_check(decision, _rule("11"), asp, 2, _("ASP favorables"))
        reports = sum(1 for day in file.technical_report_dates if day <= on)
        _count_check(decision, _rule("11"), reports, 1, _("Rapports techniques validés"))
        return decision
    decision.add(
        _rule("12"),
        _(
            "Art. 12 : le titre d'AFE est entériné par équivalence du titre "
            "d'arbitre FIDE ; il ne se calcule pas ici."
        ),
        False,
    )
    return decision


def afo_level_2_eligibility(file: CandidateFile, *, on: datetime.date) -> Decision:
    """May an AFO move to level 2 on ``on``? (Art. 11.1, with Art. 17.1.)

    Art. 11.1: "Dès qu'il a 2 ans d'expérience en tant qu'AFO, 4 tournois (dont 1 visite de
    supervision) et validé l'habilitation à délivrer des A.S.P., l'AFO peut faire sa demande
    au Directeur des Titres pour passer au niveau 2." Art. 17.1: the qualification is "une
    courte formation, sanctionnée par un certificat [...] Ceci permet également à un AFO1 de
    passer au niveau 2." The tournaments counted are those officiated since the AFO title.
    """
    decision = Decision()
    afo = file.title_held_on([Title.AFO], on)
    if afo is None:
        decision.add(_rule("11.1"), _("Art. 11.1 : titre d'AFO requis."), False)
        return decision
    if afo.level >= 2:
        decision.add(_rule("11.1"), _("Niveau 2 d'AFO déjà obtenu."), False)
        return decision
    experienced_on = years_later(afo.awarded_on, AFO_LEVEL_2_YEARS)
    decision.add(
        _rule("11.1"),
        _("AFO depuis le %(date)s : 2 ans d'expérience atteints.") % {"date": _date(afo.awarded_on)}
        if experienced_on <= on
        else _(
            "Art. 11.1 : 2 ans d'expérience en tant qu'AFO sont requis ; AFO depuis le %(date)s, "
            "la demande est possible à partir du %(from)s."
        )
        % {"date": _date(afo.awarded_on), "from": _date(experienced_on)},
        experienced_on <= on,
    )
    since_title = [t for t in file.officiated if afo.awarded_on <= t.end_date <= on]
    decision.add(
        _rule("11.1"),
        _("Art. 11.1 : %(count)s tournoi(s) arbitré(s) en tant qu'AFO sur les %(needed)s requis.")
        % {"count": len(since_title), "needed": AFO_LEVEL_2_TOURNAMENTS},
        len(since_title) >= AFO_LEVEL_2_TOURNAMENTS,
    )
    visits = sum(1 for t in since_title if t.supervision_visit)
    decision.add(
        _rule("11.1"),
        _("Visite de supervision reçue.")
        if visits
        else _(
            "Art. 11.1 : l'un des 4 tournois doit avoir fait l'objet d'une visite de supervision ; "
            "aucune n'est enregistrée depuis le titre d'AFO."
        ),
        visits > 0,
    )
    qualified = file.qualification_on(QualificationKind.ASP_ISSUING, on)
    decision.add(
        _rule("17.1"),
        _("Habilitation à délivrer des ASP validée le %(date)s.") % {"date": _date(qualified.obtained_on)}
        if qualified
        else _(
            "Art. 11.1 et 17.1 : l'habilitation à délivrer des ASP (formation sanctionnée par un "
            "certificat) n'est pas validée."
        ),
        qualified is not None,
    )
    return decision
