"""Forms of the trainer-facing pages of the question bank.

The editor is one ``QuestionForm`` (metadata, texts, scenario and the scalar parts of the
body) plus four formsets for the lists (options, rubric, decisions, sanctions). Together
they read and write a question in the bank's own format (``questions/data/FORMAT.md``):
``content_from_forms`` builds that dict, ``initial_from_content`` goes the other way, so the
services and the engine check only ever see the documented format.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from django import forms
from django.core.exceptions import ValidationError
from django.forms import formset_factory
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from positions.notation import move_to_san, moves_in_language, movetext_to_san, notation_of_language

UID_RE = re.compile(r"^[a-z0-9][a-z0-9-]*$")
PGN_HEADER_RE = re.compile(
    r'^[ \t]*\[([A-Za-z0-9_]+)[ \t]+"((?:[^"\\]|\\.)*)"[ \t]*\][ \t]*(?:\r?\n|$)', re.MULTILINE
)
PGN_RESULT_RE = re.compile(r"\s*(?:1-0|0-1|1/2-1/2|\*)\s*$")
CLOCK_RE = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?(?:\.\d)?$")
# A stem, an explanation or a model answer is a few paragraphs; far more is a paste gone wrong.
TEXT_LIMIT = 10_000
CITATION_RE = re.compile(r"^(?P<edition>[A-Za-z0-9]+)[\s:]+(?:art\.?\s*)?(?P<article>[A-Za-z0-9.]+)$")

TYPE_CHOICES = [
    ("single", _("Choix unique")),
    ("multiple", _("Choix multiple")),
    ("truefalse", _("Vrai ou faux")),
    ("numeric", _("Réponse numérique")),
    ("short", _("Réponse courte")),
    ("open", _("Question ouverte (corrigée à la main)")),
    ("ruling", _("Décision d'arbitrage")),
]
CHOICE_TYPES = {"single", "multiple"}
UNIT_CHOICES = [("UVR", "UVR"), ("UVC", "UVC"), ("UVO", "UVO"), ("UVT", "UVT")]
DIFFICULTY_CHOICES = [(1, _("1 — facile")), (2, _("2 — moyenne")), (3, _("3 — difficile"))]
RATE_CHOICES = [
    ("standard", pgettext_lazy("cadence", "Standard")),
    ("rapid", pgettext_lazy("cadence", "Rapide")),
    ("blitz", pgettext_lazy("cadence", "Blitz")),
]
ORIENTATION_CHOICES = [("white", _("Blancs en bas")), ("black", _("Noirs en bas"))]
SIDE_CHOICES = [("", "—"), ("white", _("Blancs")), ("black", _("Noirs"))]
CLAIM_CHOICES = [
    ("", _("Aucune réclamation")),
    ("threefold", _("Triple répétition")),
    ("fifty", _("Règle des 50 coups")),
]
SCORING_CHOICES = [
    ("all_or_nothing", _("Tout ou rien")),
    ("partial", _("Partiel (chaque bonne option rapporte sa part)")),
]
OUTCOME_CHOICES = [
    ("game_continues", _("La partie continue")),
    ("draw", _("Partie nulle")),
    ("white_wins", _("Les Blancs gagnent")),
    ("black_wins", _("Les Noirs gagnent")),
    ("both_lose", _("Les deux joueurs perdent")),
    ("other", pgettext_lazy("décision", "Autre")),
]
ACTION_CHOICES = [
    ("none", _("Aucune sanction")),
    ("warning", _("Avertissement")),
    ("add_two_minutes_opponent", _("Deux minutes ajoutées à l'adversaire")),
    ("add_time_opponent", _("Temps ajouté à l'adversaire")),
    ("restore_position", _("Rétablir la position")),
    ("play_intended_move", _("Jouer le coup annoncé")),
    ("play_touched_piece", _("Jouer la pièce touchée")),
    ("capture_touched_piece", _("Prendre la pièce touchée")),
    ("complete_move_with_king", _("Compléter le coup avec le roi")),
    ("replace_promoted_piece", _("Remplacer la pièce de promotion")),
    ("deduct_time", _("Retirer du temps au fautif")),
    ("forfeit_game", _("Partie perdue par forfait")),
    ("expel", _("Exclusion de la compétition")),
    ("report_to_federation", _("Rapport à la fédération")),
    ("other", pgettext_lazy("sanction", "Autre")),
]
FILTER_STATUS_CHOICES = [
    ("", _("Tous")),
    ("draft", _("Brouillon")),
    ("in_review", _("En relecture")),
    ("published", _("Publiée")),
    ("retired", _("Retirée")),
]
EXPORT_FORMAT_CHOICES = [
    ("json", _("JSON (format Arbitre, sans perte)")),
    ("moodlexml", _("Moodle XML")),
    ("gift", _("GIFT")),
]


def _lines(text: str) -> list[str]:
    return [line.strip() for line in (text or "").splitlines() if line.strip()]


def _square_list(text: str) -> list[str]:
    return [item for item in re.split(r"[\s,;]+", text or "") if item]


def parse_citation(text: str) -> dict[str, str] | None:
    """``"2018:4.3.1"``, ``"2018 4.3.1"`` or ``"2018 art. 4.3.1"`` → a citation dict."""
    match = CITATION_RE.match((text or "").strip())
    if not match:
        return None
    return {"edition": match["edition"].lower(), "article": match["article"].rstrip(".")}


def format_citation(citation: dict[str, str]) -> str:
    return f"{citation['edition']}:{citation['article']}"


# --- The bank list ------------------------------------------------------------------------


class BankFilterForm(forms.Form):
    """The list's filters. Read from GET, so a filtered page can be bookmarked or shared."""

    q = forms.CharField(label=_("Rechercher dans l'énoncé"), required=False, max_length=200)
    unit = forms.ChoiceField(label=_("Unité"), required=False, choices=[("", _("Toutes")), *UNIT_CHOICES])
    type = forms.ChoiceField(label=_("Type"), required=False, choices=[("", _("Tous")), *TYPE_CHOICES])
    status = forms.ChoiceField(label=_("Statut"), required=False, choices=FILTER_STATUS_CHOICES)
    tag = forms.CharField(label=_("Mot-clé"), required=False, max_length=100)
    article = forms.CharField(
        label=_("Article cité"),
        required=False,
        max_length=40,
        help_text=_("Par exemple 9.2.2 ou 2018:9.2.2"),
    )
    author = forms.TypedChoiceField(label=_("Auteur"), required=False, coerce=int, empty_value=None)
    difficulty = forms.TypedChoiceField(
        label=_("Difficulté"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", _("Toutes")), *DIFFICULTY_CHOICES],
    )
    needs_review = forms.BooleanField(label=_("À revoir (règlement modifié)"), required=False)

    def __init__(self, *args, authors: list[tuple[int, str]] | None = None, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["author"].choices = [("", _("Tous")), *(authors or [])]

    def clean_article(self) -> dict[str, str] | None:
        value = self.cleaned_data["article"].strip()
        if not value:
            return None
        citation = parse_citation(value)
        if citation:
            return citation
        if re.fullmatch(r"[A-Za-z0-9.]+", value):
            return {"edition": "", "article": value.rstrip(".")}
        raise ValidationError(_("Numéro d'article non reconnu : écrivez par exemple 9.2.2 ou 2018:9.2.2."))


class ExportForm(forms.Form):
    format = forms.ChoiceField(label=_("Format"), choices=EXPORT_FORMAT_CHOICES, initial="json")


class ImportForm(forms.Form):
    MAX_BYTES = 5 * 1024 * 1024

    file = forms.FileField(
        label=_("Fichier à importer"),
        help_text=_("JSON (format Arbitre), Moodle XML ou GIFT ; 5 Mo au plus."),
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=[("", _("Deviner d'après l'extension")), *EXPORT_FORMAT_CHOICES],
        required=False,
    )
    default_unit = forms.ChoiceField(
        label=_("Unité des questions qui n'en indiquent pas"),
        choices=[("", _("Aucune : refuser ces questions")), *UNIT_CHOICES],
        required=False,
        help_text=_("Les fichiers GIFT et Moodle XML venus d'ailleurs ne disent pas à quelle unité de valeur "
                    "appartient chaque question."),
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload is None:
            return cleaned
        if upload.size > self.MAX_BYTES:
            raise ValidationError(_("Le fichier dépasse 5 Mo."))
        chosen = cleaned.get("format")
        if not chosen:
            name = upload.name.lower()
            if name.endswith(".json"):
                chosen = "json"
            elif name.endswith(".xml"):
                chosen = "moodlexml"
            elif name.endswith((".gift", ".txt")):
                chosen = "gift"
            else:
                self.add_error("format", _("Extension inconnue : choisissez le format du fichier."))
                return cleaned
        raw = upload.read()
        try:
            cleaned["text"] = raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            self.add_error("file", _("Le fichier n'est pas encodé en UTF-8."))
            return cleaned
        cleaned["format"] = chosen
        return cleaned


# --- Workflow -------------------------------------------------------------------------------


class CommentForm(forms.Form):
    text = forms.CharField(
        label=_("Commentaire"),
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        strip=True,
    )


class ReviewDecisionForm(forms.Form):
    """Approving or asking for changes; a comment is required to ask for changes."""

    text = forms.CharField(
        label=_("Message à l'auteur"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 3}),
        max_length=5000,
        help_text=_("Facultatif pour approuver ; obligatoire pour demander des modifications."),
    )

    def __init__(self, *args, **kwargs):
        # The review page also shows the comment form, whose field is named "text" as well.
        kwargs.setdefault("auto_id", "id_decision_%s")
        super().__init__(*args, **kwargs)


# --- The editor -----------------------------------------------------------------------------


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
        label=_("Flèches"), required=False, max_length=200, help_text=_("Ex. : g1f3 e2e4:red")
    )
    circles = forms.CharField(label=_("Cercles"), required=False, max_length=200, help_text=_("Ex. : e5 d4"))
    squares = forms.CharField(
        label=_("Cases colorées"), required=False, max_length=200, help_text=_("Ex. : e4=yellow d5=red")
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
        for item in _square_list(self.cleaned_data["squares"]):
            square, _sep, colour = item.partition("=")
            if not re.fullmatch(r"[a-h][1-8]", square) or not colour:
                raise ValidationError(_("Écrivez case=couleur, par exemple e4=yellow."))
            squares[square] = colour
        return squares

    def clean_arrows(self) -> list[str]:
        arrows = _square_list(self.cleaned_data["arrows"])
        for arrow in arrows:
            if not re.fullmatch(r"[a-h][1-8][a-h][1-8](:[a-z]+)?", arrow):
                raise ValidationError(
                    _("« %(arrow)s » n'est pas une flèche : écrivez départ et arrivée, par exemple g1f3.")
                    % {"arrow": arrow}
                )
        return arrows

    def clean_circles(self) -> list[str]:
        circles = _square_list(self.cleaned_data["circles"])
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
        if kind == "short" and not _lines(cleaned.get("accepted", "")):
            self.add_error("accepted", _("Donnez au moins une réponse acceptée."))
        if kind == "ruling":
            for name in ("decision_points", "sanction_points"):
                if cleaned.get(name) is None:
                    self.add_error(name, _("Ce champ est obligatoire pour une décision d'arbitrage."))
        if "UVR" in (cleaned.get("units") or []) and not (cleaned.get("stem_en") or "").strip():
            self.add_error("stem_en", _("Une question d'UVR doit aussi être rédigée en anglais."))
        return cleaned


class _RowForm(forms.Form):
    """A row of one of the editor's lists. Blank rows are ignored, so spare rows are harmless."""

    meaningful_fields: tuple[str, ...] = ()

    def is_blank(self) -> bool:
        data = self.cleaned_data if hasattr(self, "cleaned_data") else {}
        return not any(data.get(name) not in (None, "", False) for name in self.meaningful_fields)


class OptionForm(_RowForm):
    key = forms.CharField(label=_("Clé"), required=False, max_length=20)
    text_fr = forms.CharField(label=_("Texte (français)"), required=False, max_length=1000)
    text_en = forms.CharField(label=_("Texte (anglais)"), required=False, max_length=1000)
    correct = forms.BooleanField(label=_("Correcte"), required=False)
    feedback_fr = forms.CharField(label=_("Commentaire (français)"), required=False, max_length=1000)
    feedback_en = forms.CharField(label=_("Commentaire (anglais)"), required=False, max_length=1000)
    meaningful_fields = ("text_fr", "text_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank() and not cleaned.get("text_fr"):
            self.add_error("text_fr", _("Le texte en français est obligatoire."))
        return cleaned


class RubricForm(_RowForm):
    criterion_fr = forms.CharField(label=_("Critère (français)"), required=False, max_length=1000)
    criterion_en = forms.CharField(label=_("Critère (anglais)"), required=False, max_length=1000)
    points = forms.DecimalField(
        label=_("Points"), required=False, min_value=0, max_digits=6, decimal_places=2
    )
    meaningful_fields = ("criterion_fr", "criterion_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank():
            if not cleaned.get("criterion_fr"):
                self.add_error("criterion_fr", _("Le critère en français est obligatoire."))
            if cleaned.get("points") is None:
                self.add_error("points", _("Indiquez les points de ce critère."))
        return cleaned


class DecisionForm(_RowForm):
    key = forms.CharField(label=_("Clé"), required=False, max_length=40)
    outcome = forms.ChoiceField(label=_("Issue"), required=False, choices=[("", "—"), *OUTCOME_CHOICES])
    text_fr = forms.CharField(label=_("Texte (français)"), required=False, max_length=1000)
    text_en = forms.CharField(label=_("Texte (anglais)"), required=False, max_length=1000)
    correct = forms.BooleanField(label=_("Correcte"), required=False)
    meaningful_fields = ("text_fr", "text_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank():
            if not cleaned.get("text_fr"):
                self.add_error("text_fr", _("Le texte en français est obligatoire."))
            if not cleaned.get("outcome"):
                self.add_error("outcome", _("Choisissez l'issue de la partie."))
        return cleaned


class SanctionForm(_RowForm):
    key = forms.CharField(label=_("Clé"), required=False, max_length=40)
    action = forms.ChoiceField(label=_("Action"), required=False, choices=[("", "—"), *ACTION_CHOICES])
    text_fr = forms.CharField(label=_("Texte (français)"), required=False, max_length=1000)
    text_en = forms.CharField(label=_("Texte (anglais)"), required=False, max_length=1000)
    correct = forms.BooleanField(label=_("Correcte"), required=False)
    meaningful_fields = ("text_fr", "text_en")

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean()
        if not self.is_blank():
            if not cleaned.get("text_fr"):
                self.add_error("text_fr", _("Le texte en français est obligatoire."))
            if not cleaned.get("action"):
                self.add_error("action", _("Choisissez l'action."))
        return cleaned


OptionFormSet = formset_factory(OptionForm, extra=0, can_delete=True, max_num=26, validate_max=True)
RubricFormSet = formset_factory(RubricForm, extra=0, can_delete=True, max_num=30, validate_max=True)
DecisionFormSet = formset_factory(DecisionForm, extra=0, can_delete=True, max_num=20, validate_max=True)
SanctionFormSet = formset_factory(SanctionForm, extra=0, can_delete=True, max_num=20, validate_max=True)

# How many blank rows each list offers, so the editor works without JavaScript.
SPARE_ROWS = 2
LIST_FORMSETS = {
    "options": OptionFormSet,
    "rubric": RubricFormSet,
    "decisions": DecisionFormSet,
    "sanctions": SanctionFormSet,
}
# A ruling always offers "no sanction" as a choice of its own (FORMAT.md).
NO_SANCTION = {
    "key": "none",
    "action": "none",
    "text_fr": "Aucune sanction",
    "text_en": "No sanction",
    "correct": False,
}
# Each list's minimum number of rows on a new question.
NEW_QUESTION_ROWS = {"options": 4, "rubric": 2, "decisions": 3, "sanctions": 3}


class QuestionEditor:
    """The editor's form and formsets, bound or not, and the question dict they describe."""

    def __init__(
        self,
        data=None,
        *,
        content: dict[str, Any] | None = None,
        citation_labels: dict[str, str] | None = None,
    ) -> None:
        self.is_bound = data is not None
        self.list_errors: dict[str, list[str]] = {}
        self._kept_rows: dict[str, list[forms.Form]] = {}
        initial, lists = initial_from_content(content) if content else ({}, {"sanctions": [NO_SANCTION]})
        if self.is_bound:
            self.form = QuestionForm(data, citation_labels=citation_labels)
        else:
            self.form = QuestionForm(initial=initial, citation_labels=citation_labels)
        self.formsets = {}
        for name, formset_class in LIST_FORMSETS.items():
            if self.is_bound:
                formset = formset_class(data, prefix=name)
            else:
                rows = lists.get(name, [])
                formset_class_extra = formset_factory(
                    formset_class.form,
                    extra=max(SPARE_ROWS, (NEW_QUESTION_ROWS[name] if not content else 0) - len(rows)),
                    can_delete=True,
                    max_num=formset_class.max_num,
                    validate_max=True,
                )
                formset = formset_class_extra(initial=rows, prefix=name)
            self.formsets[name] = formset

    def __getitem__(self, name: str):
        return self.formsets[name]

    @property
    def options(self):
        return self.formsets["options"]

    @property
    def rubric(self):
        return self.formsets["rubric"]

    @property
    def decisions(self):
        return self.formsets["decisions"]

    @property
    def sanctions(self):
        return self.formsets["sanctions"]

    def relevant_lists(self, kind: str | None) -> list[str]:
        if kind in CHOICE_TYPES:
            return ["options"]
        if kind == "open":
            return ["rubric"]
        if kind == "ruling":
            return ["decisions", "sanctions"]
        return []

    def is_valid(self) -> bool:
        valid = self.form.is_valid()
        kind = self.form.cleaned_data.get("type") if hasattr(self.form, "cleaned_data") else None
        for name in self.relevant_lists(kind):
            valid = self.formsets[name].is_valid() and valid
        if valid:
            valid = self._check_lists(kind)
        return valid

    @property
    def has_list_errors(self) -> bool:
        """Whether a list of the question's type (options, rubric, decisions…) has an error."""
        if not self.is_bound:
            return False
        kind = self.form.cleaned_data.get("type") if hasattr(self.form, "cleaned_data") else None
        return any(self.list_errors.values()) or any(
            self.formsets[name].total_error_count() for name in self.relevant_lists(kind)
        )

    def _rows(self, name: str) -> list[dict[str, Any]]:
        """The list's rows that count: filled in and not marked for removal."""
        rows, kept = [], []
        for row in self.formsets[name].forms:
            data = getattr(row, "cleaned_data", None)
            if not data or data.get("DELETE") or row.is_blank():
                continue
            rows.append({key: value for key, value in data.items() if key != "DELETE"})
            kept.append(row)
        self._kept_rows[name] = kept
        return rows

    def add_list_error(
        self, name: str, message: str, *, row: int | None = None, field: str | None = None
    ) -> None:
        """An error about a list (``row`` is None) or one of its rows, counted as in the content."""
        kept = self._kept_rows.get(name)
        if kept is None:
            self._rows(name)
            kept = self._kept_rows.get(name, [])
        if row is not None and row < len(kept):
            form = kept[row]
            form.add_error(field if field in form.fields else None, message)
        else:
            self.list_errors.setdefault(name, []).append(message)

    def _check_lists(self, kind: str | None) -> bool:
        """Rules that span rows: a form error so it shows above the list."""
        errors: list[tuple[str, str]] = []
        if kind in CHOICE_TYPES:
            options = self._rows("options")
            correct = sum(1 for option in options if option["correct"])
            if len(options) < 2:
                errors.append(("options", _("Proposez au moins deux options.")))
            elif kind == "single" and correct != 1:
                errors.append(("options", _("Une question à choix unique a exactement une option correcte.")))
            elif kind == "multiple" and correct < 1:
                errors.append(("options", _("Cochez au moins une option correcte.")))
        if kind == "open":
            rubric = self._rows("rubric")
            total = sum((row["points"] for row in rubric), Decimal(0))
            points = self.form.cleaned_data.get("points")
            if rubric and points is not None and total != points:
                errors.append(
                    (
                        "rubric",
                        _(
                            "Les points du barème (%(total)s) doivent faire le total "
                            "de la question (%(points)s)."
                        )
                        % {"total": _number(total), "points": _number(points)},
                    )
                )
        if kind == "ruling":
            decisions = self._rows("decisions")
            if sum(1 for row in decisions if row["correct"]) != 1:
                errors.append(("decisions", _("Exactement une décision doit être correcte.")))
            if not self._rows("sanctions"):
                errors.append(
                    ("sanctions", _("Proposez au moins une sanction (par exemple « Aucune sanction »)."))
                )
            cleaned = self.form.cleaned_data
            total = (cleaned.get("decision_points") or 0) + (cleaned.get("sanction_points") or 0)
            if cleaned.get("points") is not None and total != cleaned["points"]:
                errors.append(
                    (
                        "decision_points",
                        _(
                            "Points de la décision + points des sanctions doivent égaler "
                            "les points de la question."
                        ),
                    )
                )
        for name, message in errors:
            if name in LIST_FORMSETS:
                self.list_errors.setdefault(name, []).append(message)
            else:
                self.form.add_error(name, message)
        return not errors

    def content(self) -> dict[str, Any]:
        """The question in the bank format. Call after ``is_valid()`` returned True."""
        return content_from_cleaned(
            self.form.cleaned_data, {name: self._rows(name) for name in LIST_FORMSETS}
        )

    def draft_content(self) -> dict[str, Any]:
        """Whatever can be read from the bound data, valid or not: for the live preview."""
        self.form.is_valid()
        for formset in self.formsets.values():
            formset.is_valid()
        cleaned = dict(getattr(self.form, "cleaned_data", {}) or {})
        data = self.form.data
        # Fields that failed validation are missing from cleaned_data: fall back on raw text
        # so the preview shows what the trainer is typing.
        for name in ("stem_fr", "stem_en", "type", "fen", "moves", "orientation", "rate"):
            cleaned.setdefault(name, data.get(name, ""))
        cleaned.setdefault("units", data.getlist("units") if hasattr(data, "getlist") else [])
        for name in ("arrows", "circles"):
            cleaned.setdefault(name, [])
        cleaned.setdefault("squares", {})
        return content_from_cleaned(cleaned, {name: self._rows(name) for name in LIST_FORMSETS})


def _number(value: Decimal | int | float | None) -> int | float | None:
    if value is None:
        return None
    value = Decimal(value)
    return int(value) if value == value.to_integral_value() else float(value)


def _auto_key(index: int) -> str:
    return "abcdefghijklmnopqrstuvwxyz"[index] if index < 26 else f"k{index}"


def content_from_cleaned(cleaned: dict[str, Any], lists: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    kind = cleaned.get("type") or "single"
    citations = [parse_citation(value) for value in cleaned.get("citations") or []]
    citations = [citation for citation in citations if citation]
    for citation in cleaned.get("citations_extra") or []:
        if citation not in citations:
            citations.append(citation)
    content: dict[str, Any] = {
        "uid": cleaned.get("uid") or "",
        "type": kind,
        "units": list(cleaned.get("units") or []),
        "tags": list(cleaned.get("tags") or []) if isinstance(cleaned.get("tags"), list) else [],
        "difficulty": cleaned.get("difficulty") or 2,
        "points": _number(cleaned.get("points")) or 1,
        "negative_marking": bool(cleaned.get("negative_marking")),
        "eliminatory": bool(cleaned.get("eliminatory")),
        "stem_fr": cleaned.get("stem_fr") or "",
        "stem_en": cleaned.get("stem_en") or "",
        "explanation_fr": cleaned.get("explanation_fr") or "",
        "explanation_en": cleaned.get("explanation_en") or "",
        "citations": citations,
        "source": cleaned.get("source") or "",
        "scenario": _scenario_from_cleaned(cleaned),
        "body": _body_from_cleaned(kind, cleaned, lists),
    }
    return content


def _scenario_from_cleaned(cleaned: dict[str, Any]) -> dict[str, Any] | None:
    fen = (cleaned.get("fen") or "").strip()
    moves = (cleaned.get("moves") or "").strip()
    # Any part of a scenario makes one: a flag fall in the initial position has no FEN or moves.
    parts = (
        "with_scenario",
        "claim_type",
        "flag_fell",
        "clock_white",
        "clock_black",
        "arrows",
        "circles",
        "squares",
    )
    if not fen and not moves and not any(cleaned.get(name) for name in parts):
        return None
    scenario: dict[str, Any] = {
        "fen": fen,
        "moves": moves,
        "orientation": cleaned.get("orientation") or "white",
        "rate": cleaned.get("rate") or "standard",
    }
    if cleaned.get("ply") is not None:
        scenario["ply"] = cleaned["ply"]
    for name in ("arrows", "circles"):
        if cleaned.get(name):
            scenario[name] = list(cleaned[name])
    if cleaned.get("squares"):
        scenario["squares"] = dict(cleaned["squares"])
    if cleaned.get("clock_white") or cleaned.get("clock_black"):
        scenario["clocks"] = {
            "white": cleaned.get("clock_white") or "",
            "black": cleaned.get("clock_black") or "",
        }
        if cleaned.get("clock_to_move"):
            # Stopped clocks have no side "to move": the key is left out, not set to "".
            scenario["clocks"]["to_move"] = cleaned["clock_to_move"]
    if cleaned.get("claim_type"):
        scenario["claim"] = {
            "type": cleaned["claim_type"],
            "intended_move": move_to_san(cleaned.get("intended_move") or "", notation_of_language()) or None,
        }
    if cleaned.get("flag_fell"):
        scenario["flag_fell"] = cleaned["flag_fell"]
    return scenario


def _body_from_cleaned(
    kind: str, cleaned: dict[str, Any], lists: dict[str, list[dict[str, Any]]]
) -> dict[str, Any]:
    if kind in CHOICE_TYPES:
        options = []
        for index, row in enumerate(lists.get("options", [])):
            options.append(
                {
                    "key": (row.get("key") or "").strip() or _auto_key(index),
                    "text_fr": row.get("text_fr") or "",
                    "text_en": row.get("text_en") or "",
                    "correct": bool(row.get("correct")),
                    "feedback_fr": row.get("feedback_fr") or "",
                    "feedback_en": row.get("feedback_en") or "",
                }
            )
        body: dict[str, Any] = {"options": options, "shuffle": bool(cleaned.get("shuffle"))}
        if kind == "multiple":
            body["scoring"] = cleaned.get("scoring") or "all_or_nothing"
        return body
    if kind == "truefalse":
        return {"answer": cleaned.get("answer")}
    if kind == "numeric":
        return {
            "value": _number(cleaned.get("value")),
            "tolerance": _number(cleaned.get("tolerance")) or 0,
            "unit_fr": cleaned.get("unit_fr") or "",
            "unit_en": cleaned.get("unit_en") or "",
        }
    if kind == "short":
        return {
            "accepted": _lines(cleaned.get("accepted", "")),
            "accepted_en": _lines(cleaned.get("accepted_en", "")),
        }
    if kind == "open":
        return {
            "model_answer_fr": cleaned.get("model_answer_fr") or "",
            "model_answer_en": cleaned.get("model_answer_en") or "",
            "rubric": [
                {
                    "criterion_fr": row.get("criterion_fr") or "",
                    "criterion_en": row.get("criterion_en") or "",
                    "points": _number(row.get("points")) or 0,
                }
                for row in lists.get("rubric", [])
            ],
        }
    if kind == "ruling":
        return {
            "decisions": [
                {
                    "key": (row.get("key") or "").strip() or f"d{index + 1}",
                    "outcome": row.get("outcome") or "other",
                    "text_fr": row.get("text_fr") or "",
                    "text_en": row.get("text_en") or "",
                    "correct": bool(row.get("correct")),
                }
                for index, row in enumerate(lists.get("decisions", []))
            ],
            "sanctions": [
                {
                    "key": (row.get("key") or "").strip() or f"s{index + 1}",
                    "action": row.get("action") or "other",
                    "text_fr": row.get("text_fr") or "",
                    "text_en": row.get("text_en") or "",
                    "correct": bool(row.get("correct")),
                }
                for index, row in enumerate(lists.get("sanctions", []))
            ],
            "decision_points": _number(cleaned.get("decision_points")) or 0,
            "sanction_points": _number(cleaned.get("sanction_points")) or 0,
        }
    return {}


def initial_from_content(content: dict[str, Any]) -> tuple[dict[str, Any], dict[str, list[dict[str, Any]]]]:
    """The editor's initial values and list rows for a question in the bank format."""
    scenario = content.get("scenario") or {}
    body = content.get("body") or {}
    clocks = scenario.get("clocks") or {}
    claim = scenario.get("claim") or {}
    initial: dict[str, Any] = {
        "uid": content.get("uid", ""),
        "type": content.get("type", "single"),
        "units": list(content.get("units") or []),
        "tags": ", ".join(content.get("tags") or []),
        "difficulty": content.get("difficulty", 2),
        "points": content.get("points", 1),
        "negative_marking": content.get("negative_marking", False),
        "eliminatory": content.get("eliminatory", False),
        "stem_fr": content.get("stem_fr", ""),
        "stem_en": content.get("stem_en", ""),
        "explanation_fr": content.get("explanation_fr", ""),
        "explanation_en": content.get("explanation_en", ""),
        "citations": [format_citation(citation) for citation in content.get("citations") or []],
        "source": content.get("source", ""),
        "with_scenario": bool(scenario),
        "fen": scenario.get("fen", ""),
        # Stored in SAN; shown (and typed back) with the piece letters of the interface.
        "moves": moves_in_language(scenario.get("moves", "")),
        "ply": scenario.get("ply"),
        "orientation": scenario.get("orientation", "white"),
        "arrows": " ".join(scenario.get("arrows") or []),
        "circles": " ".join(scenario.get("circles") or []),
        "squares": " ".join(
            f"{square}={colour}" for square, colour in (scenario.get("squares") or {}).items()
        ),
        "clock_white": clocks.get("white", ""),
        "clock_black": clocks.get("black", ""),
        "clock_to_move": clocks.get("to_move", ""),
        "rate": scenario.get("rate", "standard"),
        "claim_type": claim.get("type", ""),
        "intended_move": moves_in_language(claim.get("intended_move") or ""),
        "flag_fell": scenario.get("flag_fell") or "",
        "shuffle": body.get("shuffle", True),
        "scoring": body.get("scoring", "all_or_nothing"),
        "answer": {True: "true", False: "false"}.get(body.get("answer"), ""),
        "value": body.get("value"),
        "tolerance": body.get("tolerance", 0),
        "unit_fr": body.get("unit_fr", ""),
        "unit_en": body.get("unit_en", ""),
        "accepted": "\n".join(body.get("accepted") or []),
        "accepted_en": "\n".join(body.get("accepted_en") or []),
        "model_answer_fr": body.get("model_answer_fr", ""),
        "model_answer_en": body.get("model_answer_en", ""),
        "decision_points": body.get("decision_points"),
        "sanction_points": body.get("sanction_points"),
    }
    lists = {
        "options": [dict(option) for option in body.get("options") or []],
        "rubric": [dict(row) for row in body.get("rubric") or []],
        "decisions": [dict(row) for row in body.get("decisions") or []],
        "sanctions": [dict(row) for row in body.get("sanctions") or []],
    }
    return initial, lists
