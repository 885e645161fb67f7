"""A managed tournament from a TRF16 file: an import by the trainee, or a template a UVT mock
sets as one of its parts (``create_from_template``)."""

from __future__ import annotations

from pathlib import Path

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from managed_tournaments.models import (
    MAX_PLAYERS,
    TRF_CODES,
    Acceleration,
    Board,
    Bye,
    ByeKind,
    ManagedTournament,
    Player,
    Round,
)
from managed_tournaments.trf_bridge import TIME_CONTROL_RECORD
from tournaments.swiss.engine import rounds_paired
from tournaments.trf import TrfError, TrfTournament, parse

MAX_UPLOAD_BYTES = 256 * 1024
TEMPLATES = Path(__file__).parent / "templates_trf"
RESULT_OF = {codes: result for result, codes in TRF_CODES.items()}


def read_trf(data: bytes | str) -> TrfTournament:
    """Parse an uploaded TRF16 file; every error in French, naming line and column."""
    if len(data) > MAX_UPLOAD_BYTES:
        raise ValidationError(_("Le fichier dépasse %(size)d kio.") % {"size": MAX_UPLOAD_BYTES // 1024})
    try:
        trf = parse(data)
    except TrfError as error:
        raise ValidationError(str(error)) from error
    if len(trf.players) > MAX_PLAYERS:
        raise ValidationError(_("Un tournoi compte au plus %(max)d joueurs.") % {"max": MAX_PLAYERS})
    return trf


@transaction.atomic
def import_trf(
    *, owner, trf: TrfTournament, name: str = "", planned_rounds: int | None = None, acceleration: str = ""
) -> ManagedTournament:
    """Create a tournament holding the file's players, rounds, results and announced byes."""
    paired = rounds_paired(trf)
    rounds = planned_rounds or trf.planned_rounds or max(paired, trf.rounds, 1)
    if rounds < paired:
        raise ValidationError(
            _("Le fichier compte %(paired)d rondes appariées, plus que les %(rounds)d annoncées.")
            % {"paired": paired, "rounds": rounds}
        )
    if acceleration not in Acceleration.values:
        raise ValidationError(_("Accélération inconnue."))
    time_control = next(
        (line[4:].strip() for line in trf.other_lines if line.startswith(TIME_CONTROL_RECORD + " ")), ""
    )
    tournament = ManagedTournament(
        owner=owner,
        name=(name or trf.name or _("Tournoi importé"))[:120],
        planned_rounds=rounds,
        time_control=time_control[:60],
        acceleration=acceleration,
        initial_colour=trf.initial_colour or _initial_colour(trf),
    )
    tournament.full_clean()
    tournament.save()
    players = {}
    for p in trf.players:
        player = Player(
            tournament=tournament,
            number=p.number,
            name=p.name[:33] or str(p.number),
            rating=p.rating,
            title=p.title,
            sex=p.sex.strip() if p.sex.strip() in ("m", "f") else "",
            federation=p.federation[:3],
            fide_id=p.fide_id,
            birth=p.birth,
        )
        player.full_clean(exclude=["tournament"])
        players[p.number] = player
    Player.objects.bulk_create(players.values())
    players = {p.number: p for p in tournament.players.all()}
    for number in range(1, paired + 1):
        _import_round(tournament, trf, number, players)
    for p in trf.players:
        for index, entry in enumerate(p.rounds[paired:], paired + 1):
            if not entry.opponent and entry.result in ("H", "F", "Z", "-") and index <= rounds:
                kind = {"H": ByeKind.HALF, "F": ByeKind.FULL}.get(entry.result, ByeKind.ZERO)
                Bye.objects.create(
                    tournament=tournament, player=players[p.number], round_number=index, kind=kind
                )
    return tournament


def _initial_colour(trf: TrfTournament) -> str:
    from tournaments.swiss.engine import top_colour

    return "black1" if top_colour(trf) == "b" else "white1"


def _import_round(tournament: ManagedTournament, trf: TrfTournament, number: int, players: dict) -> None:
    round_ = Round.objects.create(tournament=tournament, number=number)
    history = trf.up_to(number - 1)
    scores = {p.number: p.score for p in history.players}
    pairs = []
    for p in trf.players:
        entry = trf.entry(p.number, number)
        if entry is None:
            continue
        if entry.opponent and entry.colour == "w":
            mirror = trf.entry(entry.opponent, number)
            result = RESULT_OF.get((_game_code(entry.result), _game_code(mirror.result)))
            if result is None:
                raise ValidationError(
                    _("Ronde %(round)d : résultat « %(result)s » du joueur %(number)d non géré.")
                    % {"round": number, "result": entry.result, "number": p.number}
                )
            pairs.append((p.number, entry.opponent, result))
        elif not entry.opponent and entry.result in ("U", "F", "H", "Z"):
            kind = {"U": ByeKind.PAIRING, "F": ByeKind.FULL, "H": ByeKind.HALF, "Z": ByeKind.ZERO}[
                entry.result
            ]
            Bye.objects.create(
                tournament=tournament, player=players[p.number], round_number=number, kind=kind
            )
    # board order as the pairing software prints it: the higher score first, then the higher player
    pairs.sort(
        key=lambda pair: (
            -max(scores[pair[0]], scores[pair[1]]),
            -(scores[pair[0]] + scores[pair[1]]),
            min(pair[0], pair[1]),
        )
    )
    Board.objects.bulk_create(
        Board(round=round_, number=index, white=players[white], black=players[black], result=result)
        for index, (white, black, result) in enumerate(pairs, 1)
    )


def _game_code(code: str) -> str:
    """TRF16's W/D/L (a game won, drawn, lost in fewer moves, still a game) read as 1/=/0."""
    return {"W": "1", "D": "=", "L": "0"}.get(code, code)


def create_from_template(
    *, user, template: str = "livre_4_3", after_round: int = 2, name: str = ""
) -> ManagedTournament:
    """A short managed tournament for ``user`` from a stored TRF template, cut after
    ``after_round`` rounds: what a UVT mock sets as its "pairing software" part."""
    path = TEMPLATES / f"{template}.trf"
    if not path.is_file() or path.parent != TEMPLATES:
        raise ValidationError(_("Modèle de tournoi inconnu : %(name)s.") % {"name": template})
    trf = read_trf(path.read_bytes())
    cut = trf.up_to(max(0, min(after_round, rounds_paired(trf))))
    return import_trf(owner=user, trf=cut, name=name or trf.name)
