"""The editor's forms live in a package split by concept; the old import paths keep working."""

from pathlib import Path

import questions.forms

PACKAGE = Path(questions.forms.__file__).parent


def test_the_forms_are_a_package_of_modules_under_500_lines():
    sizes = {path.name: len(path.read_text().splitlines()) for path in PACKAGE.glob("*.py")}
    assert Path(questions.forms.__file__).name == "__init__.py"
    assert len(sizes) > 5
    assert max(sizes.values()) < 500


def test_every_name_imported_elsewhere_is_still_importable_from_questions_forms():
    from questions.forms import (  # noqa: F401
        LIST_FORMSETS,
        BankFilterForm,
        CommentForm,
        ExportForm,
        ImportForm,
        QuestionEditor,
        QuestionForm,
        ReviewDecisionForm,
        initial_from_content,
        parse_citation,
    )

    assert QuestionEditor().form.__class__ is QuestionForm
