"""The rulebook: editions of the FIDE Laws, their articles, the rest of the Livre de l'Arbitre.

Content that exists in both languages has explicit ``_fr``/``_en`` fields. Everything here is
loaded from ``rules/data`` by ``load_rulebook`` (natural keys, idempotent) or, for a future
edition, uploaded by staff through ``rules.editions.load_edition``.
"""

from __future__ import annotations

import re
import unicodedata

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import timezone
from django.utils.text import Truncator
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

# "9.2.2", "A.4.3", "III.4", "4.3.a" (2009), and word keys for parts ("basic-rules", "annexe.1").
NUMBER_PATTERN = r"[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*"
NUMBER_RE = re.compile(rf"^{NUMBER_PATTERN}$")
EDITION_SLUG_RE = re.compile(r"[0-9a-z][0-9a-z-]{0,19}")

LAWS_EXAM_UNITS = ["UVR"]


def fold(text: str) -> str:
    """Lower-case, accent-free text: what search compares ("J'adoube" → "j'adoube")."""
    text = text.replace("œ", "oe").replace("Œ", "Oe").replace("æ", "ae").replace("Æ", "Ae")
    text = text.replace("’", "'").replace("ß", "ss")
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(char for char in decomposed if not unicodedata.combining(char)).lower()


def in_language(obj, field: str, language: str | None = None) -> str:
    """``obj.<field>_<language>``, falling back to French when the translation is empty."""
    language = (language or get_language() or "fr")[:2]
    value = getattr(obj, f"{field}_{language}", "") if language in ("fr", "en") else ""
    return value or getattr(obj, f"{field}_fr", "")


class Edition(models.Model):
    slug = models.SlugField(_("identifiant"), max_length=20, unique=True)
    year = models.PositiveIntegerField(_("année"))
    title_fr = models.CharField(_("titre (français)"), max_length=200)
    title_en = models.CharField(_("titre (anglais)"), max_length=200, blank=True)
    adopted = models.DateField(_("adoptée le"), null=True, blank=True)
    in_force = models.DateField(_("en vigueur le"), null=True, blank=True)
    languages = models.JSONField(_("langues"), default=list, blank=True)
    complete = models.BooleanField(_("texte complet"), default=False)
    source = models.CharField(_("source"), max_length=300, blank=True)
    notes_fr = models.TextField(_("notes (français)"), blank=True)
    notes_en = models.TextField(_("notes (anglais)"), blank=True)
    order = models.PositiveIntegerField(_("ordre"), default=0)

    class Meta:
        verbose_name = _("édition des règles")
        verbose_name_plural = _("éditions des règles")
        ordering = ["order", "-year"]

    def __str__(self) -> str:
        return self.title

    def get_absolute_url(self) -> str:
        return reverse("rules:edition", kwargs={"edition": self.slug})

    @property
    def title(self) -> str:
        return in_language(self, "title")

    @property
    def notes(self) -> str:
        return in_language(self, "notes")

    @property
    def bilingual(self) -> bool:
        return "fr" in self.languages and "en" in self.languages

    @classmethod
    def is_known(cls, slug: str) -> bool:
        """Whether ``slug`` names an edition (anything else, even "\x00", is simply unknown)."""
        return bool(EDITION_SLUG_RE.fullmatch(slug)) and cls.objects.filter(slug=slug).exists()

    @classmethod
    def current(cls) -> Edition | None:
        """The edition in force: the newest complete one whose date of coming into force has
        come (an edition loaded ahead of its date is not in force yet). Kept until the rulebook
        changes or the day does (``rules.rulebook_cache``): the search page asked twice, two
        queries each time."""
        from rules.rulebook_cache import cached_value

        today = timezone.localdate()
        return cached_value("current-edition", today.isoformat(), compute=lambda: cls._in_force(today))

    @classmethod
    def _in_force(cls, today) -> Edition | None:
        complete = cls.objects.filter(complete=True).order_by("-year", "order")
        return (complete.filter(models.Q(in_force__isnull=True) | models.Q(in_force__lte=today)).first()
                or complete.first())


