"""Images for the tests of question media: small real files made with Pillow."""

from __future__ import annotations

import io

from PIL import Image, ImageDraw

from questions import services
from questions.media import store_image
from tests.questions import core_samples


def png_bytes(width: int = 120, height: int = 60, colour: str = "white") -> bytes:
    image = Image.new("RGB", (width, height), colour)
    ImageDraw.Draw(image).rectangle([4, 4, width - 5, height - 5], outline="black")
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def with_image(content: dict, *, data: bytes, name: str = "pendule.png",
               alt_fr: str = "Pendule des Blancs à 0:30", alt_en: str = "White's clock at 0:30") -> dict:
    image = store_image(data=data)
    content = dict(content)
    content["stem_fr"] = f"{content['stem_fr']}\n\n[image:{name}]"
    if content.get("stem_en"):
        content["stem_en"] = f"{content['stem_en']}\n\n[image:{name}]"
    content["media"] = [{"name": name, "sha256": image.sha256, "alt_fr": alt_fr, "alt_en": alt_en}]
    return content


def published_with_image(uid: str, author, reviewer, data: bytes | None = None):
    question = services.create_question(author=author, content=with_image(core_samples.single(),
                                                                          data=data or png_bytes()), uid=uid)
    services.submit_for_review(question=question, user=author)
    services.approve(question=question, reviewer=reviewer)
    question.refresh_from_db()
    return question


def with_explanation_image(content: dict, *, data: bytes, name: str = "feuille.png",
                           alt_fr: str = "Feuille de partie signée",
                           alt_en: str = "Signed scoresheet") -> dict:
    """``content`` with one more image, placed in its explanation (both languages) and nowhere in
    its stem: part of the correction."""
    image = store_image(data=data)
    content = dict(content)
    content["explanation_fr"] = f"{content['explanation_fr']}\n\n[image:{name}]"
    if content.get("explanation_en"):
        content["explanation_en"] = f"{content['explanation_en']}\n\n[image:{name}]"
    content["media"] = [*(content.get("media") or []),
                        {"name": name, "sha256": image.sha256, "alt_fr": alt_fr, "alt_en": alt_en}]
    return content


def published_with_explanation_image(uid: str, author, reviewer, *, stem_image: bool = False):
    """A published question whose explanation shows an image (and, with ``stem_image``, whose stem
    shows another)."""
    content = core_samples.single()
    if stem_image:
        content = with_image(content, data=png_bytes())
    content = with_explanation_image(content, data=png_bytes(colour="lightblue"))
    question = services.create_question(author=author, content=content, uid=uid)
    services.submit_for_review(question=question, user=author)
    services.approve(question=question, reviewer=reviewer)
    question.refresh_from_db()
    return question
