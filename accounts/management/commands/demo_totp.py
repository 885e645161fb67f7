"""Prints the current two-factor code of a demo account (its secret is published in the README)."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts.demo import DEMO_DEVICE_NAME, DEMO_TOTP_SECRETS


class Command(BaseCommand):
    help = "Print the current two-factor code of a demo account (demo accounts only)."

    def add_arguments(self, parser) -> None:
        parser.add_argument("email", help="e.g. examens@demo.arbitre.fr")

    def handle(self, *args, email: str, **options) -> None:
        email = email.strip().lower()
        if email not in DEMO_TOTP_SECRETS:
            accounts = ", ".join(DEMO_TOTP_SECRETS)
            raise CommandError(f"Only the demo accounts have a published secret: {accounts}.")
        device = TOTPDevice.objects.filter(user__email=email, name=DEMO_DEVICE_NAME, confirmed=True).first()
        if device is None:
            raise CommandError(f"{email} has no demo authenticator: run `python manage.py load_demo` first.")
        totp = TOTP(device.bin_key, device.step, device.t0, device.digits, device.drift)
        self.stdout.write(f"{totp.token():0{device.digits}d}")
