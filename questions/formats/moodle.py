"""Moodle XML (the "Moodle XML format" of Moodle's question bank import/export).

Mapping (export, and back on import):

- ``single`` → ``multichoice`` with ``<single>true</single>``, the correct option at 100 %;
  with negative marking the wrong options are at −100 %.
- ``multiple`` → ``multichoice`` with ``<single>false</single>``: each correct option earns
  100 % ÷ (number of correct options); a wrong option costs the same share when scoring is
  ``partial`` or negative marking is on, 100 % when it is ``all_or_nothing`` (Moodle has no
  all-or-nothing multiple choice in core: any wrong tick gives 0, a missing tick still gives
  partial credit there; the tag ``arbitre-scoring:all_or_nothing`` brings it back here).
- ``truefalse`` → ``truefalse``; ``numeric`` → ``numerical`` (tolerance, unit);
  ``short`` → ``shortanswer`` (case-insensitive; the English answers are added to the French
  ones); ``open`` → ``essay`` (model answer and rubric in ``graderinfo``).
- ``ruling`` → fallback: ``multichoice`` with several answers, decisions then sanctions
  (prefixed « Décision : » / « Sanction : »), the correct decision earning
  decision_points ÷ points, the correct sanctions sharing sanction_points ÷ points, each wrong
  option costing its part's share (so Moodle grades each part much as we do). Tags
  ``arbitre-ruling:<decision points>:<sanction points>`` and
  ``arbitre-option:<n>:decision|sanction:<key>:<outcome|action>`` rebuild the ruling on
  import; without them (a Moodle that dropped the tags) it comes back as a ``multiple``
  question with partial credit.
- Texts: HTML; French and English in Moodle multilang spans. Units, difficulty, citations,
  negative marking, eliminatory, and all-or-nothing scoring travel as tags prefixed
  ``arbitre-``; the uid is the ``idnumber`` (and the name).
- A scenario becomes a diagram: an SVG of the position the candidate sees (as on the
  question's page, positions left by an illegal move included), embedded as a base64
  ``@@PLUGINFILE@@`` file, with the moves and clocks as text.
- A ruling part worth 0 points puts all its options at 0 %: the last field of its
  ``arbitre-option`` tags (``correct``/``wrong``) says which are correct.
- Lossless: each question also carries its whole content in an ``<arbitre>`` element
  (``questions.formats.extension``), which Moodle ignores. Re-importing our own export gives
  back exactly what was exported (scenario, source, option keys included). A question edited
  in Moodle (or exported again by Moodle, which drops the element) is read from its native
  part; it keeps the scenario and the source of the carried content or, failing that, of its
  latest version in the bank (``importer._with_uncarried_fields``).
- Natively lost (so only the extension brings them back): the scenario and ``source``;
  choice option keys come back as a, b, c…; images of questions written in Moodle are not
  kept (the bank stores text).
"""

from __future__ import annotations

from questions.formats.moodle_export import EXTENSION_ELEMENT, export
from questions.formats.moodle_import import parse, parse_grader_info
from questions.formats.moodle_metadata import (
    ACTIONS_PREFIX,
    ENGLISH_PREFIX,
    TAG_PREFIX,
    apply_flags,
    export_tags,
    read_tags,
)

__all__ = [
    "ACTIONS_PREFIX",
    "ENGLISH_PREFIX",
    "EXTENSION_ELEMENT",
    "TAG_PREFIX",
    "apply_flags",
    "export",
    "export_tags",
    "parse",
    "parse_grader_info",
    "read_tags",
]
