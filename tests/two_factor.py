"""The second factor in tests: one place that gives logins of the test suite a verified session.

``Client.force_login`` / ``Client.login`` (and so every fixture and ``client_for``) are
wrapped by ``tests/conftest.py``: a person whose role requires two-factor authentication
gets a confirmed authenticator and a session it has verified, as after the real code page.
A test about the code page itself logs in with ``unverified_login``. Browser tests that
log in through the form call ``pass_two_factor_step`` after the password.
"""

from __future__ import annotations

import time

from django.test.client import ClientMixin
from django_otp import DEVICE_ID_SESSION_KEY
from django_otp.oath import hotp
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts import two_factor
from accounts.models import User

_original_login = ClientMixin._login


def authenticator_for(user: User) -> TOTPDevice:
    device = two_factor.authenticator(user)
    if device is None:
        device = TOTPDevice.objects.create(user=user, name="tests", confirmed=True)
    return device


def _login_with_second_factor(self, user, backend=None):
    _original_login(self, user, backend)
    if getattr(self, "skip_second_factor", False):
        return
    fresh = User.objects.get(pk=user.pk)  # the caller's instance may hold a stale permission cache
    if two_factor.is_required_for(fresh):
        session = self.session
        session[DEVICE_ID_SESSION_KEY] = authenticator_for(fresh).persistent_id
        session.save()


def install() -> None:
    ClientMixin._login = _login_with_second_factor


def uninstall() -> None:
    ClientMixin._login = _original_login


def unverified_login(client, user: User) -> None:
    """Password done, code not yet given: what a person sees right after the login form."""
    client.skip_second_factor = True
    client.force_login(user)


def next_code(device: TOTPDevice) -> str:
    """A code the device accepts now and has not accepted before.

    A code may be used once (django-otp remembers the last time step): the current step is
    taken first, then the next unused one within the device's tolerance (a test that logs the
    same person in twice within 30 s takes the next step's code). Never an earlier step: if
    the clock ticked between the choice and the server's check, the server would no longer
    accept it (the page then waits 30 s for a redirect and the test fails), whereas the
    current and next steps stay within the tolerance after a tick. When every acceptable step
    is used, it waits for the clock."""
    device.refresh_from_db()
    while True:
        now_step = int((time.time() - device.t0) // device.step) + device.drift
        step = max(now_step, device.last_t + 1)
        if step <= now_step + device.tolerance:
            return f"{hotp(device.bin_key, step, device.digits):0{device.digits}d}"
        time.sleep(0.5)


def pass_two_factor_step(page, email: str) -> None:
    """After the login form: gives the code if the site asks for it (Playwright page)."""
    page.wait_for_url(lambda url: "/accounts/login/" not in url)
    if "/accounts/two-factor/verify/" not in page.url:
        return
    device = authenticator_for(User.objects.get(email=email))
    page.locator("input[name=code]").fill(next_code(device))
    page.locator("main form button[type=submit]").first.click()
    page.wait_for_url(lambda url: "/accounts/two-factor/" not in url)
