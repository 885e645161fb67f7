"""The editor's main form: metadata, texts, scenario and the scalar parts of the body."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from positions.notation import movetext_to_san, notation_of_language
from questions.forms.choices import (
    CLAIM_CHOICES,
    CLOCK_RE,
    DIFFICULTY_CHOICES,
    ORIENTATION_CHOICES,
    PGN_HEADER_RE,
    PGN_RESULT_RE,
    RATE_CHOICES,
    SCORING_CHOICES,
    SIDE_CHOICES,
    TEXT_LIMIT,
    TYPE_CHOICES,
    UID_RE,
    UNIT_CHOICES,
    nonblank_lines,
    parse_citation,
    square_list,
)
from questions.forms.computed import add_generator_fields, generator_groups

# Colours are stored by their English names (the diagram palettes' keys); a French author may
# write them in French.
FRENCH_COLOUR_NAMES = {"rouge": "red", "vert": "green", "jaune": "yellow", "bleu": "blue"}


def stored_colour(name: str) -> str:
    """A colour as typed ("rouge", "red") as the diagrams read it ("red")."""
    return FRENCH_COLOUR_NAMES.get(name.strip().lower(), name)


class QuestionForm(forms.Form):
    """Everything of a question except its lists (see the formsets below)."""

    uid = forms.CharField(
        label=_("Identifiant"),
        required=False,
        max_length=100,
        help_text=_("Minuscules, chiffres et tirets ; laissé vide, il est tiré de l'énoncé."),
    )
    type = forms.ChoiceField(label=_("Type de question"), choices=TYPE_CHOICES, initial="single")
    units = forms.MultipleChoiceField(
        label=_("Unités de valeur"), choices=UNIT_CHOICES, widget=forms.CheckboxSelectMultiple
    )
    tags = forms.CharField(
        label=_("Mots-clés"), required=False, max_length=500, help_text=_("Séparés par des virgules.")
    )
    difficulty = forms.TypedChoiceField(
        label=_("Difficulté"), choices=DIFFICULTY_CHOICES, coerce=int, initial=2
    )
    points = forms.DecimalField(
        label=_("Points"), min_value=Decimal("0.25"), max_digits=6, decimal_places=2, initial=1
    )
    negative_marking = forms.BooleanField(
        label=_("Points négatifs pour les mauvaises options"), required=False
    )
    eliminatory = forms.BooleanField(label=_("Faute éliminatoire en cas d'erreur"), required=False)
    # Of the question, not of its versions (``Question.exam_pool``): saved beside the content.
    exam_pool = forms.BooleanField(
        label=_("Réservée aux examens"),
        required=False,
        help_text=_("Jamais proposée à l'entraînement, aux exercices ni aux examens blancs tant que le "
                    "jury d'une session qui l'a posée n'a pas publié la correction."),
    )
    stem_fr = forms.CharField(
        label=_("Énoncé (français)"), widget=forms.Textarea(attrs={"rows": 5}), max_length=TEXT_LIMIT
    )
    stem_en = forms.CharField(
        label=_("Énoncé (anglais)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 5}),
        max_length=TEXT_LIMIT,
        help_text=_("Obligatoire pour les questions d'UVR."),
    )
    explanation_fr = forms.CharField(
        label=_("Explication (français)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=TEXT_LIMIT,
    )
    explanation_en = forms.CharField(
        label=_("Explication (anglais)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=TEXT_LIMIT,
    )
    citations = forms.MultipleChoiceField(
        label=_("Articles cités"), required=False, widget=forms.CheckboxSelectMultiple
    )
    citations_extra = forms.CharField(
        label=_("Ajouter des articles"),
        required=False,
        max_length=500,
        help_text=_("Édition et numéro, séparés par des virgules : 2018:9.2.2, livre:1.2"),
    )
    source = forms.CharField(label=_("Source"), required=False, max_length=300)

    # Scenario. The names are those of the positions app's analyse panel, so the editor can
    # send these fields to it as they are.
    with_scenario = forms.BooleanField(label=_("La question comporte une position"), required=False)
    fen = forms.CharField(label=_("Position de départ (FEN)"), required=False, max_length=120)
    moves = forms.CharField(
        label=_("Coups joués (notation algébrique)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
    )
    ply = forms.IntegerField(
        label=_("Diagramme après le demi-coup n°"),
        required=False,
        min_value=0,
        help_text=_("Vide : après le dernier coup."),
    )
    orientation = forms.ChoiceField(label=_("Orientation"), choices=ORIENTATION_CHOICES, initial="white")
    arrows = forms.CharField(
        label=_("Flèches"), required=False, max_length=200, help_text=_("Ex. : g1f3 e2e4:rouge")
    )
    circles = forms.CharField(label=_("Cercles"), required=False, max_length=200, help_text=_("Ex. : e5 d4"))
    squares = forms.CharField(
        label=_("Cases colorées"), required=False, max_length=200, help_text=_("Ex. : e4=jaune d5=rouge")
    )
    clock_white = forms.CharField(label=_("Pendule des Blancs"), required=False, max_length=12)
    clock_black = forms.CharField(label=_("Pendule des Noirs"), required=False, max_length=12)
    clock_to_move = forms.ChoiceField(label=_("Pendule en marche"), required=False, choices=SIDE_CHOICES)
    rate = forms.ChoiceField(label=_("Cadence"), choices=RATE_CHOICES, initial="standard")
    claim_type = forms.ChoiceField(label=_("Réclamation de nulle"), required=False, choices=CLAIM_CHOICES)
    intended_move = forms.CharField(label=_("Coup annoncé"), required=False, max_length=12)
    flag_fell = forms.ChoiceField(label=_("Drapeau tombé"), required=False, choices=SIDE_CHOICES)

    # Scalar parts of the body, by type.
    shuffle = forms.BooleanField(label=_("Mélanger les options"), required=False, initial=True)
    scoring = forms.ChoiceField(label=_("Notation"), choices=SCORING_CHOICES, initial="all_or_nothing")
    answer = forms.TypedChoiceField(
        label=_("Réponse"),
        required=False,
        choices=[("", "—"), ("true", _("Vrai")), ("false", _("Faux"))],
        coerce=lambda value: value == "true",
        empty_value=None,
    )
    value = forms.DecimalField(label=_("Valeur attendue"), required=False, max_digits=12, decimal_places=4)
    tolerance = forms.DecimalField(
        label=_("Tolérance"), required=False, min_value=0, max_digits=12, decimal_places=4, initial=0
    )
    unit_fr = forms.CharField(label=_("Unité (français)"), required=False, max_length=40)
    unit_en = forms.CharField(label=_("Unité (anglais)"), required=False, max_length=40)
    accepted = forms.CharField(
        label=_("Réponses acceptées (français)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Une par ligne ; casse, accents et ponctuation sont ignorés."),
    )
    accepted_en = forms.CharField(
        label=_("Réponses acceptées (anglais)"), required=False, widget=forms.Textarea(attrs={"rows": 3})
    )
    model_answer_fr = forms.CharField(
        label=_("Réponse modèle (français)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=TEXT_LIMIT,
    )
    model_answer_en = forms.CharField(
        label=_("Réponse modèle (anglais)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 4}),
        max_length=TEXT_LIMIT,
    )
    # A pairing question's body as the bank format writes it (questions/data/FORMAT.md).
    pairing_body = forms.CharField(
        label=_("Tournoi et barème (JSON du format de la banque)"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 12, "class": "monospace", "spellcheck": "false"}),
        max_length=80_000,
    )
    # A new question is worth 1 point: by default it all goes to the decision.
    decision_points = forms.DecimalField(
        label=_("Points de la décision"), required=False, min_value=0, max_digits=6, decimal_places=2,
        initial=1,
    )
    sanction_points = forms.DecimalField(
        label=_("Points des sanctions"), required=False, min_value=0, max_digits=6, decimal_places=2,
        initial=0,
    )

    def __init__(self, *args, citation_labels: dict[str, str] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        # The citations already chosen are the choices: the article picker adds more
        # (each as a checked box) and the free text field accepts typed ones.
        chosen: list[str] = []
        if self.is_bound:
            chosen = self.data.getlist("citations") if hasattr(self.data, "getlist") else []
        else:
            chosen = list(self.initial.get("citations") or [])
        labels = citation_labels or {}
        self.fields["citations"].choices = [
            (value, labels.get(value, value)) for value in dict.fromkeys(chosen)
        ]
        add_generator_fields(self)

    def generator_groups(self):
        return generator_groups(self)

    def clean_uid(self) -> str:
        uid = self.cleaned_data["uid"].strip().lower()
        if uid and not UID_RE.match(uid):
            raise ValidationError(_("Seulement des minuscules non accentuées, des chiffres et des tirets."))
        return uid

    def clean_tags(self) -> list[str]:
        return list(dict.fromkeys(tag.strip() for tag in self.cleaned_data["tags"].split(",") if tag.strip()))

    def clean_citations_extra(self) -> list[dict[str, str]]:
        citations = []
        for part in self.cleaned_data["citations_extra"].split(","):
            if not part.strip():
                continue
            citation = parse_citation(part)
            if citation is None:
                raise ValidationError(
                    _(
                        "« %(text)s » n'est pas une citation : écrivez l'édition et le numéro, "
                        "par exemple 2018:9.2.2."
                    )
                    % {"text": part.strip()}
                )
            citations.append(citation)
        return citations

    def clean_moves(self) -> str:
        moves = self.cleaned_data["moves"]
        # An unclosed comment would silently swallow every move after it.
        if moves.count("{") != moves.count("}"):
            raise ValidationError(_("Un commentaire entre accolades { … } n'est pas fermé."))
        # A whole PGN pasted: the bank keeps the movetext; its [FEN] header becomes the start
        # position (see clean()).
        headers = dict(PGN_HEADER_RE.findall(moves))
        # Typed with the interface's piece letters (Cf3, Th2, Rf1 in French), stored in SAN; a
        # whole PGN file is SAN already (the PGN standard), whatever the interface.
        notation = "en" if headers else notation_of_language()
        if headers:
            self.pgn_fen = headers.get("FEN", "").strip()
            moves = PGN_HEADER_RE.sub("", moves)
        return movetext_to_san(PGN_RESULT_RE.sub("", moves).strip(), notation)

    def _clean_clock(self, name: str) -> str:
        value = self.cleaned_data[name].strip()
        if value and not CLOCK_RE.match(value):
            raise ValidationError(
                _("Écrivez le temps restant en h:mm:ss ou mm:ss, par exemple 0:04:10 ou 04:10.")
            )
        return value

    def clean_clock_white(self) -> str:
        return self._clean_clock("clock_white")

    def clean_clock_black(self) -> str:
        return self._clean_clock("clock_black")

    def clean_squares(self) -> dict[str, str]:
        squares = {}
        for item in square_list(self.cleaned_data["squares"]):
            square, _sep, colour = item.partition("=")
            if not re.fullmatch(r"[a-h][1-8]", square) or not colour:
                raise ValidationError(_("Écrivez case=couleur, par exemple e4=jaune."))
            squares[square] = stored_colour(colour)
        return squares

    def clean_arrows(self) -> list[str]:
        arrows = square_list(self.cleaned_data["arrows"])
        for arrow in arrows:
            if not re.fullmatch(r"[a-h][1-8][a-h][1-8](:[a-z]+)?", arrow):
                raise ValidationError(
                    _("« %(arrow)s » n'est pas une flèche : écrivez départ et arrivée, par exemple g1f3.")
                    % {"arrow": arrow}
                )
        return [
            f"{move}:{stored_colour(colour)}" if colour else move
            for move, _sep, colour in (arrow.partition(":") for arrow in arrows)
        ]

    def clean_circles(self) -> list[str]:
        circles = square_list(self.cleaned_data["circles"])
        for circle in circles:
            if not re.fullmatch(r"[a-h][1-8]", circle):
                raise ValidationError(_("« %(square)s » n'est pas une case.") % {"square": circle})
        return circles

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        pgn_fen = getattr(self, "pgn_fen", "")
        if pgn_fen:
            if not (cleaned.get("fen") or "").strip():
                cleaned["fen"] = pgn_fen
            elif cleaned["fen"].strip() != pgn_fen:
                message = _("L'en-tête [FEN] du PGN ne correspond pas à la position de départ.")
                self.add_error("moves", message)
        kind = cleaned.get("type")
        if kind == "truefalse" and cleaned.get("answer") is None:
            self.add_error("answer", _("Indiquez si l'affirmation est vraie ou fausse."))
        if kind == "numeric" and cleaned.get("value") is None:
            self.add_error("value", _("Indiquez la valeur attendue."))
        if kind == "short" and not nonblank_lines(cleaned.get("accepted", "")):
            self.add_error("accepted", _("Donnez au moins une réponse acceptée."))
        if kind == "pairing":
            try:
                body = json.loads(cleaned.get("pairing_body") or "")
            except ValueError as error:
                message = _("Ce n'est pas du JSON valide : %(error)s") % {"error": error}
                self.add_error("pairing_body", message)
            else:
                if not isinstance(body, dict):
                    self.add_error("pairing_body", _("Le contenu est un objet JSON ({…})."))
        if kind == "computed" and not cleaned.get("generator"):
            self.add_error("generator", _("Choisissez le générateur de la question calculée."))
        if kind == "ruling":
            for name in ("decision_points", "sanction_points"):
                if cleaned.get(name) is None:
                    self.add_error(name, _("Ce champ est obligatoire pour une décision d'arbitrage."))
        if "UVR" in (cleaned.get("units") or []) and not (cleaned.get("stem_en") or "").strip():
            self.add_error("stem_en", _("Une question d'UVR doit aussi être rédigée en anglais."))
        return cleaned
