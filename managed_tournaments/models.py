"""A trainee's own Swiss tournament, run as the pairing software runs an open.

The state is kept as the arbiter sees it: players (with their start numbers), rounds paired,
the boards of each round with their results, and byes (the pairing-allocated one, and the
half-point or zero-point byes an arbiter gives for a requested absence or a late entry).
``ManagedTournament.as_trf()`` turns it into the TRF16 model the engine, the checker and the
tie-breaks read; nothing else is computed here.
"""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from tournaments.trf import MAX_ROUNDS, TITLES

MAX_PLAYERS = 200  # a large open; the engine pairs 200 players in under a second


class Acceleration(models.TextChoices):
    NONE = "", _("Aucune")
    HALEY = "haley", _("Haley")
    DEGRESSIF = "degressif", _("Dégressif")
    BAKU = "baku", _("Bakou")


class InitialColour(models.TextChoices):
    WHITE = "white1", _("Blancs au joueur 1")
    BLACK = "black1", _("Noirs au joueur 1")


class Tiebreak(models.TextChoices):
    BUCHHOLZ_CUT = "buchholz_cut", _("Buchholz tronqué")
    BUCHHOLZ = "buchholz", _("Buchholz")
    BUCHHOLZ_MEDIAN = "buchholz_median", _("Buchholz médian")
    SONNEBORN_BERGER = "sonneborn_berger", _("Sonneborn-Berger")
    CUMULATIVE = "cumulative", _("Cumulatif")
    WINS = "wins", _("Nombre de victoires")
    BLACK_GAMES = "black", _("Parties avec les Noirs")
    AVERAGE_RATING = "average_rating", _("Moyenne Elo des adversaires")


DEFAULT_TIEBREAKS = "buchholz_cut,buchholz,sonneborn_berger"


