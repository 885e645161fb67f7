"""The federation's Ed25519 key: signs each certificate's statement; its public half is
published (/verify/public-key.pem, the JSON API) so that anyone can check a certificate
without the platform.

The private key is generated once and kept in ``CERTIFICATE_SIGNING_KEY_FILE`` (PEM,
mode 0600), like the secret key of ``config/secret_key.py``: losing it would not make old
certificates false, but every new one would be signed by a key nobody has published.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import os
import tempfile
from functools import cache
from pathlib import Path

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

ALGORITHM = "Ed25519"


@cache
def _private_key_from(path: str) -> Ed25519PrivateKey:
    file = Path(path)
    if not file.exists():
        _generate(file)
    key = serialization.load_pem_private_key(file.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ImproperlyConfigured(f"{file} does not hold an Ed25519 private key.")
    return key


def _generate(path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )
    # Written aside (mkstemp: mode 0600), then linked into place: two workers starting at
    # once must not each keep a different key.
    descriptor, draft = tempfile.mkstemp(dir=path.parent, prefix=".certificate_key-")
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(pem)
        with contextlib.suppress(FileExistsError):
            os.link(draft, path)
    finally:
        os.unlink(draft)


def private_key() -> Ed25519PrivateKey:
    return _private_key_from(str(settings.CERTIFICATE_SIGNING_KEY_FILE))


def public_key() -> Ed25519PublicKey:
    return private_key().public_key()


def public_key_pem(key: Ed25519PublicKey | None = None) -> str:
    key = key or public_key()
    return key.public_bytes(
        serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo
    ).decode("ascii")


def key_id(key: Ed25519PublicKey | None = None) -> str:
    """The first 16 hex digits of the SHA-256 of the raw public key: names the key in statements."""
    key = key or public_key()
    raw = key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    return hashlib.sha256(raw).hexdigest()[:16]


def load_public_key(pem: bytes) -> Ed25519PublicKey:
    key = serialization.load_pem_public_key(pem)
    if not isinstance(key, Ed25519PublicKey):
        raise ValueError("not an Ed25519 public key")
    return key


def sign(message: bytes) -> str:
    return base64.b64encode(private_key().sign(message)).decode("ascii")


def verify(message: bytes, signature: str, key: Ed25519PublicKey | None = None) -> bool:
    key = key or public_key()
    try:
        key.verify(base64.b64decode(signature, validate=True), message)
    except (InvalidSignature, ValueError):
        return False
    return True
