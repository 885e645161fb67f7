"""`make run` serves as production does (bin/serve); `make dev` is the debug server."""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from config.secret_key import secret_key_from_file

REPO = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter with the environment under test: collects the static files
# (hashed, as WhiteNoise serves them), then asks for a missing page and a failing one.
PROBE = """
import json, django
django.setup()
from django.conf import settings
from django.core.management import call_command
from django.test import Client
from django.urls import path
import config.urls

def broken(request):
    raise RuntimeError("probe")

config.urls.urlpatterns.append(path("probe-broken", broken))
# The admin's and the API reference page's files are left out: the error pages do not use
# them, and compressing them takes a minute.
call_command("collectstatic", "--noinput", "--ignore", "admin", "--ignore", "ninja", verbosity=0)
client = Client(raise_request_exception=False)
missing, failing = client.get("/probe-missing"), client.get("/probe-broken")
print(json.dumps({
    "debug": settings.DEBUG,
    "session_cookie_secure": settings.SESSION_COOKIE_SECURE,
    "ssl_redirect": settings.SECURE_SSL_REDIRECT,
    "static_storage": settings.STORAGES["staticfiles"]["BACKEND"],
    "404": [missing.status_code, missing.content.decode()],
    "500": [failing.status_code, failing.content.decode()],
}))
"""


def run_environment() -> dict[str, str]:
    """The environment `make run` gives the server (bin/serve), without any DEBUG of ours."""
    printed = subprocess.run(  # noqa: S603 (our own script)
        [REPO / "bin" / "serve", "--print-environment"],
        env={"PATH": os.environ["PATH"], "HOST": "127.0.0.1"}, capture_output=True, text=True, check=True,
    ).stdout
    return dict(line.split("=", 1) for line in printed.splitlines())


@pytest.fixture(scope="module")
def served(tmp_path_factory) -> dict:
    var = tmp_path_factory.mktemp("var")
    skip = {"ARBITRE_TESTING", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL", "DEBUG", "SECRET_KEY"}
    env = {key: value for key, value in os.environ.items() if key not in skip}
    env.update(run_environment())
    env.update(ARBITRE_VAR_DIR=str(var), SECRET_KEY_FILE=str(var / "secret_key"))
    result = subprocess.run(  # noqa: S603 (our own code)
        [sys.executable, "-c", PROBE], cwd=REPO, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.splitlines()[-1])


def test_make_run_serves_through_bin_serve():
    recipe = (REPO / "Makefile").read_text().split("\nrun:", 1)[1].split("\n\n", 1)[0]
    assert "bin/serve" in recipe and "DEBUG=" not in recipe


def test_the_run_environment_turns_debug_off(served):
    assert served["debug"] is False


def test_the_run_environment_serves_hashed_static_files(served):
    assert served["static_storage"] == "whitenoise.storage.CompressedManifestStaticFilesStorage"


def test_on_the_loopback_address_cookies_go_over_plain_http(served):
    assert (served["session_cookie_secure"], served["ssl_redirect"]) == (False, False)


def test_a_missing_page_shows_the_sites_own_404_not_the_debug_page(served):
    status, body = served["404"]
    assert status == 404 and 'class="error-code"' in body
    assert "URLconf" not in body


def test_a_failing_page_shows_the_sites_own_500_without_the_traceback(served):
    status, body = served["500"]
    assert status == 500 and 'class="error-code"' in body
    assert "Traceback" not in body and "probe" not in body


def test_the_secret_key_file_is_created_private_and_then_reused(tmp_path):
    path = tmp_path / "var" / "secret_key"
    first, second = secret_key_from_file(path), secret_key_from_file(path)
    assert first == second and len(first) >= 50
    assert stat.S_IMODE(path.stat().st_mode) == 0o600


def test_two_servers_on_one_var_directory_share_the_key(tmp_path):
    path = tmp_path / "secret_key"
    keys = {secret_key_from_file(path) for _ in range(3)}
    assert len(keys) == 1 and list(tmp_path.iterdir()) == [path]


def test_insecure_loopback_is_refused_for_a_public_host_name(tmp_path):
    env = {**os.environ, "DEBUG": "0", "SECRET_KEY": "x" * 50, "INSECURE_LOOPBACK": "1",
           "ALLOWED_HOSTS": "arbitre.example.org", "ARBITRE_VAR_DIR": str(tmp_path)}
    env.pop("ARBITRE_TESTING", None)
    result = subprocess.run(
        [sys.executable, "manage.py", "check"], cwd=REPO, env=env, capture_output=True, text=True, check=False
    )
    assert result.returncode != 0 and "INSECURE_LOOPBACK" in result.stderr


def test_the_wsgi_application_freezes_what_start_up_loaded_out_of_the_garbage_collector():
    probe = "import gc, config.wsgi; print(gc.get_freeze_count(), len(gc.get_objects()))"
    result = subprocess.run(  # noqa: S603 - our interpreter and a fixed probe
        [sys.executable, "-c", probe], cwd=REPO, capture_output=True, text=True, check=True,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
    )
    frozen, tracked = map(int, result.stdout.split())
    assert frozen > 50_000 > tracked
