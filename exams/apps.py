from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExamsConfig(AppConfig):
    name = "exams"
    verbose_name = _("Examens")
