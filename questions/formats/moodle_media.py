"""Images of a Moodle XML question: ``<file>`` elements and the ``@@PLUGINFILE@@`` references.

On import, each image of the stem (``<questiontext>``) or of the general feedback (the
explanation, ``<generalfeedback>``) that the bank accepts (``questions.media.inspect_image``)
becomes one of the question's images: its ``<img>`` becomes an ``[image:NAME]`` line where it
stood, its ``alt`` its alternative text (the first in the French text, the second in the English
one), its bytes go with the entry (``BankEntry.images``) to be stored by the import. Moodle keeps
the files of each text apart: a feedback file of the same name and bytes as a stem file is the
same image, one of the same name and other bytes is renamed. Anything else attached (SVG, sound,
video, documents), and any file of an answer or of another feedback, is reported as left out.
On export, the lines become ``<img src="@@PLUGINFILE@@/NAME" alt="…">`` again and the bytes
``<file>`` elements of the text that places them.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import html
import re
import xml.etree.ElementTree as ET
from urllib.parse import quote, unquote

from django.utils.translation import gettext as _

from questions.media import (
    NAME_RE,
    ImageRefused,
    correction_names,
    image_bytes,
    inspect_image,
    placed_names,
    unique_name,
)

PLUGINFILE = "@@PLUGINFILE@@/"
IMG_RE = re.compile(r"<img\b[^>]*>", re.IGNORECASE)
ATTRIBUTE_RE = re.compile(r"""([a-zA-Z-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')""")
MARKER_ANYWHERE_RE = re.compile(r"\[image:\s*([^\]\s]+)\s*\]")


def _attributes(tag: str) -> dict[str, str]:
    return {name.lower(): html.unescape(double or single)
            for name, double, single in ATTRIBUTE_RE.findall(tag)}


def read_images(element: ET.Element, where: str, left_out: list[str], skip: set[str],
                known: dict[str, dict] | None = None
                ) -> tuple[str, list[dict], dict[str, bytes], dict[str, dict]]:
    """(the text's HTML with its kept images as marker lines, media items, bytes by SHA-256, the
    item of each file name).

    ``known``: by file name, the images another text of the question already brought (the stem's,
    when reading the general feedback); a file of the same name and bytes is that image, not a
    new one."""
    known = known or {}
    source = element.findtext("text") or ""
    files: dict[str, bytes] = {}
    for file in element.findall("file"):
        name = file.get("name", "")
        if name in skip:
            continue
        try:
            data = base64.b64decode((file.text or "").strip(), validate=False)
        except (binascii.Error, ValueError):
            left_out.append(_("%(where)s : fichier « %(name)s » illisible (base64), non repris.")
                            % {"where": where, "name": name})
            continue
        try:
            inspect_image(data)
        except ImageRefused as refusal:
            left_out.append(_("%(where)s : fichier joint « %(name)s » non repris : %(reason)s")
                            % {"where": where, "name": name, "reason": refusal})
            continue
        files[name] = data
    media: list[dict] = []
    by_file: dict[str, dict] = {}
    images: dict[str, bytes] = {}

    def replace(match: re.Match) -> str:
        attributes = _attributes(match.group(0))
        src = attributes.get("src", "")
        if not src.startswith(PLUGINFILE):
            return match.group(0)
        file_name = unquote(src[len(PLUGINFILE):])
        if file_name not in files:
            return match.group(0)
        alt = " ".join(attributes.get("alt", "").split())
        item = by_file.get(file_name)
        if item is None:
            data = files[file_name]
            sha256 = hashlib.sha256(data).hexdigest()
            same = known.get(file_name)
            if same is not None and same["sha256"] == sha256:
                by_file[file_name] = same
                return f"<br>[image:{same['name']}]<br>"
            content_type = inspect_image(data)[0]
            taken = {entry["name"] for entry in [*known.values(), *media]}
            name = file_name if NAME_RE.match(file_name) and file_name not in taken else unique_name(
                file_name, taken, content_type)
            item = {"name": name, "sha256": sha256, "alt_fr": alt, "alt_en": ""}
            by_file[file_name] = item
            media.append(item)
            images[item["sha256"]] = data
        elif alt and alt != item["alt_fr"] and not item["alt_en"] and any(entry is item for entry in media):
            item["alt_en"] = alt
        return f"<br>[image:{item['name']}]<br>"

    rewritten = IMG_RE.sub(replace, source)
    for file_name in files:
        if file_name not in by_file:
            left_out.append(_("%(where)s : image « %(name)s » jointe mais jamais affichée, non reprise.")
                            % {"where": where, "name": file_name})
    for item in media:
        if not item["alt_fr"]:
            item["alt_fr"] = _("Image %(name)s") % {"name": item["name"]}
            left_out.append(_("%(where)s : l'image « %(name)s » n'avait pas de texte de remplacement : "
                              "« %(alt)s » mis à sa place, à décrire dans l'éditeur.")
                            % {"where": where, "name": item["name"], "alt": item["alt_fr"]})
    return rewritten, media, images, by_file


def images_html(text_html: str, media: list[dict], language: str) -> str:
    """``text_html`` (a stem or an explanation as HTML) with its marker lines turned into
    Moodle's ``<img>``."""
    by_name = {item["name"]: item for item in media}

    def replace(match: re.Match) -> str:
        item = by_name.get(match.group(1))
        if item is None:
            return match.group(0)
        alt = item["alt_en"] if language == "en" and item.get("alt_en") else item["alt_fr"]
        return (f'<img src="{PLUGINFILE}{quote(item["name"])}" alt="{html.escape(alt, quote=True)}">')

    return MARKER_ANYWHERE_RE.sub(replace, text_html)


def unplaced_html(content: dict) -> str:
    """The images no stem and no explanation places (a version stored before every image had to
    be placed), after the general feedback: the bank's pages show them with the correction."""
    placed = set(placed_names(content.get("stem_fr", ""), content.get("stem_en", ""),
                              content.get("explanation_fr", ""), content.get("explanation_en", "")))
    return "".join(
        f'<p><img src="{PLUGINFILE}{quote(item["name"])}" '
        f'alt="{html.escape(item["alt_fr"], quote=True)}"></p>'
        for item in content.get("media") or [] if item["name"] not in placed
    )


def stem_media(content: dict) -> list[dict]:
    """The images whose files go with the stem: those a stem places."""
    of_correction = correction_names(content)
    return [item for item in content.get("media") or [] if item["name"] not in of_correction]


def explanation_media(content: dict) -> list[dict]:
    """The images whose files go with the general feedback: those the explanation places, and
    those of the correction that nothing places (``unplaced_html``)."""
    placed = set(placed_names(content.get("explanation_fr", ""), content.get("explanation_en", "")))
    of_correction = correction_names(content)
    return [item for item in content.get("media") or [] if item["name"] in placed | of_correction]


def add_files(element: ET.Element, media: list[dict], images: dict[str, bytes], *,
              from_bank: bool = True) -> None:
    """One ``<file>`` per image, its bytes taken from the entry or else (``from_bank``) from the bank."""
    for item in media:
        data = images.get(item["sha256"]) or (image_bytes(item["sha256"]) if from_bank else None)
        if data is None:
            continue
        file_element = ET.SubElement(element, "file",
                                     {"name": item["name"], "path": "/", "encoding": "base64"})
        file_element.text = base64.b64encode(data).decode("ascii")
