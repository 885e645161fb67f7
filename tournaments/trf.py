"""FIDE Tournament Report File (TRF16) in and out, read strictly.

A TRF file is plain text, one record a line, the first three characters naming the record.
``001`` lines are players, with fixed columns (1-based, as the FIDE description numbers
them): start number 5-8, sex 10, title 11-13, name 15-47, rating 49-52, federation 54-56,
FIDE id 58-68, birth date 70-79, points 81-84, rank 86-89, then from column 92 one
10-character block per round: opponent (4 digits, 0000 for none), colour (w, b or -) two
columns later and the result two columns after that.

Every error names the line, the column and the field, so that a trainee (or the arbiter who
typed the file) can find it; nothing else than :class:`TrfError` leaves :func:`parse`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction

from django.utils.translation import gettext as _

from tournaments.crosstable import Crosstable, Player, Result, absent, bye, forfeit_loss, forfeit_win, game

MAX_BYTES = 512 * 1024
MAX_PLAYERS = 999
MAX_ROUNDS = 30
FIRST_ROUND_COLUMN = 92  # 1-based column of round 1's opponent
ROUND_WIDTH = 10

TITLES = frozenset(
    {"", "GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM", "g", "m", "f", "c", "wg", "wm", "wf", "wc"}
)
HEADER_CODES = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start_date",
    "052": "end_date",
    "092": "kind",
    "102": "chief_arbiter",
}
# Result codes of TRF16, with what each is worth and whether the game was played.
GAME_RESULTS = {
    "1": Fraction(1),
    "=": Fraction(1, 2),
    "0": Fraction(0),
    "W": Fraction(1),
    "D": Fraction(1, 2),
    "L": Fraction(0),
}
UNPLAYED_RESULTS = {
    "+": Fraction(1),
    "-": Fraction(0),
    "H": Fraction(1, 2),
    "F": Fraction(1),
    "U": Fraction(1),
    "Z": Fraction(0),
}
# Every code's value, and in half points: a player's score is read many times per pairing
# (the engine's wrapper, the checker, the explanation), and a sum of Fractions is slow.
SCORES = {**UNPLAYED_RESULTS, **GAME_RESULTS}
HALF_POINTS = {code: int(value * 2) for code, value in SCORES.items()}
ZERO = Fraction(0)
BYE_RESULTS = frozenset("HFUZ-")
PAIRING_ALLOCATED_BYE = "U"
OPPOSITE = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+", " ": " "}


class TrfError(ValueError):
    """A TRF file that cannot be read, with where the fault is (1-based line and column)."""

    def __init__(self, message: str, *, line: int = 0, column: int = 0, field_name: str = "") -> None:
        self.line, self.column, self.field_name, self.problem = line, column, field_name, message
        if line and column:
            text = _("Ligne %(line)d, colonne %(column)d (%(field)s) : %(problem)s") % {
                "line": line,
                "column": column,
                "field": field_name,
                "problem": message,
            }
        elif line:
            text = _("Ligne %(line)d : %(problem)s") % {"line": line, "problem": message}
        else:
            text = message
        super().__init__(text)


@dataclass(frozen=True, slots=True)
class RoundEntry:
    """One round on a player's line: ``opponent`` 0 for none, ``colour`` w, b or -,
    ``result`` a TRF16 code (a space when the game is paired but not yet played)."""

    opponent: int
    colour: str
    result: str

    @property
    def played(self) -> bool:
        return self.opponent > 0 and self.result in GAME_RESULTS

    @property
    def score(self) -> Fraction:
        return SCORES.get(self.result, ZERO)

    @property
    def is_pairing_bye(self) -> bool:
        return self.opponent == 0 and self.result == PAIRING_ALLOCATED_BYE

    @property
    def gives_point_without_playing(self) -> bool:
        """A pairing-allocated bye or a forfeit win (C.04.1 c: such a player gets no bye)."""
        return self.result in ("U", "F", "+")


@dataclass(frozen=True, slots=True)
class TrfPlayer:
    number: int
    name: str = ""
    sex: str = " "
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: Fraction = Fraction(0)
    rank: int = 0
    rounds: tuple[RoundEntry, ...] = ()

    @property
    def score(self) -> Fraction:
        return points_of(self.rounds)


@dataclass(frozen=True)
class TrfTournament:
    players: tuple[TrfPlayer, ...]
    name: str = ""
    city: str = ""
    federation: str = ""
    start_date: str = ""
    end_date: str = ""
    kind: str = ""
    chief_arbiter: str = ""
    planned_rounds: int = 0  # XXR; 0 when the file does not say
    initial_colour: str = ""  # XXC: "white1" or "black1" (the colour drawn for player 1)
    other_lines: tuple[str, ...] = field(default=())  # records kept as they are (e.g. 122, 132)

    @property
    def rounds(self) -> int:
        return max((len(p.rounds) for p in self.players), default=0)

    def player(self, number: int) -> TrfPlayer:
        if 0 < number <= len(self.players) and self.players[number - 1].number == number:
            return self.players[number - 1]  # players are usually listed by number
        for player in self.players:
            if player.number == number:
                return player
        raise KeyError(number)

    def numbers(self) -> list[int]:
        return [p.number for p in self.players]

    def entry(self, number: int, round_number: int) -> RoundEntry | None:
        rounds = self.player(number).rounds
        return rounds[round_number - 1] if round_number <= len(rounds) else None

    def up_to(self, rounds: int) -> TrfTournament:
        """The tournament as it stood after ``rounds`` rounds (points recounted)."""
        if all(len(p.rounds) <= rounds for p in self.players) and all(
            p.points == points_of(p.rounds) for p in self.players
        ):
            return self  # already so: the pairing code asks it again and again
        players = tuple(
            TrfPlayer(
                **{
                    **_fields(p),
                    "rounds": p.rounds[:rounds],
                    "points": points_of(p.rounds[:rounds]),
                }
            )
            for p in self.players
        )
        return TrfTournament(**{**_fields(self), "players": players})

    def crosstable(self) -> Crosstable:
        """The tie-break model of the rounds played (a paired round without results is left out)."""
        rounds = self.rounds
        while rounds and any(e.result == " " for p in self.players for e in p.rounds[rounds - 1 : rounds]):
            rounds -= 1
        return Crosstable.of(
            Player(p.number, tuple(_as_result(_padded(p, r)) for r in range(rounds)), p.name, p.rating)
            for p in self.players
        )


def points_of(entries) -> Fraction:
    """What ``entries`` (RoundEntry) are worth together."""
    halves = sum(HALF_POINTS.get(entry.result, 0) for entry in entries)
    return _HALVES[halves] if halves < len(_HALVES) else Fraction(halves, 2)


_HALVES = tuple(Fraction(halves, 2) for halves in range(2 * MAX_ROUNDS + 1))


def _fields(obj: object) -> dict:
    return {name: getattr(obj, name) for name in obj.__dataclass_fields__}  # type: ignore[attr-defined]


def _padded(player: TrfPlayer, index: int) -> RoundEntry:
    return player.rounds[index] if index < len(player.rounds) else RoundEntry(0, "-", "-")


def _as_result(entry: RoundEntry) -> Result:
    if entry.played:
        return game(entry.opponent, "W" if entry.colour == "w" else "B", entry.score)
    if entry.opponent and entry.result == "+":
        return forfeit_win(entry.opponent)
    if entry.opponent:
        return forfeit_loss(entry.opponent)
    if entry.result in ("H", "F", "U", "Z"):
        return bye(entry.score)
    return absent()


# --- reading ------------------------------------------------------------------------------------

_DIGITS = re.compile(r"\d+")
_DATE = re.compile(r"[0-9./\-]*")


def count_player_lines(data: bytes | str) -> int:
    """How many player lines (``001``) a file holds, counted on the raw text without reading
    it: a tool bounds its work on a file before parsing it."""
    if isinstance(data, str):
        return sum(1 for line in data.splitlines() if line.startswith("001"))
    return sum(1 for line in data.splitlines() if line.startswith(b"001"))


def parse(data: bytes | str) -> TrfTournament:
    """Read a TRF16 file; raise :class:`TrfError` naming the first fault found."""
    if isinstance(data, bytes):
        if len(data) > MAX_BYTES:
            raise TrfError(_("le fichier dépasse %(size)d kio.") % {"size": MAX_BYTES // 1024})
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            text = data.decode("latin-1")
    else:
        text = data
        if len(text) > MAX_BYTES:
            raise TrfError(_("le fichier dépasse %(size)d kio.") % {"size": MAX_BYTES // 1024})
    text = text.removeprefix("\ufeff")
    header: dict[str, object] = {}
    other: list[str] = []
    players: list[TrfPlayer] = []
    lines_of: dict[int, int] = {}
    for line_number, raw in enumerate(text.split("\n"), 1):
        line = raw.rstrip(" \r")
        if not line:
            continue
        if any(ord(c) < 32 or 0x7F <= ord(c) <= 0x9F or c in "\u2028\u2029" for c in line):
            raise TrfError(_("caractère de contrôle interdit."), line=line_number)
        code = line[:3]
        if code == "001":
            if len(players) >= MAX_PLAYERS:
                raise TrfError(_("plus de %(max)d joueurs.") % {"max": MAX_PLAYERS}, line=line_number)
            player = _parse_player(line, line_number)
            if player.number in lines_of:
                raise TrfError(
                    _("le numéro de départ %(number)d figure déjà ligne %(other)d.")
                    % {"number": player.number, "other": lines_of[player.number]},
                    line=line_number,
                    column=5,
                    field_name=_("numéro de départ"),
                )
            lines_of[player.number] = line_number
            players.append(player)
        elif code in HEADER_CODES:
            header[HEADER_CODES[code]] = line[4:].strip()
        elif code == "XXR":
            header["planned_rounds"] = _integer(
                line[4:].strip(), line_number, 5, _("nombre de rondes"), 1, MAX_ROUNDS
            )
        elif code == "XXC":
            # JaVaFo's configuration record: the colour drawn for player 1, possibly "rank"
            tokens = line[4:].split()
            colours = [t for t in tokens if t in ("white1", "black1")]
            if len(colours) != 1 or any(t not in ("white1", "black1", "rank") for t in tokens):
                raise TrfError(
                    _("« white1 » ou « black1 » attendu."),
                    line=line_number,
                    column=5,
                    field_name=_("couleur initiale"),
                )
            header["initial_colour"] = colours[0]
        elif re.fullmatch(r"[0-9A-Z]{3}", code) and (len(line) == 3 or line[3] == " "):
            other.append(line)
        else:
            raise TrfError(
                _("enregistrement inconnu « %(code)s ».") % {"code": code[:3]},
                line=line_number,
                column=1,
                field_name=_("code"),
            )
    if not players:
        raise TrfError(_("aucun joueur (ligne 001)."))
    tournament = TrfTournament(players=tuple(players), other_lines=tuple(other), **header)  # type: ignore[arg-type]
    _check_consistency(tournament, lines_of)
    return tournament


def _integer(value: str, line: int, column: int, name: str, low: int, high: int) -> int:
    if not _DIGITS.fullmatch(value) or not low <= int(value) <= high:
        raise TrfError(
            _("« %(value)s » n'est pas un nombre entre %(low)d et %(high)d.")
            % {"value": value, "low": low, "high": high},
            line=line,
            column=column,
            field_name=name,
        )
    return int(value)


def _column(line: str, start: int, end: int) -> str:
    """Columns ``start``..``end`` (1-based, inclusive) of ``line``, blank past its end."""
    return line[start - 1 : end].ljust(end - start + 1)


def _parse_player(line: str, n: int) -> TrfPlayer:
    number = _integer(_column(line, 5, 8).strip(), n, 5, _("numéro de départ"), 1, 9999)
    for column in (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91):
        if _column(line, column, column) != " ":
            raise TrfError(_("un espace est attendu ici."), line=n, column=column, field_name=_("séparateur"))
    sex = _column(line, 10, 10)
    if sex not in " mfw":
        raise TrfError(_("« m », « f » ou un espace attendu."), line=n, column=10, field_name=_("sexe"))
    title = _column(line, 11, 13).strip()
    if title not in TITLES:
        raise TrfError(
            _("titre inconnu « %(title)s ».") % {"title": title}, line=n, column=11, field_name=_("titre")
        )
    rating_text = _column(line, 49, 52).strip()
    rating = _integer(rating_text, n, 49, _("classement"), 0, 3500) if rating_text else 0
    federation = _column(line, 54, 56).strip()
    if federation and not federation.isalpha():
        raise TrfError(_("trois lettres attendues."), line=n, column=54, field_name=_("fédération"))
    fide_id = _column(line, 58, 68).strip()
    if fide_id and not _DIGITS.fullmatch(fide_id):
        raise TrfError(_("des chiffres sont attendus."), line=n, column=58, field_name=_("identifiant FIDE"))
    birth = _column(line, 70, 79).strip()
    if not _DATE.fullmatch(birth):
        raise TrfError(_("date illisible."), line=n, column=70, field_name=_("date de naissance"))
    points_text = _column(line, 81, 84).strip()
    if not re.fullmatch(r"\d{1,2}(\.[05])?", points_text or "0"):
        raise TrfError(
            _("« %(value)s » n'est pas un nombre de points.") % {"value": points_text},
            line=n,
            column=81,
            field_name=_("points"),
        )
    rank_text = _column(line, 86, 89).strip()
    rank = _integer(rank_text, n, 86, _("rang"), 0, 9999) if rank_text else 0
    rounds = []
    for index, start in enumerate(range(FIRST_ROUND_COLUMN, len(line) + 1, ROUND_WIDTH)):
        if index >= MAX_ROUNDS:
            raise TrfError(
                _("plus de %(max)d rondes.") % {"max": MAX_ROUNDS},
                line=n,
                column=start,
                field_name=_("ronde"),
            )
        rounds.append(_parse_round(line, n, start, index + 1))
    player = TrfPlayer(
        number=number,
        name=_column(line, 15, 47).strip(),
        sex=sex,
        title=title,
        rating=rating,
        federation=federation,
        fide_id=fide_id,
        birth=birth,
        points=Fraction(points_text or "0"),
        rank=rank,
        rounds=tuple(rounds),
    )
    if player.points != player.score:
        raise TrfError(
            _("%(points)s points annoncés, mais les résultats en donnent %(score)s.")
            % {"points": points_text, "score": _points(player.score)},
            line=n,
            column=81,
            field_name=_("points"),
        )
    return player


def _parse_round(line: str, n: int, start: int, round_number: int) -> RoundEntry:
    name = _("ronde %(round)d") % {"round": round_number}
    if start > FIRST_ROUND_COLUMN and _column(line, start - 2, start - 1) != "  ":
        raise TrfError(_("un espace est attendu ici."), line=n, column=start - 2, field_name=name)
    if not _column(line, start, start + 7).strip():
        return RoundEntry(0, "-", "-")  # a blank block: not paired that round
    opponent_text = _column(line, start, start + 3)
    colour = _column(line, start + 5, start + 5)
    result = _column(line, start + 7, start + 7)
    if _column(line, start + 4, start + 4) != " " or _column(line, start + 6, start + 6) != " ":
        raise TrfError(_("un espace est attendu ici."), line=n, column=start + 4, field_name=name)
    opponent = _integer(
        opponent_text.strip(), n, start, _("adversaire, %(round)s") % {"round": name}, 0, 9999
    )
    if colour not in "wb-":
        raise TrfError(
            _("couleur « w », « b » ou « - » attendue."), line=n, column=start + 5, field_name=name
        )
    if opponent and colour == "-":
        raise TrfError(_("une partie appariée a une couleur."), line=n, column=start + 5, field_name=name)
    if not opponent and colour != "-":
        raise TrfError(_("sans adversaire, la couleur est « - »."), line=n, column=start + 5, field_name=name)
    allowed = set(GAME_RESULTS) | {"+", "-", " "} if opponent else BYE_RESULTS
    if result not in allowed:
        raise TrfError(
            _("résultat « %(result)s » impossible ici.") % {"result": result},
            line=n,
            column=start + 7,
            field_name=name,
        )
    return RoundEntry(opponent, colour, result)


def _check_consistency(tournament: TrfTournament, lines_of: dict[int, int]) -> None:
    for player in tournament.players:
        line = lines_of[player.number]
        for index, entry in enumerate(player.rounds):
            if not entry.opponent:
                continue
            column = FIRST_ROUND_COLUMN + ROUND_WIDTH * index
            name = _("ronde %(round)d") % {"round": index + 1}
            if entry.opponent not in lines_of:
                raise TrfError(
                    _("l'adversaire %(opponent)d n'existe pas.") % {"opponent": entry.opponent},
                    line=line,
                    column=column,
                    field_name=name,
                )
            if entry.opponent == player.number:
                raise TrfError(
                    _("un joueur ne joue pas contre lui-même."), line=line, column=column, field_name=name
                )
            mirror = tournament.entry(entry.opponent, index + 1)
            if (
                mirror is None
                or mirror.opponent != player.number
                or mirror.colour == entry.colour
                or (mirror.result != OPPOSITE.get(entry.result) and not _double_forfeit(entry, mirror))
            ):
                raise TrfError(
                    _("la ligne %(other)d ne donne pas la même partie.")
                    % {"other": lines_of[entry.opponent]},
                    line=line,
                    column=column,
                    field_name=name,
                )


def _double_forfeit(entry: RoundEntry, mirror: RoundEntry) -> bool:
    return entry.result == mirror.result == "-"


# --- writing ------------------------------------------------------------------------------------


def _points(value: Fraction) -> str:
    return f"{float(value):.1f}"


def write(tournament: TrfTournament) -> str:
    """The tournament as TRF16 text; :func:`parse` reads it back unchanged."""
    lines = []
    reverse = {attribute: code for code, attribute in HEADER_CODES.items()}
    for attribute, code in reverse.items():
        value = getattr(tournament, attribute)
        if value:
            lines.append(f"{code} {value}")
    if tournament.planned_rounds:
        lines.append(f"XXR {tournament.planned_rounds}")
    if tournament.initial_colour:
        lines.append(f"XXC {tournament.initial_colour}")
    lines.extend(tournament.other_lines)
    for p in tournament.players:
        text = (
            f"001 {p.number:4d} {p.sex:1.1}{p.title:>3.3} {p.name:<33.33} "
            f"{p.rating or '':>4} {p.federation:>3.3} "
            f"{p.fide_id:>11.11} {p.birth:>10.10} {_points(p.score):>4} {p.rank or '':>4}"
        )
        for entry in p.rounds:
            text += (
                f"  {entry.opponent:4d} {entry.colour} {entry.result}"
                if entry.opponent
                else f"  0000 - {entry.result}"
            )
        lines.append(text.rstrip())
    return "\n".join(lines) + "\n"
