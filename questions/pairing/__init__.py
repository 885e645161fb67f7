"""Pairing questions: pair round k+1 (to k+n) of a Swiss tournament by hand (issue 20, the UVT).

A body (questions/data/FORMAT.md) is either ``{"source": "generator", "generator_version": 1,
"params": {…}, "scale": {…}}`` — a tournament drawn per candidate by
``tournaments.swiss.variants`` from the seed of their attempt item, like a computed question —
or ``{"source": "trf", "trf": "012 …", "round": 3, "rounds_to_pair": 1, "acceleration": "",
"scale": {…}}`` — one tournament a trainer wrote as TRF16.

The candidate's answer is ``{"pairs": [[white, black], …], "byes": […]}``; a question of
several rounds adds ``"handed": [{"pairs", "byes"}, …]``, the rounds already handed in, each
frozen once handed (``presentation``). Each round is graded with
``tournaments.swiss.grading.grade_round`` and the question's scale, against the engine's
pairing given the *engine's* previous rounds (their results revealed once the candidate
handed the round in), never against the candidate's own earlier rounds.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import json
import random
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from django.core.cache import cache
from django.utils.translation import gettext as _

from tournaments.swiss import variants
from tournaments.swiss.checker import round_of
from tournaments.swiss.engine import PairingImpossible, RoundPairing, absent_in, pair_round, rounds_paired
from tournaments.swiss.grading import Scale
from tournaments.trf import TrfError, TrfTournament, parse

SOURCES = ("generator", "trf")
SCALE_KEYS = ("board", "pair", "bye", "rematch", "colour", "second_bye", "misplaced")
PARAM_LIMITS = {
    "players": (4, 40, 12),
    "round": (1, 11, 3),
    "rounds_to_pair": (1, 3, 1),
    "min_floaters": (0, 6, 0),
    "min_exchanges": (0, 4, 0),
    "min_transpositions": (0, 6, 0),
}
MAX_TRF = 64 * 1024


@dataclass(frozen=True)
class Situation:
    """The tournament before the first round to pair, as one candidate meets it."""

    tournament: TrfTournament
    round: int
    rounds_to_pair: int
    acceleration: str
    withdrawn: tuple[int, ...]
    seed: int
    source: TrfTournament | None = None  # a TRF question's whole file (its later results)
    profile: variants.Profile | None = None
    first_pairing: RoundPairing | None = None  # the engine's, when the generator already has it

    @property
    def last_round(self) -> int:
        return self.round + self.rounds_to_pair - 1

    def virtual(self, tournament: TrfTournament, round_number: int):
        return variants.virtual_for(tournament, round_number, self.acceleration)


# --- the body ---------------------------------------------------------------------------------


def validate_body(body: object) -> tuple[dict, list[tuple[str, str]]]:
    """A pairing body normalised, and (body path, French message) problems."""
    if not isinstance(body, dict):
        return {}, [("body", _("Le contenu (« body ») est un objet qui dépend du type."))]
    source = body.get("source")
    problems: list[tuple[str, str]] = []
    if source not in SOURCES:
        return {}, [
            (
                "body.source",
                _(
                    "« source » vaut « generator » (tournoi tiré pour chaque candidat) "
                    "ou « trf » (un tournoi écrit en TRF16)."
                ),
            )
        ]
    scale, scale_problems = _scale(body.get("scale"))
    problems += scale_problems
    acceleration = (
        body.get(
            "acceleration",
            body.get("params", {}).get("acceleration", "") if isinstance(body.get("params"), dict) else "",
        )
        or ""
    )
    if acceleration not in ("", *variants.ACCELERATIONS):
        problems.append(("body.acceleration", _("L'accélération vaut haley, degressif ou baku (ou rien).")))
        acceleration = ""
    if source == "generator":
        allowed = ("source", "generator_version", "params", "scale")
        problems += [
            (f"body.{k}", _("Champ inconnu « %(key)s ».") % {"key": k}) for k in body if k not in allowed
        ]
        version = body.get("generator_version", variants.VERSION)
        if version not in variants.VERSIONS:
            problems.append(
                (
                    "body.generator_version",
                    _(
                        "Le générateur d'appariements n'existe pas en version %(version)s "
                        "(versions connues : %(known)s)."
                    )
                    % {"version": version, "known": ", ".join(map(str, variants.VERSIONS))},
                )
            )
            version = variants.VERSION
        params, param_problems = _params(body.get("params"))
        params["acceleration"] = acceleration
        problems += param_problems
        result = {"source": source, "generator_version": version, "params": params, "scale": scale}
        if not problems:
            try:
                situation_for(result, 1)
            except (variants.VariantError, PairingImpossible, ValueError) as error:
                problems.append(
                    (
                        "body.params",
                        _("Le générateur ne produit pas de tournoi avec ces paramètres (%(error)s).")
                        % {"error": error},
                    )
                )
        return result, problems
    allowed = ("source", "trf", "round", "rounds_to_pair", "acceleration", "scale")
    problems += [
        (f"body.{k}", _("Champ inconnu « %(key)s ».") % {"key": k}) for k in body if k not in allowed
    ]
    text = body.get("trf")
    result = {
        "source": source,
        "trf": text if isinstance(text, str) else "",
        "round": body.get("round"),
        "rounds_to_pair": body.get("rounds_to_pair", 1),
        "acceleration": acceleration,
        "scale": scale,
    }
    if not isinstance(text, str) or not text.strip():
        return result, [*problems, ("body.trf", _("Collez le tournoi au format TRF16 (champ « trf »)."))]
    if len(text) > MAX_TRF:
        return result, [*problems, ("body.trf", _("Le fichier TRF16 dépasse 64 Kio."))]
    try:
        tournament = parse(text)
    except TrfError as error:
        return result, [
            *problems,
            ("body.trf", _("Le fichier TRF16 est illisible : %(error)s") % {"error": error}),
        ]
    # A round after the file's last one + 1 would be paired from rounds nobody played.
    for key, (low, high) in (("round", (1, rounds_paired(tournament) + 1)), ("rounds_to_pair", (1, 3))):
        value = result[key]
        if key == "round" and value is None:
            result["round"] = (
                rounds_paired(tournament) + 1
                if all(e.result != " " for p in tournament.players for e in p.rounds)
                else rounds_paired(tournament)
            )
            continue
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            problems.append(
                (
                    f"body.{key}",
                    _("« %(key)s » est un nombre entier entre %(low)s et %(high)s.")
                    % {"key": key, "low": low, "high": high},
                )
            )
            result[key] = low
    if not problems:
        try:
            situation = situation_for(result, 1)
            for number in range(situation.round, situation.last_round + 1):
                engine_round(result, 1, number)
        except (PairingImpossible, ValueError) as error:
            problems.append(
                ("body.trf", _("Le moteur ne peut pas apparier ce tournoi : %(error)s") % {"error": error})
            )
    return result, problems


def _params(raw: object) -> tuple[dict, list[tuple[str, str]]]:
    raw = raw if isinstance(raw, dict) else {}
    problems = []
    params: dict = {}
    for name in raw:
        if name not in (*PARAM_LIMITS, "features", "acceleration"):
            problems.append((f"body.params.{name}", _("Paramètre inconnu « %(name)s ».") % {"name": name}))
    for name, (low, high, default) in PARAM_LIMITS.items():
        value = raw.get(name, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            problems.append(
                (
                    f"body.params.{name}",
                    _("« %(name)s » est un nombre entier entre %(low)s et %(high)s.")
                    % {"name": name, "low": low, "high": high},
                )
            )
            value = default
        params[name] = value
    features = raw.get("features", [])
    if not isinstance(features, list) or not all(f in variants.FEATURES for f in features):
        problems.append(
            (
                "body.params.features",
                _("Les difficultés possibles : %(known)s.") % {"known": ", ".join(variants.FEATURES)},
            )
        )
        features = []
    params["features"] = [f for f in variants.FEATURES if f in features]
    if params["players"] < params["round"] + params["rounds_to_pair"] + 1:
        problems.append(("body.params.players", _("Trop peu de joueurs pour le nombre de rondes demandé.")))
    return params, problems


def _scale(raw: object) -> tuple[dict, list[tuple[str, str]]]:
    if raw in (None, {}):
        return {}, []
    if not isinstance(raw, dict):
        return {}, [
            (
                "body.scale",
                _("Le barème est un objet (board, pair, bye, rematch, colour, second_bye, misplaced)."),
            )
        ]
    problems = [
        (f"body.scale.{k}", _("Champ inconnu « %(key)s ».") % {"key": k}) for k in raw if k not in SCALE_KEYS
    ]
    try:
        scale_of({"scale": {k: v for k, v in raw.items() if k in SCALE_KEYS}})
    except (ValueError, TypeError, ZeroDivisionError) as error:
        problems.append(
            (
                "body.scale",
                _(
                    "Barème invalide (%(error)s) : chaque valeur est positive et une paire "
                    "aux couleurs inversées vaut moins qu'un échiquier."
                )
                % {"error": error},
            )
        )
    return {k: v for k, v in raw.items() if k in SCALE_KEYS}, problems


def scale_of(body: dict) -> Scale:
    values = {}
    for key, value in (body.get("scale") or {}).items():
        if isinstance(value, bool) or not isinstance(value, int | float | str):
            raise ValueError(key)
        values[key] = Fraction(str(value))
    return Scale(**values)


def scale_lines(body: dict) -> list[str]:
    """The scale as the candidate reads it, and how several rounds are graded."""
    lines = scale_of(body).describe()
    if rounds_to_pair(body) > 1:
        lines.append(
            _(
                "Chaque ronde est notée contre l'appariement du moteur à partir des rondes "
                "précédentes du moteur (dont les résultats sont révélés une fois la ronde rendue), "
                "jamais à partir de vos propres rondes."
            )
        )
    lines += acceleration_lines(acceleration_of(body))
    return lines


def acceleration_of(body: dict) -> str:
    if body.get("source") == "generator":
        return str((body.get("params") or {}).get("acceleration") or "")
    return str(body.get("acceleration") or "")


def acceleration_lines(method: str) -> list[str]:
    """What an accelerated question grades against (Livre 4.2): the pairing scores with the
    virtual points, which the scale must say since the standings show the real ones."""
    if method not in variants.ACCELERATIONS:
        return []
    detail = {
        "haley": _(
            "Haley : les groupes A et B (les deux premiers quarts des joueurs) reçoivent 1 point virtuel "
            "pour l'appariement des rondes 1 et 2, retiré ensuite."
        ),
        "degressif": _(
            "Dégressif : points virtuels 2 (groupe A, Elo ≥ 2000), 1 (groupe B), 0 (groupe C, "
            "Elo < 1600), augmentés de ½ quand le score réel atteint 1½, 3 et (groupe C) 4½, portés "
            "à 2 quand il atteint la moitié du nombre de rondes ; plus aucun à partir de "
            "l'appariement de l'avant-dernière ronde."
        ),
        "baku": _(
            "Bakou : le groupe GA (les 2 × ⌈N/4⌉ premiers joueurs) reçoit 1 point virtuel pour les "
            "rondes 1 à 3 et ½ pour les rondes 4 et 5 ; le groupe GB aucun."
        ),
    }[method]
    return [
        _(
            "Appariement accéléré (Livre 4.2) : les groupes de score, les flotteurs et l'appariement "
            "du moteur qui sert de corrigé se lisent sur le score d'appariement, c'est-à-dire les "
            "points réels plus les points virtuels de la ronde (notés « + » sur les fiches) ; le "
            "classement garde les points réels."
        ),
        detail,
    ]


def rounds_to_pair(body: dict) -> int:
    if body.get("source") == "generator":
        return int((body.get("params") or {}).get("rounds_to_pair", 1))
    return int(body.get("rounds_to_pair") or 1)


# --- situations, engine rounds (cached: the page, each autosave and the grading ask them) ------


def _key(body: dict) -> str:
    return json.dumps(body, sort_keys=True, default=str)


def situation_for(body: dict, seed: int) -> Situation:
    return _situation(_key(body), seed)


@lru_cache(maxsize=512)
def _situation(key: str, seed: int) -> Situation:
    body = json.loads(key)
    if body.get("source") == "trf":
        source = parse(body["trf"])
        number = int(body.get("round") or rounds_paired(source) + 1)
        base = source.up_to(number - 1)
        tournament = _with_absences(base, source, number)
        return Situation(
            tournament, number, rounds_to_pair(body), body.get("acceleration") or "", (), seed, source=source
        )
    params = {**body.get("params", {}), "version": body.get("generator_version", variants.VERSION)}
    variant = _drawn_variant(key, params, seed)
    return Situation(
        variant.tournament,
        variant.round,
        rounds_to_pair(body),
        params.get("acceleration") or "",
        variant.withdrawn,
        seed,
        profile=variant.profile,
        first_pairing=variant.pairing,
    )


def _drawn_variant(key: str, params: dict, seed: int):
    """The candidate's tournament, drawn once for every server process: drawing it pairs the
    round up to a dozen times (hundreds of ms), and each gunicorn worker would draw it again
    for the page, the autosave check, the hand-in and the correction. Kept in the shared cache
    under the question's definition and the seed (the generator's version is in ``params``)."""
    return _shared("pairing-variant", f"{key}|{seed}", lambda: variants.generate(params, seed))


VARIANT_CACHE_SECONDS = 30 * 24 * 3600
# The engine's rounds kept in the shared cache are named with gacrux's version too: an upgrade
# may pair them otherwise (a drawn variant's own round is pinned with the variant).
ENGINE_VERSION = importlib.metadata.version("gacrux")


def _shared(kind: str, name: str, compute):
    """``compute()``, kept in the cache every server process shares under ``kind`` and ``name``."""
    cache_key = f"{kind}:" + hashlib.sha256(name.encode()).hexdigest()
    value = cache.get(cache_key)
    if value is None:
        value = compute()
        cache.set(cache_key, value, timeout=VARIANT_CACHE_SECONDS)
    return value


def _with_absences(base: TrfTournament, source: TrfTournament, number: int) -> TrfTournament:
    """``base`` (rounds before ``number``) with the absences the file announces for ``number``."""
    from dataclasses import replace

    absent = absent_in(source, number)
    players = tuple(
        replace(p, rounds=(*p.rounds, source.entry(p.number, number))) if p.number in absent else p
        for p in base.players
    )
    return replace(base, players=players)


def tournament_before(body: dict, seed: int, number: int) -> TrfTournament:
    """The tournament before round ``number`` (≥ the situation's round): the engine's rounds
    before it, with their results (the file's, or drawn from the seed)."""
    return _before(_key(body), seed, number)


@lru_cache(maxsize=512)
def _before(key: str, seed: int, number: int) -> TrfTournament:
    body = json.loads(key)
    situation = _situation(key, seed)
    if number == situation.round:
        return situation.tournament
    previous = _before(key, seed, number - 1)
    pairing = _engine(key, seed, number - 1)
    source = situation.source
    if source is not None and source.rounds >= number - 1 and _same(round_of(source, number - 1), pairing):
        return _with_absences(source.up_to(number - 1), source, number)
    rng = random.Random(f"results:{seed}:{number - 1}")  # noqa: S311 - exercises, not secrets
    del body
    return variants.with_results(previous, pairing, rng, withdrawn=situation.withdrawn)


def _same(recorded: RoundPairing, engine: RoundPairing) -> bool:
    return set(recorded.pairs) == set(engine.pairs) and set(recorded.byes) == set(engine.byes)


def engine_round(body: dict, seed: int, number: int) -> RoundPairing:
    """The engine's pairing of round ``number`` (server side only: never sent before correction)."""
    return _engine(_key(body), seed, number)


@lru_cache(maxsize=512)
def _engine(key: str, seed: int, number: int) -> RoundPairing:
    situation = _situation(key, seed)
    if number == situation.round and situation.first_pairing is not None:
        return situation.first_pairing
    tournament = _before(key, seed, number)
    # A round the variant does not hold (a TRF question's, a later round of several): paired
    # once for every server process, not again by each worker for the page, the hand-in and
    # the correction (about 30 ms for 20 players).
    return _shared(
        "pairing-engine",
        f"{key}|{seed}|{number}|{ENGINE_VERSION}",
        lambda: pair_round(tournament, round_number=number, virtual=situation.virtual(tournament, number)),
    )


# --- answers ----------------------------------------------------------------------------------


def answered_rounds(body: dict, answer: dict | None) -> list[dict]:
    """The candidate's rounds in order: those handed in, then the one on the board."""
    answer = answer if isinstance(answer, dict) else {}
    handed = [r for r in answer.get("handed") or [] if isinstance(r, dict)][: rounds_to_pair(body) - 1]
    current = {"pairs": answer.get("pairs") or [], "byes": answer.get("byes") or []}
    return [*handed, current] if len(handed) < rounds_to_pair(body) else handed


def current_round(body: dict, seed: int, answer: dict | None) -> int:
    """The round the candidate's board is for: the first one not handed in yet."""
    answer = answer if isinstance(answer, dict) else {}
    handed = len([r for r in answer.get("handed") or [] if isinstance(r, dict)])
    situation = situation_for(body, seed)
    return situation.round + min(handed, situation.rounds_to_pair - 1)
