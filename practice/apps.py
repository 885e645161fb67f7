from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PracticeConfig(AppConfig):
    name = "practice"
    verbose_name = _("Entraînement")

    def ready(self) -> None:
        from delivery.signals import answers_graded
        from practice.receivers import move_cards_of_graded_answers

        answers_graded.connect(move_cards_of_graded_answers, dispatch_uid="practice.move_cards")

        from delivery import parts
        from practice.managed_part import MockPart

        parts.register("practice.managed_tournament", MockPart())
