from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ManagedTournamentsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "managed_tournaments"
    verbose_name = _("Tournois gérés")
