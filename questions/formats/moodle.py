"""Moodle XML (the "Moodle XML format" of Moodle's question bank import/export).

Modules: ``moodle_export`` (writing), ``moodle_import`` (reading), ``moodle_metadata`` (the
``arbitre-`` tags, the question text's data span, uids), ``moodle_grades`` (Moodle's list of
grades). GIFT (``gift``) shares the last two.

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
  option costing its part's share (so Moodle grades each part much as we do); a part with no
  correct option (no sanction is due) leaves its share to the other, since Moodle wants the
  correct answers of a multiple-answer question to make 100 %. Tags
  ``arbitre-ruling:<decision points>:<sanction points>`` and
  ``arbitre-option:<n>:decision|sanction:<key>:<outcome|action>`` rebuild the ruling on
  import; without them (a Moodle that dropped the tags) it comes back as a ``multiple``
  question with partial credit.
- Grades: every answer's grade is one of Moodle's list (100, 90, 83.33333 … 5, 0 and their
  negatives), else Moodle refuses the file (``invalidgrade``); a multiple-answer question's
  positive grades add up to 100 % (within Moodle's 99.5–100.5, else ``fractionsaddwrong``).
  Rounding (``moodle_grades.positive_grades``): each share takes its nearest grade, then, while
  the total is out of range, the share that loses least moves to the next grade up (down); a
  ruling worth 1 of 4 points over 3 correct sanctions gets 75, 5, 10, 10 instead of 8.33333 each.
- Texts: HTML; French and English in Moodle multilang spans. Units, difficulty, citations,
  negative marking, eliminatory, and all-or-nothing scoring travel as tags prefixed
  ``arbitre-``; the uid is the ``idnumber`` (and the name).
- Tags: Moodle keeps 50 characters of a tag. A longer one is exported shortened (its first 41
  characters, "~" and 8 of its hash: ``moodle_metadata.moodle_tag``) and the full one travels in
  the question text's data span; on import, shortened tags, and tags Moodle cut from an older
  export, are found again there.
- The data span: an empty ``<span class="arbitre-data" data-arbitre="{…}">`` at the end of the
  question text carries what Moodle's fields cannot: the long tags, the scenario, the source, a
  short answer's French and English lists when they share answers, a computed question's
  generator. Moodle stores and exports a question's HTML as it is and shows nothing of an empty
  span, so this survives a trip through Moodle (the ``<arbitre>`` element below does not): the
  whole shipped bank comes back unchanged from a Moodle XML or GIFT file without it.
- A scenario becomes a diagram: an SVG of the position the candidate sees (as on the
  question's page, positions left by an illegal move included), embedded as a base64
  ``@@PLUGINFILE@@`` file, with the moves and clocks as text.
- A ruling part worth 0 points puts all its options at 0 %: the last field of its
  ``arbitre-option`` tags (``correct``/``wrong``) says which are correct.
- Lossless: each question also carries its whole content in an ``<arbitre>`` element
  (``questions.formats.extension``), which Moodle ignores. Re-importing our own export gives
  back exactly what was exported (scenario, source, option keys included). A question edited
  in Moodle (or exported again by Moodle, which drops the element) is read from its native
  part and its data span; without them, it keeps the scenario and the source of its latest
  version in the bank (``importer._with_uncarried_fields``).

Files from elsewhere (import):

- Categories (``<question type="category">``) become a tag of each question they hold
  ("Formation AF3 / Pièce touchée": the path without ``$course$``, "top" and Moodle's default
  category); the bank has tags, no collections, so a category's description is reported.
- Nothing is dropped without a word: each question's ``BankEntry.left_out`` lists what the bank
  could not keep — attached files and images (the bank stores no files), italics and other
  formatting (plain text; links keep their address in brackets, ``<pre>`` its lines), answer
  feedback of types whose answers have none here, combined feedback and hints, partial credit a
  type cannot hold (a single choice or a short answer is all or nothing, a multiple choice
  shares equally), grades Moodle itself would refuse, extra numerical answers. The import's
  report shows it per question (web page and ``import_questions``).
- Identity (``questions.formats.stable_uid``): a name is not an id. An idnumber written as the
  bank writes uids (lower-case words joined by hyphens) is the uid; another idnumber gives
  ``moodle-id-<slug>-<hash of the idnumber>``; without one, the uid is
  ``moodle-<slug of the name>-<hash of category, name, type and French stem>``. So two unrelated
  questions with the same name never share a uid; the same file imported twice changes nothing;
  a question updates its earlier import only when it is the same question (same idnumber, or
  same category, name, type and stem: its options, feedback or points may have been edited).
  And an import never changes the type of an existing question (``importer._identity_problems``).
- Types the bank has no equivalent for (cloze, matching, description…) are ``unsupported``:
  the file is refused unless the trainer agrees to import the rest (``--skip-unsupported``, or
  the web form's confirmation step that lists them).
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
