"""Images of questions: the stored bytes, their checks, and how a version refers to them.

A version lists its images in its content (``QuestionVersion.media``, the bank format's
``"media"``): each has a file name, the SHA-256 of its bytes, and an alternative text in French
(required) and English. The stem places an image with a line ``[image:NAME]``, and so does the
explanation: an image placed in the explanation and in no stem is part of the correction, shown
with it and only to whoever may see it (``correction_only_hashes``, ``questions.media_access``).
Every image must be placed (``media_problems``): one placed nowhere is refused wherever content
is written, naming it. It used to follow the stem, so deleting the line of an explanation's
image showed the correction with the question; a version stored before that rule still holds
such images, and they stay with the correction (``correction_names``), never with the question.
The list is part of the version's content: frozen with it once published, and a revision copies
it like the rest.

The bytes live once per content in ``QuestionImage`` (keyed by their SHA-256, so the same image
in a hundred questions or a re-import is stored once), in the database and not under
``MEDIA_ROOT``: the files there are served without asking who wants them, and an image must
only reach whoever may read its question (``questions.media_access``). A stored image never
changes (its key is its content) and is not deleted while a published version shows it.

Only PNG, JPEG, GIF and WebP are accepted, recognised by their content, not their name: an SVG
is a document that can run scripts and fetch addresses, so it is refused like any other type.
"""

from __future__ import annotations

import hashlib
import io
import re
import warnings

from django.conf import settings
from django.db import models
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# Enough for a screenshot of a scoresheet or a clock; more is a photograph to shrink first.
MAX_IMAGE_BYTES = 2 * 1024 * 1024
MAX_IMAGE_SIDE = 4000
MAX_IMAGES_PER_QUESTION = 10
# Pillow's format name → the type the browser is told.
CONTENT_TYPES = {"PNG": "image/png", "JPEG": "image/jpeg", "GIF": "image/gif", "WEBP": "image/webp"}
EXTENSIONS = {"image/png": "png", "image/jpeg": "jpg", "image/gif": "gif", "image/webp": "webp"}
SHA256_RE = re.compile(r"^[0-9a-f]{64}$")
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$")
# A stem line that places an image: "[image:scoresheet.png]".
MARKER_RE = re.compile(r"^\[image:\s*([^\]\s]+)\s*\]$")
# The texts that may place an image.
TEXT_FIELDS = ("stem_fr", "stem_en", "explanation_fr", "explanation_en")


class ImageRefused(ValueError):
    """Bytes that are not an image the bank accepts; the message says why, in French first."""


def _magic_type(data: bytes) -> str | None:
    if data.startswith(b"\x89PNG\r\n\x1a\n"):
        return "PNG"
    if data.startswith(b"\xff\xd8\xff"):
        return "JPEG"
    if data[:6] in (b"GIF87a", b"GIF89a"):
        return "GIF"
    if data[:4] == b"RIFF" and data[8:12] == b"WEBP":
        return "WEBP"
    return None


def _looks_like_svg(data: bytes) -> bool:
    head = data[:2048].lstrip(b"\xef\xbb\xbf \t\r\n").lower()
    return head.startswith(b"<") and b"<svg" in data[:65536].lower()


