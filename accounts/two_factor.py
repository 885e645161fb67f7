"""Two-factor authentication: who needs it, and the devices behind it (django-otp).

Exam staff, graders and administrators (anyone holding one of REQUIRED_CAPABILITIES) must
prove a second factor after their password before any page answers them; everyone else may
enrol, and once enrolled is asked for the code at each login too. The second factor is a
TOTP authenticator app (``TOTPDevice``) with ten single-use recovery codes as a fallback
(``StaticDevice``). A session is "verified" when django-otp's OTPMiddleware finds the device
that verified it in the session.
"""

from __future__ import annotations

import re
import time
from base64 import b32encode
from urllib.parse import urlencode

import segno
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest
from django.urls import reverse
from django_otp import DEVICE_ID_SESSION_KEY, user_has_device
from django_otp import login as otp_login
from django_otp.plugins.otp_static.models import StaticDevice, StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

REQUIRED_CAPABILITIES = ("accounts.grade_copies", "accounts.manage_exams", "accounts.manage_users")
AUTHENTICATOR_NAME = "authenticator"
RECOVERY_NAME = "recovery"
RECOVERY_CODE_COUNT = 10
# Whether the logged-in person has a confirmed device, decided at login (or the first
# request of an older session) so that the hot paths (autosave) pay no query for it.
HAS_DEVICE_SESSION_KEY = "two_factor_has_device"

# URL prefixes a person who still owes their second factor may reach. Other apps never need
# to add theirs: everything else is closed until the code is given.
OPEN_PATH_PREFIXES = (
    "/accounts/two-factor/setup/",
    "/accounts/two-factor/verify/",
    "/accounts/logout/",
    "/accounts/language/",
    "/i18n/",
    "/jsi18n/",
    "/healthz",
    settings.STATIC_URL,
)

TOTP_SHAPE = re.compile(r"^\d{6}$")


def is_required_for(user) -> bool:
    """Whether this person's roles make a second factor compulsory."""
    return user.is_authenticated and any(user.has_perm(capability) for capability in REQUIRED_CAPABILITIES)


def has_device(request: HttpRequest) -> bool:
    if HAS_DEVICE_SESSION_KEY not in request.session:
        request.session[HAS_DEVICE_SESSION_KEY] = user_has_device(request.user)
    return request.session[HAS_DEVICE_SESSION_KEY]


REQUIRED_SESSION_KEY = "two_factor_required"
REQUIRED_RECHECK_SECONDS = 60


def is_required_in_session(request: HttpRequest) -> bool:
    """``is_required_for`` of the logged-in person, remembered in the session for a minute: the
    middleware asks it on every request (an exam's autosaves too), and it costs two queries. A
    role granted during a session is enforced within a minute (and at once on the next login)."""
    now = int(time.time())
    remembered = request.session.get(REQUIRED_SESSION_KEY)
    if (
        not isinstance(remembered, list)
        or len(remembered) != 3
        or remembered[2] != request.user.pk
        or not 0 <= now - remembered[1] < REQUIRED_RECHECK_SECONDS
    ):
        remembered = [is_required_for(request.user), now, request.user.pk]
        request.session[REQUIRED_SESSION_KEY] = remembered
    return remembered[0]


def owes_second_factor(request: HttpRequest) -> bool:
    """A logged-in person who has not given the code this session but must."""
    user = request.user
    if not user.is_authenticated:
        return False
    # Right after the login form request.user is the plain user OTPMiddleware has not wrapped.
    is_verified = getattr(user, "is_verified", None)
    if is_verified is not None and is_verified():
        return False
    return is_required_in_session(request) or has_device(request)


def step_url(request: HttpRequest, next_url: str | None = None) -> str:
    """The page where the person gives their code, or enrols if they have no device yet."""
    name = "accounts:two_factor_verify" if has_device(request) else "accounts:two_factor_setup"
    url = reverse(name)
    return f"{url}?{urlencode({'next': next_url})}" if next_url else url


def is_open_path(path: str) -> bool:
    return path.startswith(OPEN_PATH_PREFIXES)


def authenticator(user) -> TOTPDevice | None:
    return TOTPDevice.objects.filter(user=user, confirmed=True).first()


def pending_authenticator(user) -> TOTPDevice:
    """The device being enrolled: kept across reloads so that a scanned code stays valid."""
    device = TOTPDevice.objects.filter(user=user, confirmed=False, name=AUTHENTICATOR_NAME).first()
    if device is None:
        device = TOTPDevice.objects.create(user=user, confirmed=False, name=AUTHENTICATOR_NAME)
    return device


