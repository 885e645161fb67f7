"""The managed-tournament part in the reader's language: its tasks and scale (before the
hand-in, nothing of the expected pairings) and, after it, each task's faults explained and,
for each round to pair, the engine's pairing on the trainee's own data explained step by step
(``explained_round``, from what the grading stored)."""

from __future__ import annotations

from django.utils import translation
from django.utils.translation import gettext as _

from managed_tournaments.models import ByeKind, Result, Tiebreak
from practice.managed_part import explanation_after_grading, tasks
from practice.models import ManagedPart
from tournaments.swiss.explain import Step


def _result(code: str | None) -> str:
    if code is None:
        return _("rien")
    if code == "":
        return _("aucun résultat")
    return str(dict(Result.choices).get(code, code))


def _bye(kind: str) -> str:
    return _("bye d'un demi-point") if kind == ByeKind.HALF else _("bye à zéro point")


def _tiebreaks(keys: list[str]) -> str:
    labels = dict(Tiebreak.choices)
    return ", ".join(str(labels.get(key, key)) for key in keys) or _("aucun")


def task_text(part: ManagedPart, task: dict) -> tuple[str, str]:
    """(what to do, how it is marked) for one task, in the Livre's terms."""
    s, number = part.statement, task["round"]
    if task["key"] == "pair":
        return (
            _("Appariez la ronde %(round)d avec le moteur (système suisse néerlandais, Livre 4.1).")
            % {"round": number},
            _("Points × échiquiers identiques à ceux du moteur sur les mêmes données (couleurs comprises, "
              "l'exempt compté comme un échiquier) ÷ échiquiers du moteur ; 0 si la ronde enfreint un "
              "critère absolu (deux joueurs qui se rencontrent deux fois, un second exempt)."),
        )
    if task["key"] == "results":
        given = ", ".join(
            _("éch. %(board)d : %(result)s") % {"board": board, "result": _result(code)}
            for board, code in enumerate(s["results"][str(number)], 1)
            if not (number == 1 and board == s["forfeit"]["board"])
        )
        return (
            _("Saisissez les résultats de la ronde %(round)d : %(results)s.")
            % {"round": number, "results": given},
            _("Points × échiquiers dont le résultat saisi est celui donné ÷ échiquiers."),
        )
    if task["key"] == "forfeit":
        side = _("les Noirs") if s["forfeit"]["result"] == Result.WHITE_FORFEIT_WIN else _("les Blancs")
        return (
            _("Ronde 1, échiquier %(board)d : %(side)s ne se sont pas présentés. Saisissez le forfait.")
            % {"board": s["forfeit"]["board"], "side": side},
            _("Tous les points si le résultat est codé comme un forfait du bon côté (+/- ou -/+), "
              "0 sinon (un 1-0 ou 0-1 joué compterait une partie qui n'a pas eu lieu)."),
        )
    if task["key"] == "withdrawal":
        return (
            _("Après la ronde 1, %(name)s se retire du tournoi : enregistrez son retrait à partir de la "
              "ronde %(round)d.") % {"name": s["withdrawal"]["name"], "round": s["withdrawal"]["from_round"]},
            _("Tous les points si ce joueur, et lui seul, est retiré à partir de cette ronde ; 0 sinon."),
        )
    if task["key"] == "late_entry":
        late = s["late_entry"]
        return (
            _("Avant la ronde 2, inscrivez le retardataire %(name)s (Elo %(rating)d) ; le règlement "
              "intérieur lui donne un %(bye)s pour la ronde 1.")
            % {"name": late["name"], "rating": late["rating"], "bye": _bye(late["bye"])},
            _("Moitié des points pour le joueur inscrit avec son Elo, moitié pour le bye demandé "
              "à la ronde manquée (et aucun autre)."),
        )
    return (
        _("Publiez le classement avec les départages suivants, dans cet ordre : %(tiebreaks)s.")
        % {"tiebreaks": _tiebreaks(s["tiebreaks"])},
        _("Tous les points si les départages du tournoi sont exactement ceux-là ; 0 sinon."),
    )


