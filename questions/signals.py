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


def refuse_deleting_published_versions(sender, instance, **kwargs) -> None:
    # Exams keep the version they used: a published version is never deleted, not even in bulk
    # or through its question (retire the question instead).
    from questions.models import FrozenVersionError

    if instance.published_at is not None:
        raise FrozenVersionError(f"{instance} is published and cannot be deleted.")


def connect_model_signals() -> None:
    from django.db.models.signals import pre_delete

    from questions.models import QuestionVersion

    pre_delete.connect(refuse_deleting_published_versions, sender=QuestionVersion,
                       dispatch_uid="questions.refuse_deleting_published_versions")
