"""Arbitre settings.

Everything that differs between a laptop and production is read from the environment
through the small typed helpers below. With no environment at all the site runs in
DEBUG on SQLite under ``var/``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from whitenoise.compress import Compressor

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("ARBITRE_VAR_DIR", BASE_DIR / "var"))


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    return int(value) if value else default


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


DEBUG = env_bool("DEBUG", default=True)
TESTING = env_bool("ARBITRE_TESTING", default="pytest" in sys.modules)
# Production settings served over plain HTTP on the loopback address (`make run`): the
# only difference is that cookies are not marked Secure and HTTP is not redirected.
INSECURE_LOOPBACK = env_bool("INSECURE_LOOPBACK")

_DEV_SECRET = "dev-only-insecure-secret-key-change-me-arbitre-0123456789-abcdefghijklmnop"  # noqa: S105 (only ever used with DEBUG on)
SECRET_KEY = env_str("SECRET_KEY")
if not SECRET_KEY and env_str("SECRET_KEY_FILE"):
    from config.secret_key import secret_key_from_file

    SECRET_KEY = secret_key_from_file(Path(env_str("SECRET_KEY_FILE")))
if not SECRET_KEY and DEBUG:
    SECRET_KEY = _DEV_SECRET
if not SECRET_KEY:
    raise ImproperlyConfigured(
        "SECRET_KEY must be set when DEBUG is off (or SECRET_KEY_FILE, the file to keep a generated key in)."
    )

_LOOPBACK_HOSTS = ["127.0.0.1", "localhost", "[::1]"]
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [*_LOOPBACK_HOSTS, "testserver"])
if INSECURE_LOOPBACK and not set(ALLOWED_HOSTS) <= {*_LOOPBACK_HOSTS, "testserver"}:
    raise ImproperlyConfigured(
        "INSECURE_LOOPBACK serves plain HTTP: ALLOWED_HOSTS must be loopback names only."
    )
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])
SITE_URL = env_str("SITE_URL", "http://127.0.0.1:8000")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "axes",
    "csp",
    "django_tasks",
    "django_tasks_db",
    "ninja",
    "django_otp",
    "django_otp.plugins.otp_totp",
    "django_otp.plugins.otp_static",
    "config",  # the project's own management commands (backup, restore)
    "accounts",
    "rules",
    "positions",
    "questions",
    "delivery",
    "papers",
    "courses",
    "exams",
    "grading",
    "tournaments",
    "managed_tournaments",
    "practice",
    "certificates",
    "demo",  # above the domain apps: loads their demo data (`manage.py load_demo`)
]

MIDDLEWARE = [
    "config.observability.RequestIdMiddleware",
    "config.middleware.SecurityHeadersMiddleware",
    # Outside everything that may answer by itself (API errors, lock-outs, 2FA redirects).
    "csp.middleware.CSPMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "accounts.middleware.UserLanguageMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    # After the language is chosen: its JSON errors are written in it.
    "config.api.ApiErrorsMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "accounts.middleware.OTPMiddleware",  # django-otp's, its device read in SQL written once
    # Exam staff, graders and administrators give their second factor before any page.
    "accounts.middleware.TwoFactorMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "delivery.middleware.ClosedBookMiddleware",
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "accounts.context_processors.navigation",
            ],
            # {% url %} remembering the URLs it reversed (config/template_urls.py).
            "builtins": ["config.template_urls"],
        },
    }
]
# Django's form renderer, with the field, label, error list and common widget templates written
# out in Python: same HTML, a tenth of the time (config/form_renderer.py).
FORM_RENDERER = "config.form_renderer.FormRenderer"

# Databases: SQLite under var/ by default, anything dj-database-url understands otherwise.
DATABASE_URL = env_str("DATABASE_URL")
if DATABASE_URL:
    # Persistent connections in production; none under test, where a connection left open
    # by the live server's thread would stop the test database from being dropped.
    DATABASES = {
        "default": dj_database_url.parse(
            DATABASE_URL, conn_max_age=0 if TESTING else 60, conn_health_checks=True
        )
    }
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and env_bool(
        "DATABASE_PREPARED_STATEMENTS", default=True
    ):
        DATABASES["default"].setdefault("OPTIONS", {}).update({
            "server_side_binding": True,
            "prepare_threshold": env_int("DATABASE_PREPARE_THRESHOLD", 5),
        })
    if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and TESTING:
        # A test database is thrown away: its commits (every request of the browser tests, every
        # flush between them) need not wait for the disk.
        DATABASES["default"].setdefault("OPTIONS", {})["options"] = "-c synchronous_commit=off"
else:
    VAR_DIR.mkdir(parents=True, exist_ok=True)
    DATABASES = {"default": {"ENGINE": "django.db.backends.sqlite3", "NAME": VAR_DIR / "arbitre.sqlite3"}}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Whether named by DATABASE_URL or by default: WAL lets readers and the single writer
    # work side by side; IMMEDIATE transactions avoid "database is locked" on read-then-write
    # upgrades; a writer waits up to 20 s for the lock rather than failing.
    DATABASES["default"].setdefault("OPTIONS", {}).update({
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
    })
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

CACHE_URL = env_str("CACHE_URL") or env_str("REDIS_URL")
if CACHE_URL:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": CACHE_URL}}
elif TESTING:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "arbitre"}}
else:
    # One machine without Redis: a file cache under var/ is shared by every gunicorn worker
    # and survives restarts (the engine's mate verdicts take seconds to compute once; rate
    # limits must count across workers; sessions are read from it). Django's, culled less
    # often (config/cache.py).
    CACHES = {
        "default": {
            "BACKEND": "config.cache.FileBasedCache",
            "LOCATION": VAR_DIR / "cache",
            "OPTIONS": {"MAX_ENTRIES": 20000},
        }
    }

# The engine's definite mate verdicts (positions.searches) are kept in this cache, under keys
# that carry the engine's fingerprint. Under test they go to a file cache under var/ that
# outlives the run: a verdict takes seconds to compute (the shipped bank's rulings, about 50 s
# in all) and is the same whatever the database, so the suite's second run (CI's PostgreSQL
# one) and the second worker read what the first computed. A changed engine changes every key.
ENGINE_VERDICT_CACHE = "default"
if TESTING and not CACHE_URL:
    CACHES["engine_verdicts"] = {
        "BACKEND": "config.cache.FileBasedCache",
        "LOCATION": VAR_DIR / "test-cache" / "engine-verdicts",
        "TIMEOUT": None,
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
    ENGINE_VERDICT_CACHE = "engine_verdicts"

# Sessions are read on every request (an exam's autosaves every few seconds per candidate):
# from the cache, written through to the database, which keeps them when the cache loses
# them. The cache is one every process shares (Redis, or the file cache above); only the
# tests use a per-process one, and they run in one process.
SESSION_ENGINE = "django.contrib.sessions.backends.cached_db"

AUTH_USER_MODEL = "accounts.User"
# Django's model backend, reading the signed-in person in a query compiled once (every request
# reads it). Django's own stays listed last for the sessions opened through it before
# (2026-11-27), so that an upgrade during an exam signs nobody out; accounts' backend stops a
# refused login before it. It may go once those sessions have expired (two weeks).
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "accounts.backends.ModelBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Failed logins: five failures lock the (username, address) pair for 15 minutes.
AXES_FAILURE_LIMIT = env_int("AXES_FAILURE_LIMIT", 5)
AXES_COOLOFF_TIME = 0.25  # hours
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "accounts/locked_out.html"
AXES_RESET_ON_SUCCESS = True
AXES_USERNAME_FORM_FIELD = "username"
AXES_USERNAME_CALLABLE = "accounts.lockout.normalised_username"
AXES_CLIENT_IP_CALLABLE = "accounts.lockout.client_address"
# How many reverse proxies in front of the app append to X-Forwarded-For (0: the app is
# reached directly and REMOTE_ADDR is the client).
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", 0)
AXES_ENABLED = env_bool("AXES_ENABLED", default=True)

# Two-factor authentication (accounts/two_factor.py): the name authenticator apps show.
OTP_TOTP_ISSUER = "Arbitre"

# When the database does not answer, pages say 503 and ask to come back after this long.
DATABASE_RETRY_AFTER_SECONDS = env_int("DATABASE_RETRY_AFTER_SECONDS", 10)

# Delivery: how late after an attempt's deadline an answer sent in time may still arrive.
DELIVERY_GRACE_SECONDS = env_int("DELIVERY_GRACE_SECONDS", 30)

# Internationalisation: French first, English second; URLs are the same in both.
LANGUAGE_CODE = "fr"
LANGUAGES = [("fr", _("Français")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "arbitre_language"
LANGUAGE_COOKIE_SECURE = not (DEBUG or INSECURE_LOOPBACK)
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Europe/Paris"
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = VAR_DIR / "static"
STATICFILES_DIRS = [BASE_DIR / "static"]
MEDIA_URL = "/media/"
MEDIA_ROOT = Path(env_str("MEDIA_ROOT", str(VAR_DIR / "media")))
# Where `manage.py backup` writes its archives (config/backups.py).
BACKUP_DIR = Path(env_str("BACKUP_DIR", str(VAR_DIR / "backups")))
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        # Hashed, compressed files with far-future cache headers. In DEBUG the manifest is
        # not consulted, so development works without collectstatic; tests run without it.
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if TESTING
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
}

# Source maps are fetched only by a developer's tools: compressing the API reference page's
# (Swagger UI, several MB) would triple the time collectstatic takes.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = (*Compressor.SKIP_COMPRESS_EXTENSIONS, "map")

EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
EMAIL_HOST = env_str("EMAIL_HOST", "localhost")
EMAIL_PORT = env_int("EMAIL_PORT", 25)
EMAIL_HOST_USER = env_str("EMAIL_HOST_USER")
EMAIL_HOST_PASSWORD = env_str("EMAIL_HOST_PASSWORD")
EMAIL_USE_TLS = env_bool("EMAIL_USE_TLS")
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "Arbitre <noreply@arbitre.invalid>")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Background work (convocation e-mails…) is queued in the database and run by
# `python manage.py db_worker`; under test it runs at once, inside the request.
TASKS = {
    "default": {
        "BACKEND": "django_tasks.backends.immediate.ImmediateBackend"
        if TESTING
        else "django_tasks_db.DatabaseBackend",
        "QUEUES": ["default"],
    }
}

# Security. Behind a TLS-terminating reverse proxy in production.
SESSION_COOKIE_SECURE = not (DEBUG or INSECURE_LOOPBACK)
CSRF_COOKIE_SECURE = not (DEBUG or INSECURE_LOOPBACK)
SESSION_COOKIE_HTTPONLY = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
# Browser features no page of ours uses: refused to every page and anything embedded in it.
PERMISSIONS_POLICY_DENIED = [
    "accelerometer",
    "camera",
    "display-capture",
    "geolocation",
    "gyroscope",
    "magnetometer",
    "microphone",
    "payment",
    "usb",
]
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not INSECURE_LOOPBACK)
    SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 0 if INSECURE_LOOPBACK else 31536000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True

# Content-Security-Policy: every asset is ours; scripts only from files on our origin,
# never inline. Styles allow inline attributes because the SVG diagrams python-chess
# draws carry them.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
}

# Logs: JSON lines on stderr (config/observability.py), each with its request's id; one
# access line per request at INFO (the URL pattern, the status, the time; no personal data).
# LOG_FORMAT=text for a person reading a terminal.
LOG_CLIENT_ADDRESS = env_bool("LOG_CLIENT_ADDRESS")
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "config.observability.RequestIdFilter"}},
    "formatters": {
        "json": {"()": "config.observability.JsonLinesFormatter"},
        "text": {"format": "%(asctime)s %(levelname)s %(name)s [%(request_id)s] %(message)s"},
    },
    "handlers": {
        "console": {
            "class": "logging.StreamHandler",
            "filters": ["request_id"],
            "formatter": "text" if env_str("LOG_FORMAT") == "text" else "json",
        }
    },
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "WARNING")},
    "loggers": {
        "arbitre.request": {"level": env_str("ACCESS_LOG_LEVEL", "WARNING" if TESTING else "INFO")},
        # One line per graded answer with its duration (delivery.services): INFO to see them.
        "arbitre.grading": {"level": env_str("GRADING_LOG_LEVEL", "WARNING")},
    },
}

if TESTING:
    PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Each django.test.Client builds its own middleware chain, and WhiteNoise's would read the
    # whole of STATIC_ROOT (some 1,200 files: ~0.1 s) for every one, i.e. for most tests. It
    # looks a file up when it is asked for instead; the files served are the same.
    WHITENOISE_AUTOREFRESH = True

# Certificates (app ``certificates``): the federation's Ed25519 signing key, generated once
# and kept like the secret key (a file under var/, mode 0600); who signs; how many public
# lookups a client may make per minute; how many processes render a batch's PDFs.
CERTIFICATE_SIGNING_KEY_FILE = Path(
    env_str("CERTIFICATE_SIGNING_KEY_FILE", str(VAR_DIR / "certificate_signing_key"))
)
CERTIFICATE_SIGNATORY_NAME = env_str("CERTIFICATE_SIGNATORY_NAME", "")
CERTIFICATE_SIGNATORY_TITLE_FR = env_str(
    "CERTIFICATE_SIGNATORY_TITLE_FR", "Le Directeur National de l'Arbitrage"
)
CERTIFICATE_SIGNATORY_TITLE_EN = env_str(
    "CERTIFICATE_SIGNATORY_TITLE_EN", "The National Director of Arbitration"
)
CERTIFICATE_LOOKUPS_PER_MINUTE = env_int("CERTIFICATE_LOOKUPS_PER_MINUTE", 30)
CERTIFICATE_RENDER_PROCESSES = env_int("CERTIFICATE_RENDER_PROCESSES", min(2, os.cpu_count() or 1))
CERTIFICATE_MAX_UPLOAD_BYTES = env_int("CERTIFICATE_MAX_UPLOAD_BYTES", 5 * 1024 * 1024)
# Where `load_demo` writes the demo certificates' PDFs, to try `verify_certificate` at once.
CERTIFICATE_DEMO_DIR = None if TESTING else VAR_DIR / "demo-certificates"
