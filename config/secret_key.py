"""The secret key of a server that has no SECRET_KEY in its environment (``make run``):
generated once, kept in a file only its owner may read, and reused at every start, so
that sessions and password-reset links survive a restart."""

from __future__ import annotations

import contextlib
import os
import secrets
import tempfile
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured


def secret_key_from_file(path: Path) -> str:
    try:
        return _read(path)
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    # Written aside, then linked into place: several gunicorn workers start at once, and
    # none of them may read a half-written file or overwrite the key another one kept.
    descriptor, draft = tempfile.mkstemp(dir=path.parent, prefix=".secret_key-")  # mode 0600
    try:
        with os.fdopen(descriptor, "w") as handle:
            handle.write(secrets.token_urlsafe(50) + "\n")
        with contextlib.suppress(FileExistsError):  # another worker kept its key first
            os.link(draft, path)
    finally:
        os.unlink(draft)
    return _read(path)


def _read(path: Path) -> str:
    key = path.read_text(encoding="utf-8").strip()
    if len(key) < 32:
        raise ImproperlyConfigured(f"The secret key in {path} is empty or too short.")
    return key