def inspect_image(data: bytes) -> tuple[str, int, int]:
    """(content type, width, height) of an accepted image; ImageRefused otherwise."""
    from PIL import Image, UnidentifiedImageError

    if not data:
        raise ImageRefused(_("Le fichier est vide."))
    if len(data) > MAX_IMAGE_BYTES:
        raise ImageRefused(
            _("L'image pèse %(size)s Ko : 2 048 Ko au plus. Réduisez-la avant de l'ajouter.")
            % {"size": len(data) // 1024}
        )
    if _looks_like_svg(data):
        raise ImageRefused(_("Les images SVG ne sont pas acceptées (elles peuvent contenir des scripts) : "
                             "envoyez un PNG, un JPEG, un GIF ou un WebP."))
    expected = _magic_type(data)
    if expected is None:
        raise ImageRefused(_("Ce fichier n'est pas une image PNG, JPEG, GIF ou WebP."))
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(io.BytesIO(data), formats=[expected]) as image:
                width, height = image.size  # read from the header, before any decoding
                if width > MAX_IMAGE_SIDE or height > MAX_IMAGE_SIDE:
                    raise ImageRefused(
                        _("L'image mesure %(width)d × %(height)d pixels : %(limit)d pixels de côté au plus.")
                        % {"width": width, "height": height, "limit": MAX_IMAGE_SIDE}
                    )
                image.verify()
            with Image.open(io.BytesIO(data), formats=[expected]) as image:
                image.load()  # verify() skips the pixels of some formats: a truncated file fails here
    except ImageRefused:
        raise
    except (UnidentifiedImageError, OSError, SyntaxError, ValueError, Image.DecompressionBombWarning,
            Image.DecompressionBombError):
        raise ImageRefused(_("Cette image est illisible ou tronquée.")) from None
    return CONTENT_TYPES[expected], width, height


class QuestionImageQuerySet(models.QuerySet):
    def by_hashes(self, hashes) -> dict[str, QuestionImage]:
        return {image.sha256: image for image in self.filter(sha256__in=list(hashes)).defer("data")}


class QuestionImage(models.Model):
    """The bytes of one image, stored once whatever the number of questions that show it."""

    sha256 = models.CharField(gettext_lazy("empreinte SHA-256"), max_length=64, unique=True)
    content_type = models.CharField(gettext_lazy("type"), max_length=20,
                                    choices=[(value, value) for value in EXTENSIONS])
    width = models.PositiveIntegerField(gettext_lazy("largeur (px)"))
    height = models.PositiveIntegerField(gettext_lazy("hauteur (px)"))
    size = models.PositiveIntegerField(gettext_lazy("taille (octets)"))
    data = models.BinaryField(gettext_lazy("contenu"))
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=gettext_lazy("envoyée par"), on_delete=models.SET_NULL,
        null=True, blank=True, related_name="+",
    )
    created_at = models.DateTimeField(gettext_lazy("ajoutée le"), auto_now_add=True)

    objects = QuestionImageQuerySet.as_manager()

    class Meta:
        app_label = "questions"
        verbose_name = gettext_lazy("image de question")
        verbose_name_plural = gettext_lazy("images de question")
        constraints = [
            models.CheckConstraint(condition=models.Q(size__lte=MAX_IMAGE_BYTES), name="question_image_size"),
        ]

    def __str__(self) -> str:
        return f"{self.sha256[:12]} ({self.width}×{self.height})"

    def save(self, *args, **kwargs) -> None:
        from questions.models import FrozenVersionError

        if self.pk is not None and QuestionImage.objects.filter(pk=self.pk).exists():
            raise FrozenVersionError(f"Image {self.sha256[:12]} is stored and cannot be changed.")
        super().save(*args, **kwargs)

    def delete(self, *args, **kwargs):
        from questions.models import FrozenVersionError

        if published_versions_showing(self.sha256):
            raise FrozenVersionError(f"Image {self.sha256[:12]} is shown by a published version.")
        return super().delete(*args, **kwargs)

    @property
    def extension(self) -> str:
        return EXTENSIONS[self.content_type]


def published_versions_showing(sha256: str) -> list:
    from questions.models import QuestionVersion

    versions = QuestionVersion.objects.filter(published_at__isnull=False).exclude(media=[]).only("media")
    return [version for version in versions if any(item["sha256"] == sha256 for item in version.media)]


def store_image(*, data: bytes, uploaded_by=None) -> QuestionImage:
    """The stored image of these bytes (checked, then stored unless already there)."""
    content_type, width, height = inspect_image(data)
    digest = hashlib.sha256(data).hexdigest()
    image, _created = QuestionImage.objects.get_or_create(
        sha256=digest,
        defaults={"content_type": content_type, "width": width, "height": height, "size": len(data),
                  "data": data, "uploaded_by": uploaded_by},
    )
    return image


def image_bytes(sha256: str) -> bytes | None:
    data = QuestionImage.objects.filter(sha256=sha256).values_list("data", flat=True).first()
    return bytes(data) if data is not None else None


def unique_name(wanted: str, taken: set[str], content_type: str) -> str:
    """A file name for an image of a question: ``wanted`` tidied, unique among ``taken``."""
    stem = re.sub(r"[^A-Za-z0-9._-]+", "-", wanted.rsplit("/", 1)[-1]).strip("-.") or "image"
    base = stem.rsplit(".", 1)[0][:80] or "image"
    extension = EXTENSIONS[content_type]
    name, counter = f"{base}.{extension}", 2
    while name in taken:
        name, counter = f"{base}-{counter}.{extension}", counter + 1
    return name


def placed_names(*texts: str) -> list[str]:
    """The image names the texts (stems, explanations) place (``[image:NAME]`` lines), in order."""
    names = []
    for text in texts:
        for line in (text or "").splitlines():
            match = MARKER_RE.match(line.strip())
            if match:
                names.append(match.group(1))
    return names


def without_image(text: str, name: str) -> str:
    """``text`` without the lines that place the image ``name``, and the blank line each leaves."""
    lines = (text or "").split("\n")
    kept: list[str] = []
    removed = False
    for index, line in enumerate(lines):
        match = MARKER_RE.match(line.strip())
        if not (match and match.group(1) == name):
            kept.append(line)
            continue
        removed = True
        following = lines[index + 1] if index + 1 < len(lines) else ""
        if not following.strip() and kept and not kept[-1].strip():
            kept.pop()  # "paragraph / blank / [image] / blank": one blank line stays between the rest
    return "\n".join(kept).strip() if removed else text