class ManagedTournament(models.Model):
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("propriétaire"),
        on_delete=models.CASCADE,
        related_name="managed_tournaments",
    )
    name = models.CharField(_("nom"), max_length=120)
    planned_rounds = models.PositiveSmallIntegerField(
        _("nombre de rondes"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUNDS)]
    )
    time_control = models.CharField(_("cadence"), max_length=60, blank=True)
    acceleration = models.CharField(
        _("appariements accélérés"), max_length=10, choices=Acceleration.choices, blank=True, default=""
    )
    initial_colour = models.CharField(
        _("couleur initiale"), max_length=6, choices=InitialColour.choices, default=InitialColour.WHITE
    )
    tiebreaks = models.CharField(_("départages"), max_length=200, blank=True, default=DEFAULT_TIEBREAKS)
    created_at = models.DateTimeField(_("créé le"), auto_now_add=True)
    updated_at = models.DateTimeField(_("modifié le"), auto_now=True)
    # Set when the UVT mock that set this tournament is handed in: its state is what was graded,
    # so nothing changes it any more (permissions.locked_for_change, which every change goes
    # through, refuses it under the row lock).
    frozen_at = models.DateTimeField(_("figé le"), null=True, blank=True)

    class Meta:
        verbose_name = _("tournoi géré")
        verbose_name_plural = _("tournois gérés")
        ordering = ["-updated_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(planned_rounds__gte=1) & Q(planned_rounds__lte=MAX_ROUNDS),
                name="managed_tournament_rounds_in_range",
            ),
            models.CheckConstraint(
                condition=Q(acceleration__in=[a.value for a in Acceleration]),
                name="managed_tournament_known_acceleration",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("managed_tournaments:detail", args=[self.pk])

    @property
    def is_frozen(self) -> bool:
        return self.frozen_at is not None

    def mock_part(self):
        """The UVT mock part that set this tournament (practice.ManagedPart), or None."""
        from practice.models import ManagedPart

        return ManagedPart.objects.filter(tournament=self).select_related("attempt").first()

    @property
    def tiebreak_list(self) -> list[str]:
        known = {t.value for t in Tiebreak}
        return [t for t in self.tiebreaks.split(",") if t in known]

    def last_round(self) -> Round | None:
        return self.rounds.order_by("-number").first()

    def last_round_number(self) -> int:
        last = self.last_round()
        return last.number if last else 0

    def is_finished(self) -> bool:
        last = self.last_round()
        return bool(last and last.number == self.planned_rounds and last.is_complete())

    def as_trf(self, *, rounds: int | None = None):
        from managed_tournaments.trf_bridge import to_trf

        return to_trf(self, rounds=rounds)


federation_validator = RegexValidator(r"^[A-Za-z]{3}$", _("Trois lettres, par exemple FRA."))
digits_validator = RegexValidator(r"^\d+$", _("Des chiffres seulement."))
ffe_id_validator = RegexValidator(r"^[A-Za-z]\d{5}$", _("Une lettre et cinq chiffres, par exemple K12345."))


class Player(models.Model):
    tournament = models.ForeignKey(ManagedTournament, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveSmallIntegerField(_("numéro de départ"))
    name = models.CharField(_("nom"), max_length=33)
    rating = models.PositiveSmallIntegerField(
        _("classement Elo"), default=0, validators=[MaxValueValidator(3500)]
    )
    title = models.CharField(
        _("titre"), max_length=3, blank=True, choices=[(t, t) for t in sorted(TITLES) if t]
    )
    sex = models.CharField(
        _("sexe"), max_length=1, blank=True, choices=[("m", _("homme")), ("f", _("femme"))]
    )
    federation = models.CharField(
        _("fédération"), max_length=3, blank=True, validators=[federation_validator]
    )
    fide_id = models.CharField(
        _("identifiant FIDE"), max_length=11, blank=True, validators=[digits_validator]
    )
    ffe_id = models.CharField(
        _("numéro de licence FFE"), max_length=6, blank=True, validators=[ffe_id_validator]
    )
    birth = models.CharField(_("date de naissance"), max_length=10, blank=True)
    withdrawn_from_round = models.PositiveSmallIntegerField(
        _("retiré à partir de la ronde"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("joueur")
        verbose_name_plural = _("joueurs")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="managed_player_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.number}. {self.name}"

    def plays_in(self, round_number: int) -> bool:
        return self.withdrawn_from_round is None or round_number < self.withdrawn_from_round


class Round(models.Model):
    tournament = models.ForeignKey(ManagedTournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("ronde"))
    changed_by_hand = models.BooleanField(_("modifiée à la main"), default=False)
    paired_at = models.DateTimeField(_("appariée le"), auto_now_add=True)

    class Meta:
        verbose_name = _("ronde")
        verbose_name_plural = _("rondes")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="managed_round_unique_number"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} — {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("managed_tournaments:round", args=[self.tournament_id, self.number])

    def is_complete(self) -> bool:
        return not self.boards.filter(result="").exists()

    def has_results(self) -> bool:
        return self.boards.exclude(result="").exists()


class Result(models.TextChoices):
    NONE = "", _("—")
    WHITE_WINS = "1-0", "1-0"
    DRAW = "=", "½-½"
    BLACK_WINS = "0-1", "0-1"
    WHITE_FORFEIT_WIN = "+-", _("1-0 forfait (+/-)")
    BLACK_FORFEIT_WIN = "-+", _("0-1 forfait (-/+)")
    DOUBLE_FORFEIT = "--", _("double forfait (-/-)")


# TRF16 result code of (White, Black) for each result.
TRF_CODES = {
    "": (" ", " "),
    "1-0": ("1", "0"),
    "=": ("=", "="),
    "0-1": ("0", "1"),
    "+-": ("+", "-"),
    "-+": ("-", "+"),
    "--": ("-", "-"),
}


class Board(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="boards")
    number = models.PositiveSmallIntegerField(_("échiquier"))
    white = models.ForeignKey(Player, verbose_name=_("Blancs"), on_delete=models.CASCADE, related_name="+")
    black = models.ForeignKey(Player, verbose_name=_("Noirs"), on_delete=models.CASCADE, related_name="+")
    result = models.CharField(_("résultat"), max_length=3, choices=Result.choices, blank=True, default="")

    class Meta:
        verbose_name = _("échiquier")
        verbose_name_plural = _("échiquiers")
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="managed_board_unique_number"),
            models.CheckConstraint(condition=~Q(white=models.F("black")), name="managed_board_two_players"),
            models.CheckConstraint(
                condition=Q(result__in=[r.value for r in Result]), name="managed_board_known_result"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.white.number}-{self.black.number}"


class ByeKind(models.TextChoices):
    PAIRING = "U", _("exempt (1 point, attribué par l'appariement)")
    HALF = "H", _("bye d'un demi-point")
    ZERO = "Z", _("bye à zéro point")
    FULL = "F", _("bye d'un point (décision de l'arbitre)")  # read from a TRF file only


class Bye(models.Model):
    """A round a player does not play: the pairing-allocated bye of a paired round, or a bye the
    arbiter gives (requested absence, rounds missed by a late entry)."""

    tournament = models.ForeignKey(ManagedTournament, on_delete=models.CASCADE, related_name="byes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="byes")
    round_number = models.PositiveSmallIntegerField(_("ronde"))
    kind = models.CharField(_("nature"), max_length=1, choices=ByeKind.choices)

    class Meta:
        verbose_name = _("bye")
        verbose_name_plural = _("byes")
        ordering = ["round_number", "player__number"]
        constraints = [
            models.UniqueConstraint(fields=["player", "round_number"], name="managed_bye_one_per_round"),
            models.CheckConstraint(
                condition=Q(kind__in=[k.value for k in ByeKind]), name="managed_bye_known_kind"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} — {self.round_number} ({self.kind})"
