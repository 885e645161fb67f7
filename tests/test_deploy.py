"""Production settings: what `check --deploy` says with DEBUG off."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def run_manage(*args: str, **environment: str) -> subprocess.CompletedProcess:
    test_only = {"ARBITRE_TESTING", "DJANGO_ALLOW_ASYNC_UNSAFE", "DATABASE_URL"}
    env = {key: value for key, value in os.environ.items() if key not in test_only}
    env.update(environment)
    return subprocess.run(  # noqa: S603 (our own manage.py)
        [sys.executable, "manage.py", *args], cwd=REPO, env=env, capture_output=True, text=True, check=False
    )


def test_check_deploy_reports_nothing_with_production_settings(tmp_path):
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        DEBUG="0",
        SECRET_KEY=secrets.token_urlsafe(50),
        ALLOWED_HOSTS="arbitre.example.org",
        ARBITRE_VAR_DIR=str(tmp_path),
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_it_refuses_to_start_without_a_secret_key_when_debug_is_off(tmp_path):
    result = run_manage("check", DEBUG="0", SECRET_KEY="", ARBITRE_VAR_DIR=str(tmp_path))
    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr
