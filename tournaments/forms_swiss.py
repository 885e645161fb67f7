"""Forms of the Swiss and tie-break tools: a TRF file (uploaded or pasted) or a simple grid,
read strictly; every error names the faulty line."""

from __future__ import annotations

import re

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.swiss.engine import RoundPairing
from tournaments.trf import MAX_BYTES, TrfError, TrfTournament, count_player_lines, parse

GRID_TOKEN = re.compile(
    r"^(?:(?P<opponent>\d{1,4})(?:(?P<colour>[wbWBnN])(?P<result>1|0|=|½)|(?P<forfeit>[+-]))|(?P<bye>bye)(?P<bye_score>1|0|=|½)?|(?P<absent>abs))$"
)


def grid_to_trf(text: str) -> str:
    """The simple grid, one player a line: ``N [rating] : 8w1 5b0 14b= 6+ 7- bye1 abs``
    (opponent, colour w/b and result 1 = 0; ``+``/``-`` a forfeit won/lost; ``bye`` with its
    score; ``abs`` absent), as TRF lines, one for one so that line numbers still match."""
    lines = []
    for number, raw in enumerate(text.splitlines(), 1):
        if not raw.strip():
            lines.append("")
            continue
        head, separator, rounds = raw.partition(":")
        fields = head.split()
        if not separator or not 1 <= len(fields) <= 2 or not all(f.isdecimal() for f in fields):
            raise TrfError(_("« numéro [classement] : résultats » attendu."), line=number)
        start, rating = int(fields[0]), int(fields[1]) if len(fields) == 2 else 0
        blocks = []
        for position, token in enumerate(rounds.split(), 1):
            match = GRID_TOKEN.match(token)
            if not match:
                raise TrfError(
                    _("ronde %(round)d : « %(token)s » illisible (ex. 8w1, 5b=, 6+, bye1, abs).")
                    % {"round": position, "token": token},
                    line=number,
                )
            blocks.append(_block(match))
        points = sum({"1": 2, "=": 1, "+": 2, "U": 2, "F": 2, "H": 1}.get(b[-1], 0) for b in blocks) / 2
        if start > 9999 or rating > 3500:
            raise TrfError(_("numéro ou classement hors limites."), line=number)
        line = f"001 {start:4d}      {'':33} {rating or '':>4} {'':3} {'':11} {'':10} {points:4.1f}     "
        lines.append(line + "".join("  " + b for b in blocks))
    return "\n".join(lines)


def _block(match: re.Match) -> str:
    if match["absent"]:
        return "0000 - -"
    if match["bye"]:
        return "0000 - " + {"1": "F", "=": "H", "½": "H", "0": "Z", None: "F"}[match["bye_score"]]
    opponent = int(match["opponent"])
    if match["forfeit"]:
        # the colour of a forfeit matters to no tie-break; the lower number takes White
        return f"{opponent:4d} {'w' if match['forfeit'] == '+' else 'b'} {match['forfeit']}"
    colour = {"n": "b", "b": "b", "w": "w"}[match["colour"].lower()]
    return f"{opponent:4d} {colour} {match['result'].replace('½', '=')}"


# Pairing a round (and checking one, which pairs it again to compare) grows quickly with the
# field: measured on the shared two-core machine, round 6 of a generated Swiss took 0.9 s for
# 200 players, 2.4 s for 300, 4.7 s for 400, 6.3 s for 500 and about 10 s for 998. The trainee's
# tools answer in the request, so they take the fields a trainee practises on (an open of up to
# 200 players) and refuse a larger file before reading it; the tie-break tool, which only
# adds up scores, keeps the reader's own limit (999 players).
MAX_PAIRING_PLAYERS = 200


class TournamentSourceForm(forms.Form):
    """A tournament as an uploaded TRF, a pasted TRF or (if ``grid`` is allowed) a grid.

    ``max_players``: a form whose tool does work that grows with the field refuses a file with
    more player lines, counted before the file is parsed."""

    max_players: int | None = None

    trf_file = forms.FileField(label=gettext_lazy("Fichier TRF"), required=False)
    text = forms.CharField(
        label=gettext_lazy("Ou collez le fichier TRF"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "monospace"}),
        max_length=MAX_BYTES,
    )

    def clean(self):
        data = super().clean()
        upload, text = data.get("trf_file"), data.get("text", "")
        if upload is None and not text.strip():
            raise forms.ValidationError(_("Choisissez un fichier TRF ou collez son contenu."))
        try:
            if upload is not None:
                if upload.size > MAX_BYTES:
                    raise TrfError(_("le fichier dépasse %(size)d kio.") % {"size": MAX_BYTES // 1024})
                raw = upload.read()
                self.check_size(raw)
                data["tournament"] = parse(raw)
            else:
                self.check_size(text)
                data["tournament"] = self.read_text(text)
        except TrfError as error:
            self.add_error("trf_file" if upload is not None else "text", str(error))
        return data

    def read_text(self, text: str) -> TrfTournament:
        return parse(text)

    def check_size(self, data: bytes | str) -> None:
        if self.max_players is None:
            return
        players = count_player_lines(data)
        if players > self.max_players:
            raise TrfError(
                _("ce fichier compte %(count)d joueurs ; cet outil en traite %(max)d au plus, pour "
                  "répondre en une seconde environ. Pour un tournoi plus grand, utilisez un logiciel "
                  "d'appariement homologué par la FIDE.") % {"count": players, "max": self.max_players}
            )


class PairingForm(TournamentSourceForm):
    max_players = MAX_PAIRING_PLAYERS


class CrosstableForm(TournamentSourceForm):
    text = forms.CharField(
        label=gettext_lazy("Ou saisissez la grille (TRF ou « 1 2500 : 8w1 5b0 14b= »)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "class": "monospace"}),
        max_length=MAX_BYTES,
    )
    player = forms.IntegerField(
        label=gettext_lazy("Joueur à détailler"), min_value=1, max_value=9999, required=False
    )

    def read_text(self, text: str) -> TrfTournament:
        if any(line.startswith("001") for line in text.splitlines()):
            return parse(text)
        return parse(grid_to_trf(text))

    def clean(self):
        data = super().clean()
        tournament, player = data.get("tournament"), data.get("player")
        if tournament is not None and player is not None and player not in tournament.numbers():
            self.add_error("player", _("Le joueur %(player)d ne figure pas au tableau.") % {"player": player})
        return data


class CheckForm(TournamentSourceForm):
    max_players = MAX_PAIRING_PLAYERS  # the check pairs the round again to compare
    pairings = forms.CharField(
        label=gettext_lazy("Appariements proposés pour la ronde suivante (facultatif)"),
        help_text=gettext_lazy(
            "Un échiquier par ligne, blancs puis noirs : « 5-1 » ; un exempt : « 14 exempt »."
        ),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        max_length=20_000,
    )

    def clean(self):
        data = super().clean()
        tournament = data.get("tournament")
        if tournament is None or not data.get("pairings", "").strip():
            return data
        try:
            data["proposal"] = parse_pairings(data["pairings"], tournament)
        except TrfError as error:
            self.add_error("pairings", str(error))
        return data


def parse_pairings(text: str, tournament: TrfTournament) -> RoundPairing:
    """Pasted pairings for the round after the file's last one, checked for completeness."""
    from tournaments.swiss.engine import absent_in, rounds_paired

    number = rounds_paired(tournament) + 1
    known, seen = set(tournament.numbers()), {}
    pairs, byes = [], []
    for line_number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line:
            continue
        board = re.fullmatch(r"(\d{1,4})\s*[-–]\s*(\d{1,4})", line)
        bye = re.fullmatch(r"(\d{1,4})\s+(?:exempt|bye)", line, re.IGNORECASE)
        if not board and not bye:
            raise TrfError(_("« 5-1 » ou « 14 exempt » attendu."), line=line_number)
        players = [int(n) for n in (board.groups() if board else bye.groups())]
        for player in players:
            if player not in known:
                raise TrfError(_("le joueur %(player)d n'existe pas.") % {"player": player}, line=line_number)
            if player in seen:
                raise TrfError(
                    _("le joueur %(player)d est déjà apparié ligne %(other)d.")
                    % {"player": player, "other": seen[player]},
                    line=line_number,
                )
            seen[player] = line_number
        if board and players[0] == players[1]:
            raise TrfError(_("un joueur ne joue pas contre lui-même."), line=line_number)
        (pairs.append(tuple(players)) if board else byes.append(players[0]))
    missing = known - set(seen) - absent_in(tournament, number)
    if missing:
        raise TrfError(
            _("joueurs sans appariement : %(players)s.") % {"players": ", ".join(map(str, sorted(missing)))}
        )
    return RoundPairing(number, tuple(pairs), tuple(byes))