def correction_names(content: dict) -> set[str]:
    """The names of the images no stem places: part of the correction, never shown with the
    question. The explanation places them, or (a version stored before ``media_problems`` refused
    it) nothing does: such an image is then shown after the explanation."""
    in_stems = set(placed_names(content.get("stem_fr", ""), content.get("stem_en", "")))
    return {item["name"] for item in content.get("media") or []} - in_stems


def correction_only_hashes(content: dict) -> set[str]:
    """The SHA-256 of the images that only the correction shows: every item of that content with
    these bytes is one no stem places (the same bytes under a name a stem places are the
    question's)."""
    names = correction_names(content)
    media = content.get("media") or []
    return ({item["sha256"] for item in media if item["name"] in names}
            - {item["sha256"] for item in media if item["name"] not in names})


def media_problems(value: object, stems: tuple[str, str], *, use_database: bool,
                   explanations: tuple[str, str]) -> tuple[list[dict], list]:
    """Validate a content's ``"media"``: (normalised list, [(field, message)])."""
    problems: list[tuple[str, str]] = []
    if value in (None, []):
        media: list[dict] = []
    elif not isinstance(value, list) or not all(isinstance(item, dict) for item in value):
        return [], [("media", _("Les images sont une liste d'objets {name, sha256, alt_fr, alt_en}."))]
    else:
        media = []
        if len(value) > MAX_IMAGES_PER_QUESTION:
            problems.append(("media", _("Une question a %(limit)d images au plus.")
                             % {"limit": MAX_IMAGES_PER_QUESTION}))
        for number, item in enumerate(value):
            path = f"media.{number}."
            unknown = set(item) - {"name", "sha256", "alt_fr", "alt_en"}
            if unknown:
                problems.append((path + sorted(unknown)[0], _("Champ inconnu « %(key)s ».")
                                 % {"key": sorted(unknown)[0]}))
            fields = {key: item.get(key) or "" for key in ("name", "sha256", "alt_fr", "alt_en")}
            if not all(isinstance(text, str) for text in fields.values()):
                problems.append((path.rstrip("."), _("Ce champ doit être un texte.")))
                continue
            fields = {key: " ".join(text.split()) for key, text in fields.items()}
            if fields["alt_en"] == fields["alt_fr"]:
                fields["alt_en"] = ""  # the French is shown when there is no English
            if not NAME_RE.match(fields["name"]):
                problems.append((path + "name", _("Nom d'image invalide « %(name)s » (lettres, chiffres, "
                                                  "points, tirets).") % {"name": fields["name"]}))
            if not SHA256_RE.match(fields["sha256"]):
                problems.append((path + "sha256", _("Empreinte SHA-256 invalide.")))
            if not fields["alt_fr"]:
                problems.append((path + "alt_fr", _("Décrivez l'image « %(name)s » en français (texte "
                                                    "lu à qui ne la voit pas).") % {"name": fields["name"]}))
            if any(other["name"] == fields["name"] for other in media):
                problems.append((path + "name", _("Deux images s'appellent « %(name)s ».")
                                 % {"name": fields["name"]}))
            media.append(fields)
        if use_database and media:
            stored = set(QuestionImage.objects.filter(sha256__in=[item["sha256"] for item in media])
                         .values_list("sha256", flat=True))
            problems.extend(
                (f"media.{number}.sha256", _("L'image « %(name)s » n'est pas dans la banque.")
                 % {"name": item["name"]})
                for number, item in enumerate(media) if SHA256_RE.match(item["sha256"])
                and item["sha256"] not in stored
            )
    names = {item["name"] for item in media}
    for field_name, stem in zip(("stem_fr", "stem_en"), stems, strict=True):
        for name in placed_names(stem):
            if name not in names:
                problems.append((field_name, _("L'énoncé place l'image « %(name)s », qui n'est pas jointe "
                                               "à la question.") % {"name": name}))
    for field_name, explanation in zip(("explanation_fr", "explanation_en"), explanations, strict=True):
        for name in placed_names(explanation):
            if name not in names:
                problems.append((field_name, _("L'explication place l'image « %(name)s », qui n'est pas "
                                               "jointe à la question.") % {"name": name}))
    placed = set(placed_names(*stems, *explanations))
    problems.extend((f"media.{number}.name", placed_nowhere_message(item["name"]))
                    for number, item in enumerate(media)
                    if NAME_RE.match(item["name"]) and item["name"] not in placed)
    return media, problems


def placed_nowhere_message(name: str) -> str:
    return _("L'image « %(name)s » n'est placée ni dans l'énoncé ni dans l'explication : ajoutez sa ligne "
             "[image:%(name)s] à l'énoncé (montrée avec la question) ou à l'explication (montrée avec la "
             "correction seulement), ou retirez l'image de la question.") % {"name": name}


def placed_nowhere(content: dict) -> list[str]:
    """The names of the images no stem and no explanation of ``content`` places, in order."""
    placed = set(placed_names(*(content.get(field, "") for field in TEXT_FIELDS)))
    return [item["name"] for item in content.get("media") or [] if item["name"] not in placed]
