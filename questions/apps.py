from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class QuestionsConfig(AppConfig):
    name = "questions"
    verbose_name = _("Banque de questions")

    def ready(self) -> None:
        from questions.signals import connect_model_signals, connect_rulebook_signals

        connect_model_signals()
        connect_rulebook_signals()
