"""GIFT (Moodle's "General Import Format Technology", a plain-text question format).

Mapping, as for Moodle XML (see ``questions.formats.moodle``): single choice ``{=right
~wrong}``, multiple choice with weights ``{~%50%right ~%-50%wrong}``, true/false ``{TRUE}``,
numeric ``{#value:tolerance}``, short answer ``{=a =b}``, open answer ``{}`` (the model
answer and the rubric travel in the general feedback ``####…``, since GIFT has no grader
information), ruling as a weighted multiple choice (decisions then sanctions, rebuilt from
the ``arbitre-ruling``/``arbitre-option`` tags as in Moodle XML). Texts are
``[html]`` with Moodle multilang spans for French/English. The uid, units, points,
difficulty, citations and flags travel in the comment line Moodle reads before a question:
``// [id:uid] [tag:arbitre-unit:UVR] …``. A scenario is described in words (moves, the FEN of
the position the candidate sees): GIFT cannot embed an image. Lossless: a second comment line
``// arbitre-questions: {…}`` carries the whole content (``questions.formats.extension``), so
our own export comes back exactly; without it, the scenario and the source are lost and
choice option keys come back as a, b, c…; the data span of the question text (see
``questions.formats.moodle``) brings back the scenario, the source and long tags.

Reading files from elsewhere (``gift_import``), as Moodle reads them:

- Weights are weights: ``=%100%Frog =%50%Cat`` accepts "Frog" (the 50 % answer is reported:
  a short answer is right or wrong), ``~%-25%x`` is a penalty; they never stay in the text.
- A question with an ``=`` answer is a single choice (partial credit of its other answers is
  reported); without one, a multiple choice whose weights are shared equally (other weights
  reported, and those Moodle would refuse).
- ``[html]``, ``[moodle]``, ``[plain]``, ``[markdown]`` before the question or any answer or
  feedback are removed and honoured (HTML read as text; Markdown's links keep their address,
  its emphasis is reported); without a marker, Moodle's format (HTML is read).
- Numerical answers as Moodle exports them (``{#\n\t=%100%3:2#feedback\n}``), tolerances
  ``3:2``, ranges ``1..5`` and several weighted answers: the first at 100 % is kept, the others
  reported; an error quotes the answer as written.
- ``$CATEGORY:`` lines make a tag, as Moodle XML's categories; uids as in Moodle XML
  (``questions.formats.stable_uid``) with the ``gift-`` prefix; a question without answers (a
  description) or a matching question is unsupported.
"""

from __future__ import annotations

import re

SPECIAL = "~=#{}:"
# The comment line that carries the whole content (see questions.formats.extension).
EXTENSION_COMMENT = "arbitre-questions:"


def escape(text: str) -> str:
    text = text.replace("\\", "\\\\")
    for char in SPECIAL:
        text = text.replace(char, "\\" + char)
    return text.replace("\n", "\\n")


# An escaped "n" is a backslash closing an even run of backslashes, then "n".
_ESCAPED_NEWLINE_RE = re.compile(r"(?<!\\)((?:\\\\)*)\\n")
_ESCAPED_RE = re.compile(r"\\(.)", re.S)


def unescape(text: str) -> str:
    """``\\n`` is a line break, ``\\x`` is ``x``. Two substitutions by template, without a
    Python call per escape (a file can hold millions of them)."""
    if "\\" not in text:
        return text
    return _ESCAPED_RE.sub(r"\1", _ESCAPED_NEWLINE_RE.sub("\\1\n", text))


from questions.formats.gift_export import export  # noqa: E402 - they use the helpers above
from questions.formats.gift_import import parse  # noqa: E402

__all__ = ["EXTENSION_COMMENT", "SPECIAL", "escape", "export", "parse", "unescape"]
