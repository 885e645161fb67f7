from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Comptes")

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from accounts.two_factor import remember_devices_at_login

        user_logged_in.connect(remember_devices_at_login, dispatch_uid="accounts.two_factor")