class ArticleKind(models.TextChoices):
    PREFACE = "preface", _("préambule")
    PART = "part", _("partie")
    ARTICLE = "article", _("article")
    PARAGRAPH = "paragraph", _("paragraphe")


class ArticleQuerySet(models.QuerySet):
    def resolve(self, edition: str, number: str) -> Article | None:
        """The article ``number`` of edition ``edition``, tolerating printed forms ("4.3 a)")."""
        normalised = normalise_number(number)
        return self.select_related("edition").filter(edition__slug=edition, number=normalised).first()


def normalise_number(number: str) -> str:
    """ "Art. 9.2.2." → "9.2.2", "4.3 a)" → "4.3.a", "a.4" → "A.4"."""
    text = number.strip()
    text = re.sub(r"^(?:articles?|art\.?)\s*", "", text, flags=re.IGNORECASE)
    text = re.sub(r"\s*([a-z])\)$", r".\1", text)
    text = text.strip(" .)")
    text = re.sub(r"\s+", "", text)
    if text and text[0].isalpha():
        head, _sep, rest = text.partition(".")
        if re.fullmatch(r"[a-dA-D]|[iI]{1,3}", head):
            text = head.upper() + ("." + rest if rest else "")
    return text


class Article(models.Model):
    edition = models.ForeignKey(Edition, on_delete=models.CASCADE, related_name="articles")
    number = models.CharField(_("numéro"), max_length=30)
    printed = models.CharField(_("numéro imprimé"), max_length=30, blank=True)
    parent = models.ForeignKey(
        "self", on_delete=models.CASCADE, null=True, blank=True, related_name="children"
    )
    kind = models.CharField(_("nature"), max_length=20, choices=ArticleKind.choices)
    heading_fr = models.CharField(_("titre (français)"), max_length=300, blank=True)
    heading_en = models.CharField(_("titre (anglais)"), max_length=300, blank=True)
    text_fr = models.TextField(_("texte (français)"), blank=True)
    text_en = models.TextField(_("texte (anglais)"), blank=True)
    commentary_fr = models.TextField(_("commentaire de la FIDE (français)"), blank=True)
    commentary_en = models.TextField(_("commentaire de la FIDE (traduction non officielle)"), blank=True)
    notes_fr = models.TextField(_("notes du traducteur (français)"), blank=True)
    notes_en = models.TextField(_("notes du traducteur (anglais)"), blank=True)
    diagram_keys = models.JSONField(_("diagrammes"), default=list, blank=True)
    order = models.PositiveIntegerField(_("ordre"), default=0)

    objects = ArticleQuerySet.as_manager()

    class Meta:
        verbose_name = _("article")
        verbose_name_plural = _("articles")
        ordering = ["edition", "order"]
        constraints = [
            models.UniqueConstraint(fields=["edition", "number"], name="rules_article_unique_number"),
            models.CheckConstraint(
                condition=models.Q(kind__in=ArticleKind.values), name="rules_article_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.edition.slug} · {self.number}"

    def get_absolute_url(self) -> str:
        return reverse("rules:article", kwargs={"edition": self.edition.slug, "number": self.number})

    @property
    def heading(self) -> str:
        return in_language(self, "heading")

    @property
    def text(self) -> str:
        return in_language(self, "text")

    @property
    def label(self) -> str:
        """The number as the book prints it when that names this article ("4.3 a)", "B5"),
        else the normalised number: a printed "1)" (1928's 14.1) or an OCR-damaged "L4"
        (2017's I.4) would name another article, or none, once out of context."""
        if self.kind in (ArticleKind.PREFACE, ArticleKind.PART):
            return ""  # the book prints a heading there, no number ("basic-rules" is our key)
        if self.printed and normalise_number(self.printed) == self.number:
            return self.printed
        root, _separator, rest = self.number.partition(".")
        if len(root) > 3 and root.isalpha():  # 1928's "annexe.1" → "Annexe 1"
            return f"{root.capitalize()} {rest}".strip()
        return self.number

    @property
    def name(self) -> str:
        """What a link to the article says on its own: its label, or its heading when the
        book gives it no number (the preface, the two parts of the Laws)."""
        return self.label or self.heading or self.number

    def summary(self, language: str | None = None, *, words: int = 12) -> str:
        """What the article is about, in a line: its heading, or the first words of its
        text (the 2018 paragraphs have no heading)."""
        heading = in_language(self, "heading", language)
        if heading:
            return heading
        text = " ".join(in_language(self, "text", language).split())
        return Truncator(text).words(words, truncate="…")

    def diagrams(self) -> list[Diagram]:
        if not self.diagram_keys:
            return []
        found = {diagram.key: diagram for diagram in Diagram.objects.filter(key__in=self.diagram_keys)}
        return [found[key] for key in self.diagram_keys if key in found]

    def exam_units(self) -> list[str]:
        """The Laws in force are examined in the UVR (Livre, table 0.2); older editions
        (1928, 2014…) are read for history, and no exam covers them."""
        current = Edition.current()
        return list(LAWS_EXAM_UNITS) if current is not None and current.pk == self.edition_id else []


class Diagram(models.Model):
    key = models.SlugField(_("clé"), max_length=100, unique=True)
    edition = models.CharField(_("édition"), max_length=20, blank=True)
    article = models.CharField(_("article"), max_length=30, blank=True)
    fen = models.CharField(_("position (FEN)"), max_length=100)
    orientation = models.CharField(_("orientation"), max_length=5, default="white")
    arrows = models.JSONField(_("flèches"), default=list, blank=True)
    circles = models.JSONField(_("cercles"), default=list, blank=True)
    squares = models.JSONField(_("cases colorées"), default=dict, blank=True)
    last_move = models.CharField(_("dernier coup"), max_length=10, blank=True)
    caption_fr = models.CharField(_("légende (français)"), max_length=300, blank=True)
    caption_en = models.CharField(_("légende (anglais)"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("diagramme")
        verbose_name_plural = _("diagrammes")
        ordering = ["key"]

    def __str__(self) -> str:
        return self.key

    @property
    def caption(self) -> str:
        return in_language(self, "caption")


class GlossaryTerm(models.Model):
    key = models.SlugField(_("clé"), max_length=100, unique=True)
    term_fr = models.CharField(_("terme (français)"), max_length=200)
    term_en = models.CharField(_("terme (anglais)"), max_length=200, blank=True)
    definition_fr = models.TextField(_("définition (français)"), blank=True)
    definition_en = models.TextField(_("définition (anglais)"), blank=True)
    articles = models.JSONField(_("articles"), default=list, blank=True)
    edition = models.CharField(_("édition"), max_length=20, blank=True)
    order = models.PositiveIntegerField(_("ordre"), default=0)

    class Meta:
        verbose_name = _("terme du glossaire")
        verbose_name_plural = _("glossaire")
        ordering = ["order"]

    def __str__(self) -> str:
        return self.term_fr


class Synonym(models.Model):
    """The names people give a rule that its text may not use ("threefold", "triple
    répétition" for 9.2), in both languages, tied to a glossary term: a search for one of
    them shows the rule first. Hand-written in ``rules/data/synonyms.json``."""

    key = models.SlugField(_("clé"), max_length=100, unique=True)
    glossary_key = models.CharField(_("terme du glossaire"), max_length=100, blank=True)
    names_fr = models.JSONField(_("noms courants (français)"), default=list, blank=True)
    names_en = models.JSONField(_("noms courants (anglais)"), default=list, blank=True)
    articles = models.JSONField(_("articles"), default=list, blank=True)
    edition = models.CharField(_("édition"), max_length=20, blank=True)
    order = models.PositiveIntegerField(_("ordre"), default=0)

    class Meta:
        verbose_name = _("nom courant d'une règle")
        verbose_name_plural = _("noms courants des règles")
        ordering = ["order"]

    def __str__(self) -> str:
        return self.key


class ChangeKind(models.TextChoices):
    NEW = "new", _("nouveau")
    REWORDED = "reworded", _("nouvelle rédaction")
    SPLIT = "split", _("scindé")
    RENUMBERED = "renumbered", _("renuméroté")
    DELETED = "deleted", _("supprimé")


class Change(models.Model):
    """One "Avant/Après" comparison of BAF 144 (2014 → 2017)."""

    old_edition = models.CharField(_("ancienne édition"), max_length=20)
    old_number = models.CharField(_("ancien numéro"), max_length=30, blank=True)
    new_edition = models.CharField(_("nouvelle édition"), max_length=20)
    new_number = models.CharField(_("nouveau numéro"), max_length=30, blank=True)
    kind = models.CharField(_("nature"), max_length=20, choices=ChangeKind.choices)
    old_text = models.TextField(_("ancien texte"), blank=True)
    new_text = models.TextField(_("nouveau texte"), blank=True)
    note_fr = models.TextField(_("note (français)"), blank=True)
    note_en = models.TextField(_("note (anglais)"), blank=True)
    order = models.PositiveIntegerField(_("ordre"), default=0)

    class Meta:
        verbose_name = _("modification (BAF 144)")
        verbose_name_plural = _("modifications (BAF 144)")
        ordering = ["order"]
        constraints = [
            models.UniqueConstraint(
                fields=["old_edition", "old_number", "new_edition", "new_number"],
                name="rules_change_unique",
            ),
            models.CheckConstraint(
                condition=models.Q(kind__in=ChangeKind.values), name="rules_change_kind_valid"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.old_number or '∅'} → {self.new_number or '∅'} ({self.kind})"

    @property
    def note(self) -> str:
        return in_language(self, "note")


class Correspondence(models.Model):
    from_edition = models.CharField(_("édition d'origine"), max_length=20)
    from_number = models.CharField(_("numéro d'origine"), max_length=30)
    to_edition = models.CharField(_("édition cible"), max_length=20)
    to_number = models.CharField(_("numéro cible"), max_length=30)
    note_fr = models.CharField(_("note (français)"), max_length=300, blank=True)
    note_en = models.CharField(_("note (anglais)"), max_length=300, blank=True)

    class Meta:
        verbose_name = _("correspondance de numéros")
        verbose_name_plural = _("table de correspondance")
        ordering = ["from_edition", "from_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["from_edition", "from_number", "to_edition", "to_number"],
                name="rules_correspondence_unique",
            )
        ]

    def __str__(self) -> str:
        return f"{self.from_edition} {self.from_number} → {self.to_edition} {self.to_number}"

    @property
    def note(self) -> str:
        return in_language(self, "note")


class Chapter(models.Model):
    """A chapter of the Livre de l'Arbitre other than the Laws themselves (0.2 to 8.1)."""

    number = models.CharField(_("numéro"), max_length=10, unique=True)
    title_fr = models.CharField(_("titre (français)"), max_length=300)
    title_en = models.CharField(_("titre (anglais)"), max_length=300, blank=True)
    units = models.JSONField(_("unités de valeur"), default=list, blank=True)
    language = models.CharField(_("langue"), max_length=5, default="fr")
    order = models.PositiveIntegerField(_("ordre"), default=0)

    class Meta:
        verbose_name = _("chapitre du Livre")
        verbose_name_plural = _("chapitres du Livre")
        ordering = ["order"]

    def __str__(self) -> str:
        return f"{self.number} {self.title_fr}"

    def get_absolute_url(self) -> str:
        return reverse("rules:chapter", kwargs={"number": self.number})

    @property
    def title(self) -> str:
        return in_language(self, "title")

    def has_english(self, sections) -> bool:
        """Whether an English reader finds English in it: a chapter in French may still quote
        the FIDE rules in both languages (4.1's bilingual blocks)."""
        return "en" in self.language.split("+") or any(
            block.get("type") == "bilingual" for section in sections for block in section.blocks
        )


class Section(models.Model):
    chapter = models.ForeignKey(Chapter, on_delete=models.CASCADE, related_name="sections")
    number = models.CharField(_("numéro"), max_length=30)
    anchor = models.CharField(_("ancre"), max_length=100)
    heading = models.CharField(_("titre"), max_length=300, blank=True)
    blocks = models.JSONField(_("contenu"), default=list, blank=True)
    order = models.PositiveIntegerField(_("ordre"), default=0)

    class Meta:
        verbose_name = _("section du Livre")
        verbose_name_plural = _("sections du Livre")
        ordering = ["chapter__order", "order"]
        constraints = [
            models.UniqueConstraint(fields=["chapter", "anchor"], name="rules_section_unique_anchor")
        ]

    def __str__(self) -> str:
        return f"{self.number} {self.heading}"

    def get_absolute_url(self) -> str:
        return f"{self.chapter.get_absolute_url()}#{self.anchor}"

    def plain_text(self, language: str = "fr") -> str:
        """The section's text in one language, for search."""
        parts: list[str] = []
        for block in self.blocks:
            kind = block.get("type")
            if kind in ("heading", "paragraph"):
                parts.append(block.get("text", "") if language == "fr" else "")
            elif kind == "list":
                parts.extend(block.get("items", []) if language == "fr" else [])
            elif kind == "table":
                if language == "fr":
                    parts.append(block.get("caption", ""))
                    parts.append(" ".join(block.get("header", [])))
                    parts.extend(" ".join(row) for row in block.get("rows", []))
            elif kind == "bilingual":
                parts.append(block.get(language, ""))
        return "\n".join(part for part in parts if part)


class SearchDocumentKind(models.TextChoices):
    ARTICLE = "article", _("article")
    SECTION = "section", _("section")


class SearchDocument(models.Model):
    """One searchable text (an article or a Livre section in one language).

    Kept in sync by ``load_rulebook`` and ``load_edition``. On SQLite an FTS5 table
    (``rules_search_fts``, external content = this table) indexes ``title`` and ``body``;
    on PostgreSQL a stored generated column ``search_vector`` = ``to_tsvector('simple',
    folded)`` with a GIN index does (created by the migration, unknown to the ORM), because
    the ``unaccent`` extension cannot be relied upon.
    """

    kind = models.CharField(max_length=10, choices=SearchDocumentKind.choices)
    language = models.CharField(max_length=5)
    edition = models.CharField(max_length=20, blank=True)
    number = models.CharField(max_length=30)
    article = models.ForeignKey(Article, on_delete=models.CASCADE, null=True, blank=True)
    section = models.ForeignKey(Section, on_delete=models.CASCADE, null=True, blank=True)
    title = models.CharField(max_length=400, blank=True)
    body = models.TextField(blank=True)
    folded = models.TextField(blank=True)
    url = models.CharField(max_length=200)

    class Meta:
        indexes = [models.Index(fields=["language", "edition"], name="rules_search_lang_ed")]

    def __str__(self) -> str:
        return f"{self.kind} {self.edition} {self.number} ({self.language})"

    def save(self, *args, **kwargs) -> None:
        # Bulk writes (rules.services) compute the same value themselves.
        self.folded = self.fold_text(self.title, self.body)
        super().save(*args, **kwargs)

    @staticmethod
    def fold_text(title: str, body: str) -> str:
        return fold(f"{title}\n{body}")


class EditionUpload(models.Model):
    """A validated edition waiting for a staff member's confirmation."""

    uploaded_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    uploaded_at = models.DateTimeField(auto_now_add=True)
    filename = models.CharField(max_length=200, blank=True)
    payload = models.JSONField()
    loaded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("édition téléversée")
        verbose_name_plural = _("éditions téléversées")
        ordering = ["-uploaded_at"]

    def __str__(self) -> str:
        return self.filename

    @property
    def slug(self) -> str:
        return self.payload.get("edition", {}).get("slug", "")
