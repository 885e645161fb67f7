"""The sentences of an explanation (explain.py), French first, English too.

Two-language templates kept here rather than in the gettext catalogue: an explanation is
asked for in either language whatever the request's language (the command's ``--lang``), and
the sentences are built from many small parts (lists of players, pairs, scores).
"""

from __future__ import annotations

from fractions import Fraction

LANGUAGES = ("fr", "en")

WORDS = {
    "and": {"fr": "et", "en": "and"},
    "none": {"fr": "personne", "en": "nobody"},
    "w": {"fr": "les Blancs", "en": "White"},
    "b": {"fr": "les Noirs", "en": "Black"},
    "absolute": {"fr": "absolue", "en": "absolute"},
    "strong": {"fr": "forte", "en": "strong"},
    "mild": {"fr": "faible", "en": "mild"},
    "met": {"fr": "déjà rencontrés à la ronde {round}", "en": "already met in round {round}"},
    "colour": {
        "fr": "tous deux ont une préférence absolue pour {colour}",
        "en": "both have an absolute preference for {colour}",
    },
}

TEMPLATES = {
    "absent": {
        "fr": "Absents à cette ronde, donc non appariés : {players}.",
        "en": "Absent this round, so not paired: {players}.",
    },
    "groups": {
        "fr": (
            "Groupes de points, du plus élevé au plus bas (A.2 : score, puis numéro d'appariement) : "
            "{groups}."
        ),
        "en": "Score groups, from the highest down (A.2: score, then pairing number): {groups}.",
    },
    "bracket": {
        "fr": "Groupe de {score} point(s) : résidents {residents}{mdps}.",
        "en": "Score group {score}: residents {residents}{mdps}.",
    },
    "bracket.mdps": {
        "fr": " ; flotteurs descendants venus d'un groupe supérieur (JFD) : {mdps}",
        "en": "; moved-down players from a higher group (MDPs): {mdps}",
    },
    "split.mdp": {
        "fr": "Groupe hétérogène : S1 = les flotteurs descendants à apparier {s1}, S2 = les résidents {s2}.",
        "en": "Heterogeneous group: S1 = the moved-down players to pair {s1}, S2 = the residents {s2}.",
    },
    "split.homogeneous": {
        "fr": "{count} paire(s) à former : S1 = {s1}, S2 = {s2} (B.2).",
        "en": "{count} pair(s) to make: S1 = {s1}, S2 = {s2} (B.2).",
    },
    "split.remainder": {
        "fr": "Groupe résiduel, {count} paire(s) à former : S1 = {s1}, S2 = {s2} (B.2).",
        "en": "Remainder, {count} pair(s) to make: S1 = {s1}, S2 = {s2} (B.2).",
    },
    "initial": {
        "fr": "Appariement initial S1 contre S2 : {pairs}.{reasons}",
        "en": "Initial pairing S1 against S2: {pairs}.{reasons}",
    },
    "initial.reasons": {"fr": " Refusé : {reasons}.", "en": " Refused: {reasons}."},
    "initial.clashes": {
        "fr": " Préférences de couleur non satisfaites (C.10, C.11) : {pairs}.",
        "en": " Colour preferences not met (C.10, C.11): {pairs}.",
    },
    "initial.same": {"fr": "tous deux veulent {colour}", "en": "both want {colour}"},
    "initial.ok": {"fr": " Il est retenu.", "en": " It is kept."},
    "initial.other": {
        "fr": " Le moteur en retient un autre (critères de qualité C.5 à C.19 : couleurs, flotteurs).",
        "en": " The engine keeps another one (quality criteria C.5 to C.19: colours, floats).",
    },
    "exchange": {
        "fr": "Échange entre S1 et S2 (D.2) : {out} passe(nt) en S2, {into} en S1 ; S1 = {s1}, S2 = {s2}.",
        "en": "Exchange between S1 and S2 (D.2): {out} move(s) to S2, {into} to S1; S1 = {s1}, S2 = {s2}.",
    },
    "transposition": {
        "fr": "Transposition de S2 (D.1) : {before} devient {after}.",
        "en": "Transposition of S2 (D.1): {before} becomes {after}.",
    },
    "pairs": {"fr": "Paires formées : {pairs}.", "en": "Pairs made: {pairs}."},
    "limbo": {
        "fr": "{players} ne peu(ven)t être apparié(s) dans ce groupe (Limbe) et descend(ent) encore.",
        "en": "{players} cannot be paired in this group (Limbo) and move(s) down again.",
    },
    "float.alone": {
        "fr": "{player} est seul dans son groupe : il flotte vers le groupe suivant (A.4).",
        "en": "{player} is alone in the group: he floats down to the next group (A.4).",
    },
    "float.incompatible": {
        "fr": (
            "{player} n'a aucun adversaire compatible dans le groupe ({reasons}) : il flotte vers le "
            "bas (A.4, C.1)."
        ),
        "en": "{player} has no compatible opponent in the group ({reasons}): he floats down (A.4, C.1).",
    },
    "float.odd": {
        "fr": (
            "Le groupe compte un nombre impair de joueurs : {player}, le moins bien classé, flotte vers"
            " le bas (A.4)."
        ),
        "en": "The group has an odd number of players: {player}, the lowest ranked, floats down (A.4).",
    },
    "float.chosen": {
        "fr": (
            "{player} flotte vers le bas : c'est le choix qui permet d'apparier la suite en respectant "
            "les critères (C.4 à C.7, puis C.12 à C.19 sur les flotteurs){previous}."
        ),
        "en": (
            "{player} floats down: that is the choice that lets the rest be paired within the criteria "
            "(C.4 to C.7, then C.12 to C.19 on floats){previous}."
        ),
    },
    "float.refused": {
        "fr": " ; paires impossibles pour lui : {reasons}",
        "en": "; pairs impossible for him: {reasons}",
    },
    "collapse": {
        "fr": (
            "Le groupe de {score} point(s) ne peut être apparié seul sans empêcher d'apparier le "
            "dernier groupe ({last} point(s)) : ils sont fusionnés en un dernier niveau effondré (A.9, "
            "C.4), traité comme homogène : {players}."
        ),
        "en": (
            "The {score}-point group cannot be paired on its own without making the last group ({last} "
            "points) impossible: they are merged into a collapsed last bracket (A.9, C.4), treated as "
            "homogeneous: {players}."
        ),
    },
    "float.before_last": {
        "fr": " ; {players}, moins bien classé(s), flottai(en)t vers le bas deux rondes plus tôt (C.14)",
        "en": "; {players}, ranked lower, floated down two rounds earlier (C.14)",
    },
    "float.previous": {
        "fr": (
            " ; {players}, moins bien classé(s), flottai(en)t déjà vers le bas à la ronde précédente (C.12)"
        ),
        "en": "; {players}, ranked lower, already floated down in the previous round (C.12)",
    },
    "colour": {
        "fr": "Échiquier {board} : {white} (Blancs) contre {black} (Noirs). {why}",
        "en": "Board {board}: {white} (White) against {black} (Black). {why}",
    },
    "colour.E.1": {
        "fr": "E.1 : chacun reçoit sa couleur préférée ({prefs}).",
        "en": "E.1: both get their preferred colour ({prefs}).",
    },
    "colour.E.2": {
        "fr": (
            "E.2 : les deux veulent {colour} ; la préférence la plus forte, celle de {player}, "
            "l'emporte ({prefs})."
        ),
        "en": "E.2: both want {colour}; the stronger preference, {player}'s, prevails ({prefs}).",
    },
    "colour.E.2.wider": {
        "fr": (
            "E.2 : préférences absolues toutes deux ; {player}, dont la différence de couleurs est la "
            "plus grande, l'emporte ({prefs})."
        ),
        "en": (
            "E.2: both preferences absolute; {player}, with the wider colour difference, prevails ({prefs})."
        ),
    },
    "colour.E.3": {
        "fr": (
            "E.3 : mêmes préférences ; on alterne par rapport à leur dernière partie jouée avec des "
            "couleurs différentes ({games_back} partie(s) en arrière) ({prefs})."
        ),
        "en": (
            "E.3: same preferences; colours alternate from their last game played with different "
            "colours ({games_back} game(s) back) ({prefs})."
        ),
    },
    "colour.E.4": {
        "fr": (
            "E.4 : mêmes préférences et mêmes couleurs passées ; {player}, le mieux classé, reçoit sa "
            "préférence ({prefs})."
        ),
        "en": (
            "E.4: same preferences and same colour history; {player}, the higher ranked, gets his "
            "preference ({prefs})."
        ),
    },
    "colour.E.5": {
        "fr": (
            "E.5 : aucune préférence ; {player}, le mieux classé, a un numéro d'appariement {parity} et"
            " reçoit {colour}."
        ),
        "en": (
            "E.5: no preference; {player}, the higher ranked, has an {parity} pairing number and gets "
            "{colour}."
        ),
    },
    "colour.engine": {
        "fr": (
            "Couleurs données par le moteur (les règles E.1 à E.5 telles que reconstituées ici "
            "donneraient l'inverse) ({prefs})."
        ),
        "en": (
            "Colours given by the engine (rules E.1 to E.5 as reconstructed here would give the "
            "reverse) ({prefs})."
        ),
    },
    "odd": {"fr": "impair", "en": "odd"},
    "even": {"fr": "pair", "en": "even"},
    "pref": {"fr": "{player} : {colour} ({strength})", "en": "{player}: {colour} ({strength})"},
    "pref.none": {"fr": "{player} : aucune", "en": "{player}: none"},
    "bye": {
        "fr": (
            "{player} reste seul : il est exempt (1 point, C.04.1 c), le plus bas du dernier groupe{skipped}."
        ),
        "en": (
            "{player} is left over: he gets the bye (1 point, C.04.1 c), the lowest of the last "
            "group{skipped}."
        ),
    },
    "bye.skipped": {
        "fr": " qui n'a pas encore marqué de point sans jouer ({players} l'ont déjà fait, C.2)",
        "en": " who has not yet scored a point without playing ({players} already did, C.2)",
    },
}


def word(key: str, language: str) -> str:
    return WORDS[key][language]


def text(key: str, language: str, **values) -> str:
    return TEMPLATES[key][language].format(**values)


def players(numbers, language: str) -> str:
    numbers = [str(n) for n in numbers]
    if not numbers:
        return word("none", language)
    if len(numbers) == 1:
        return numbers[0]
    return ", ".join(numbers[:-1]) + f" {word('and', language)} " + numbers[-1]


def sequence(numbers) -> str:
    return "[" + " ".join(str(n) for n in numbers) + "]"


def pairs(items) -> str:
    return ", ".join(f"{a}–{b}" for a, b in items)


def score(value: str | Fraction, language: str) -> str:
    number = Fraction(value)
    shown = str(number.numerator) if number.denominator == 1 else f"{float(number):g}"
    return shown.replace(".", ",") if language == "fr" else shown
