"""Forms of the trainer-facing pages of the question bank.

The editor is one ``QuestionForm`` (metadata, texts, scenario and the scalar parts of the
body) plus four formsets for the lists (options, rubric, decisions, sanctions), held
together by ``QuestionEditor``. Together they read and write a question in the bank's own
format (``questions/data/FORMAT.md``): ``content_from_cleaned`` builds that dict,
``initial_from_content`` goes the other way, so the services and the engine check only ever
see the documented format.

One module per concept: ``choices`` (choices and small parsers), ``question`` (the main
form), ``options`` and ``ruling`` (the rows of the lists), ``editor`` (form and formsets
together), ``conversion`` (to and from the bank format), ``filters`` (the bank list),
``transfer`` (export and import) and ``workflow`` (comments and review decisions).
"""

from questions.forms.choices import (
    ACTION_CHOICES,
    CHOICE_TYPES,
    CLAIM_CHOICES,
    DIFFICULTY_CHOICES,
    EXPORT_FORMAT_CHOICES,
    FILTER_STATUS_CHOICES,
    ORIENTATION_CHOICES,
    OUTCOME_CHOICES,
    RATE_CHOICES,
    SCORING_CHOICES,
    SIDE_CHOICES,
    TEXT_LIMIT,
    TYPE_CHOICES,
    UNIT_CHOICES,
    format_citation,
    parse_citation,
)
from questions.forms.conversion import content_from_cleaned, initial_from_content
from questions.forms.editor import (
    LIST_FORMSETS,
    NEW_QUESTION_ROWS,
    SPARE_ROWS,
    DecisionFormSet,
    OptionFormSet,
    QuestionEditor,
    RubricFormSet,
    SanctionFormSet,
)
from questions.forms.filters import BankFilterForm
from questions.forms.options import OptionForm, RowForm, RubricForm
from questions.forms.question import QuestionForm
from questions.forms.ruling import NO_SANCTION, DecisionForm, SanctionForm
from questions.forms.transfer import ExportForm, ImportConfirmForm, ImportForm
from questions.forms.workflow import CommentForm, ReviewDecisionForm

__all__ = [
    "ACTION_CHOICES",
    "CHOICE_TYPES",
    "CLAIM_CHOICES",
    "DIFFICULTY_CHOICES",
    "EXPORT_FORMAT_CHOICES",
    "FILTER_STATUS_CHOICES",
    "LIST_FORMSETS",
    "NEW_QUESTION_ROWS",
    "NO_SANCTION",
    "ORIENTATION_CHOICES",
    "OUTCOME_CHOICES",
    "RATE_CHOICES",
    "SCORING_CHOICES",
    "SIDE_CHOICES",
    "SPARE_ROWS",
    "TEXT_LIMIT",
    "TYPE_CHOICES",
    "UNIT_CHOICES",
    "BankFilterForm",
    "CommentForm",
    "DecisionForm",
    "DecisionFormSet",
    "ExportForm",
    "ImportConfirmForm",
    "ImportForm",
    "OptionForm",
    "OptionFormSet",
    "QuestionEditor",
    "QuestionForm",
    "ReviewDecisionForm",
    "RowForm",
    "RubricForm",
    "RubricFormSet",
    "SanctionForm",
    "SanctionFormSet",
    "content_from_cleaned",
    "format_citation",
    "initial_from_content",
    "parse_citation",
]
