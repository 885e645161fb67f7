from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DemoConfig(AppConfig):
    """The demo data of every app, loaded in order by `manage.py load_demo`.

    It sits above the domain apps: it imports their `demo` modules, none of them imports it.
    """

    name = "demo"
    verbose_name = _("Démonstration")
