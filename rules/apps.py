from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulesConfig(AppConfig):
    name = "rules"
    verbose_name = _("Règles du jeu")

    def ready(self) -> None:
        # Connects the receivers that forget the cached fragments when the rulebook changes.
        from rules import rulebook_cache  # noqa: F401
