"""Receivers: a new edition of the rulebook flags the questions citing changed articles."""

from __future__ import annotations


def on_articles_changed(sender, *, edition: str, previous_edition: str = "", numbers=(), **kwargs) -> None:
    from questions.services import flag_questions_citing

    flag_questions_citing(edition=edition, previous_edition=previous_edition or "",
                          numbers=[str(number) for number in numbers])


def connect_rulebook_signals() -> None:
    # rules.signals belongs to the rules app; imported here, once every app is ready.
    from rules.signals import articles_changed

    articles_changed.connect(on_articles_changed, dispatch_uid="questions.flag_questions_citing")