def secret_for_display(device: TOTPDevice) -> str:
    """The base32 secret in groups of four, for typing into an app that cannot scan."""
    secret = b32encode(device.bin_key).decode("ascii")
    return " ".join(secret[index : index + 4] for index in range(0, len(secret), 4))


def qr_code_svg(device: TOTPDevice) -> str:
    """The enrolment URL as an inline SVG QR code (drawn here: the secret never leaves the site)."""
    return segno.make(device.config_url, error="m").svg_inline(scale=4, dark="#111", light="#fff")


def new_recovery_codes(user) -> list[str]:
    """Replaces the person's recovery codes with ten fresh ones, returned once."""
    device, _created = StaticDevice.objects.get_or_create(
        user=user, name=RECOVERY_NAME, defaults={"confirmed": True}
    )
    device.token_set.all().delete()
    codes = [StaticToken.random_token() for _ in range(RECOVERY_CODE_COUNT)]
    StaticToken.objects.bulk_create(StaticToken(device=device, token=code) for code in codes)
    return codes


def remaining_recovery_codes(user) -> int:
    return StaticToken.objects.filter(device__user=user, device__name=RECOVERY_NAME).count()


@transaction.atomic
def confirm_enrolment(request: HttpRequest, device: TOTPDevice, token: str) -> list[str] | None:
    """Confirms the pending device if the code matches; returns the new recovery codes."""
    device = TOTPDevice.objects.select_for_update().get(pk=device.pk)
    if not device.verify_token(normalise(token)):
        return None
    device.confirmed = True
    device.save(update_fields=["confirmed"])
    codes = new_recovery_codes(request.user)
    otp_login(request, device)
    request.session[HAS_DEVICE_SESSION_KEY] = True
    return codes


def normalise(token: str) -> str:
    return re.sub(r"[\s-]", "", token or "").lower()


def verify(request: HttpRequest, token: str) -> bool:
    """Checks a code from the app (six digits) or a recovery code, and marks the session verified.

    Each kind of code is checked against its own device only: trying a TOTP code on the
    recovery device would count as a failure there and throttle it."""
    token = normalise(token)
    model = TOTPDevice if TOTP_SHAPE.match(token) else StaticDevice
    with transaction.atomic():
        for device in model.objects.devices_for_user(request.user, confirmed=True).select_for_update():
            if device.verify_token(token):
                # A new session key for the now fully authenticated session (as login() does).
                request.session.cycle_key()
                otp_login(request, device)
                return True
    return False


def disable(request: HttpRequest) -> None:
    user = request.user
    TOTPDevice.objects.filter(user=user).delete()
    StaticDevice.objects.filter(user=user).delete()
    request.session.pop(DEVICE_ID_SESSION_KEY, None)
    request.session[HAS_DEVICE_SESSION_KEY] = False
    user.otp_device = None


# Lock-out for wrong codes. Password failures are django-axes' (reset by a successful
# password login); codes get their own counter so that logging in again with the password
# does not buy another round of guesses. django-otp's own throttling (1, 2, 4… seconds
# between tries) applies on top.


def _failures_key(user) -> str:
    return f"two-factor-failures:{user.pk}"


def lockout_seconds() -> int:
    return int(settings.AXES_COOLOFF_TIME * 3600)


def is_locked_out(user) -> bool:
    return cache.get(_failures_key(user), 0) >= settings.AXES_FAILURE_LIMIT


def record_failure(user) -> bool:
    """Counts a wrong code; True when this one locks the account."""
    key = _failures_key(user)
    if cache.add(key, 1, timeout=lockout_seconds()):
        failures = 1
    else:
        try:
            failures = cache.incr(key)
        except ValueError:  # expired between add and incr
            cache.add(key, 1, timeout=lockout_seconds())
            failures = 1
    return failures >= settings.AXES_FAILURE_LIMIT


def clear_failures(user) -> None:
    cache.delete(_failures_key(user))


def remember_devices_at_login(sender, request: HttpRequest | None, user, **kwargs) -> None:
    """Connected to ``user_logged_in`` (AccountsConfig.ready): a new session learns once
    whether its person has a device; the middleware then reads the answer from the session."""
    if request is not None and hasattr(request, "session"):
        request.session[HAS_DEVICE_SESSION_KEY] = user_has_device(user)
