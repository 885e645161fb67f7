"""A stem or an explanation with its images, as the candidate's pages and the printed paper show it.

``stem_paragraphs`` turns a stem into its paragraphs (texts) and images (``StemImage``), each
image where its ``[image:NAME]`` line places it; an image the other language's stem places
follows the stem. An image no stem places is part of the correction
(``questions.media.correction_names``), never shown with the question: ``explanation_blocks``
places it in the explanation shown with the correction, or after it when this explanation does
not place it (the other language's does, or, in a version stored before every image had to be
placed, nothing does), so nothing attached is hidden from the correction. Pages fetch
an image from its version's address (the one the permission rule guards,
``questions.media_access``); the printed paper and the preview of a draft not yet saved embed
the bytes instead (``data_uri``): WeasyPrint then never fetches anything over HTTP, and unsaved
content has no version to name.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from questions.media import MARKER_RE, QuestionImage, correction_names, image_bytes


@dataclass(frozen=True)
class StemImage:
    name: str
    sha256: str
    alt: str
    url: str
    width: int | None = None
    height: int | None = None
    content_type: str = ""

    @property
    def is_image(self) -> bool:
        return True

    @property
    def data_uri(self) -> str:
        data = image_bytes(self.sha256) or b""
        return f"data:{self.content_type};base64,{base64.b64encode(data).decode('ascii')}"

    @property
    def src(self) -> str:
        return self.url or self.data_uri


def _alt(item: dict[str, Any], language: str) -> str:
    if language == "en" and item.get("alt_en"):
        return item["alt_en"]
    return item.get("alt_fr") or item.get("alt_en") or item.get("name", "")


def with_images_of(question, content: dict[str, Any], version):
    """The editor's live preview of unsaved text: its stem with the images of the version being
    edited, fetched from that version's address (no bytes in every preview)."""
    import dataclasses

    language = question.language
    english = language == "en" and content.get("stem_en")
    stem = content["stem_en"] if english else content.get("stem_fr", "")
    return dataclasses.replace(question, stem_paragraphs=stem_paragraphs(
        stem or "", content, version_id=version.pk, language=language))


def _images(content: dict[str, Any], version_id: int | None, language: str) -> dict[str, StemImage]:
    media = content.get("media") or []
    stored = QuestionImage.objects.by_hashes(item["sha256"] for item in media)
    images = {}
    for item in media:
        image = stored.get(item["sha256"])
        url = reverse("questions:image", args=[version_id, item["sha256"]]) if version_id else ""
        images[item["name"]] = StemImage(
            name=item["name"], sha256=item["sha256"], alt=_alt(item, language), url=url,
            width=image.width if image else None, height=image.height if image else None,
            content_type=image.content_type if image else "",
        )
    return images


def _placed(text: str, images: dict[str, StemImage]) -> tuple[list[str | StemImage], set[str]]:
    """The text's paragraphs with the images its lines place, and the names placed."""
    blocks: list[str | StemImage] = []
    placed: set[str] = set()
    for paragraph in (text or "").split("\n\n"):
        lines: list[str] = []
        for line in paragraph.split("\n"):
            match = MARKER_RE.match(line.strip())
            if match and match.group(1) in images:
                if "\n".join(lines).strip():
                    blocks.append("\n".join(lines).strip())
                lines = []
                blocks.append(images[match.group(1)])
                placed.add(match.group(1))
            else:
                lines.append(line)
        if "\n".join(lines).strip():
            blocks.append("\n".join(lines).strip())
    return blocks, placed


def stem_paragraphs(stem: str, content: dict[str, Any], *, version_id: int | None,
                    language: str) -> list[str | StemImage]:
    """The stem's paragraphs (stripped texts, as before) with its images placed among them."""
    if not content.get("media"):
        return [paragraph.strip() for paragraph in (stem or "").split("\n\n") if paragraph.strip()]
    images = _images(content, version_id, language)
    blocks, placed = _placed(stem, images)
    of_correction = correction_names(content)
    blocks.extend(image for name, image in images.items() if name not in placed and name not in of_correction)
    return blocks


def explanation_blocks(explanation: str, content: dict[str, Any], *, version_id: int | None,
                       language: str) -> list[str | StemImage]:
    """The explanation's paragraphs with the images its ``[image:NAME]`` lines place, then the
    other images of the correction (see the module's doc)."""
    if not content.get("media"):
        return [paragraph.strip() for paragraph in (explanation or "").split("\n\n") if paragraph.strip()]
    images = _images(content, version_id, language)
    blocks, placed = _placed(explanation, images)
    of_correction = correction_names(content)
    blocks.extend(image for name, image in images.items() if name in of_correction and name not in placed)
    return blocks
