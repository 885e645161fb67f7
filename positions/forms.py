from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from positions.engine import AnalysisRequest, Claim
from positions.notation import notation_of_language
from positions.validation import MAX_FEN_LENGTH, MAX_PGN_BYTES


class AnalysisForm(forms.Form):
    """The analysis page and the question editor's panel (field names of CONTRACTS.md)."""

    fen = forms.CharField(
        label=_("Position de départ (FEN)"),
        required=False,
        max_length=MAX_FEN_LENGTH,
        help_text=_("Laissez vide pour la position initiale."),
    )
    moves = forms.CharField(
        label=_("Coups (PGN ou liste SAN/UCI)"),
        required=False,
        max_length=MAX_PGN_BYTES,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text=_(
            "Pièces en notation française : R (roi), D (dame), T (tour), F (fou), C (cavalier), par "
            "exemple Cf3, Txe5, e8=D, 0-0 (O-O est aussi compris). Les coups illégaux sont acceptés : "
            "ils sont rejoués tels "
            "qu'ils ont été joués sur l'échiquier."
        ),
    )
    ply = forms.IntegerField(
        label=_("Analyser jusqu'au demi-coup"),
        required=False,
        min_value=0,
        help_text=_("Laissez vide pour la fin de la partie."),
    )
    rate = forms.ChoiceField(
        label=_("Cadence"),
        choices=[
            ("standard", _("Lente (standard)")),
            ("rapid", _("Rapide (annexe A)")),
            ("blitz", _("Blitz (annexe B)")),
        ],
        initial="standard",
        required=False,
    )
    claim_type = forms.ChoiceField(
        label=_("Réclamation de nulle"),
        choices=[
            ("", _("Aucune")),
            ("threefold", _("Triple répétition (9.2)")),
            ("fifty", _("50 coups (9.3)")),
        ],
        required=False,
    )
    intended_move = forms.CharField(
        label=_("Coup écrit et annoncé (facultatif)"),
        required=False,
        max_length=12,
    )
    flag_fell = forms.ChoiceField(
        label=_("Chute du drapeau"),
        choices=[("", _("Aucune")), ("white", _("Drapeau des Blancs")), ("black", _("Drapeau des Noirs"))],
        required=False,
    )

    def analysis_request(self, *, language: str) -> AnalysisRequest:
        """The engine's request; moves are typed with the interface language's piece letters."""
        data = self.cleaned_data
        claim = None
        if data.get("claim_type"):
            claim = Claim(
                type=data["claim_type"], intended_move=(data.get("intended_move") or "").strip() or None
            )
        return AnalysisRequest(
            fen=data.get("fen") or None,
            pgn=data.get("moves") or None,
            ply=data.get("ply"),
            rate=data.get("rate") or "standard",
            claim=claim,
            flag_fell=data.get("flag_fell") or None,
            language=language,
            notation=notation_of_language(language),
        )