def fault_text(fault: dict) -> str:
    code = fault["code"]
    if code == "not_paired":
        return _("La ronde %(round)d n'est pas appariée.") % {"round": fault["round"]}
    if code == "engine_failed":
        return _("Le moteur ne peut pas apparier cette ronde sur vos données : %(reason)s") % fault
    if code == "absolute":
        return _("Critère absolu enfreint (%(rule)s) : %(message)s") % fault
    if code == "colours":
        white, black = fault["engine"]
        return _("%(white)d-%(black)d : les couleurs sont inversées (le moteur donne les Blancs au "
                 "%(white)d).") % {"white": white, "black": black}
    if code == "missing_board":
        return _("Le moteur apparie %(white)d-%(black)d ; cet échiquier manque dans votre ronde.") % {
            "white": fault["engine"][0], "black": fault["engine"][1]}
    if code == "missing_bye":
        return _("Le moteur donne l'exempt au joueur %(number)d.") % {"number": fault["engine"]}
    if code == "engine_pairing":
        boards = ", ".join(f"{white}-{black}" for white, black in fault["pairs"])
        if fault["byes"]:
            numbers = ", ".join(str(n) for n in fault["byes"])
            boards += " ; " + _("exempt : %(numbers)s") % {"numbers": numbers}
        return _("Appariement du moteur sur vos données : %(boards)s.") % {"boards": boards}
    if code in ("result", "forfeit"):
        return _("Échiquier %(board)d : %(given)s était donné, %(entered)s saisi.") % {
            "board": fault["board"], "given": _result(fault["given"]), "entered": _result(fault["entered"])}
    if code == "withdrawal":
        return _("%(name)s devait être retiré à partir de la ronde %(round)d.") % {
            "name": fault["name"], "round": fault["from_round"]}
    if code == "wrong_withdrawal":
        return _("%(name)s a été retiré sans qu'on le demande.") % fault
    if code == "late_missing":
        return _("Le retardataire %(name)s n'est pas inscrit.") % fault
    if code == "late_rating":
        return _("Elo du retardataire : %(rating)d demandé, %(entered)d saisi.") % fault
    if code == "late_bye":
        return _("Le retardataire devait recevoir un %(bye)s pour la ronde 1, et aucun autre bye.") % {
            "bye": _bye(fault["bye"])}
    if code == "tiebreaks":
        return _("Départages demandés : %(given)s ; choisis : %(entered)s.") % {
            "given": _tiebreaks(fault["given"]), "entered": _tiebreaks(fault["entered"])}
    return code


def statement_rows(part: ManagedPart) -> list[dict]:
    """The tasks as the attempt page states them."""
    rows = []
    for number, task in enumerate(tasks(part), 1):
        what, scale = task_text(part, task)
        rows.append({"number": number, "what": what, "scale": scale, "points": task["points"]})
    return rows


def correction_rows(part: ManagedPart) -> list[dict]:
    """Each task with its mark and its faults explained, and each round to pair with the
    engine's round explained step by step (after the hand-in only)."""
    language = "en" if (translation.get_language() or "fr").startswith("en") else "fr"
    rows = []
    for number, task in enumerate(part.report, 1):
        what, scale = task_text(part, task)
        explained = explained_round(task, language, part=part)
        # The engine's round is shown with its explanation: not a second time as a fault.
        faults = [f for f in task["faults"]
                  if not (explained and explained["steps"] and f["code"] == "engine_pairing")]
        rows.append({"number": number, "what": what, "scale": scale, "points": task["points"],
                     "share": task["share"], "faults": [fault_text(f) for f in faults],
                     "marks": _marks(task), "explained": explained})
    return rows


def explained_round(task: dict, language: str, *, part: ManagedPart | None = None) -> dict | None:
    """The engine's round the task was graded against (the trainee's own data: the rounds
    before it as entered, the byes and withdrawals announced for it), explained step by step in
    ``language``, from what the grading stored, or, for a ``part`` graded before explanations
    were stored, computed again (``explanation_after_grading``); None for another task."""
    if task["key"] != "pair":
        return None
    data = task.get("explanation")
    if data is None and part is not None:
        data = explanation_after_grading(part, task)
    if data is None:
        return None
    number = task["round"]
    if "steps" not in data:
        return {"round": number, "steps": [], "reason": _unexplained(data)}
    return {
        "round": number,
        "details_id": f"managed-part-steps-{number}",
        "label": _("Votre tournoi n'a pas cette ronde ; le moteur l'aurait appariée ainsi sur vos données :")
        if data["unpaired"] else _("Appariement du moteur sur vos données :"),
        "engine": [f"{white}-{black}" for white, black in data["pairs"]]
        + [_("exempt %(player)s") % {"player": player} for player in data["byes"]],
        "steps": [Step.from_json(step).render(language) for step in data["steps"]],
        # Open when the trainee's round was not the engine's; a right round's account is folded.
        "open": task["share"] != "1",
    }


def _unexplained(data: dict) -> str:
    """Why a round has no engine's round to explain."""
    code = data["code"]
    if code == "previous_unpaired":
        return _("La ronde %(round)d n'est pas appariée non plus.") % data
    if code == "previous_incomplete":
        return _("La ronde %(round)d n'a pas encore tous ses résultats : "
                 "la ronde suivante ne peut pas être appariée.") % data
    if code == "not_numbered":
        return _("Les numéros de départ ne sont donnés (par Elo) qu'en appariant la ronde 1.")
    return data.get("reason", code)


def _marks(task: dict) -> str:
    from decimal import ROUND_HALF_UP, Decimal

    value = Decimal(task["points"]) * Decimal(task["share"])
    return str(value.quantize(Decimal("0.01"), rounding=ROUND_HALF_UP))
