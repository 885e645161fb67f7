from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DeliveryConfig(AppConfig):
    name = "delivery"
    verbose_name = _("Passation des épreuves")
