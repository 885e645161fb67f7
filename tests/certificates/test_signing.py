"""The federation's signing key: generated once, kept private, reused."""

from __future__ import annotations

import stat

from certificates import signing


def test_the_key_is_generated_once_in_a_file_only_its_owner_reads(signing_key):
    first = signing.key_id()
    signing._private_key_from.cache_clear()
    assert signing.key_id() == first
    assert stat.S_IMODE(signing_key.stat().st_mode) == 0o600


def test_a_signature_does_not_verify_another_message(signing_key):
    signature = signing.sign(b'{"code":"A"}')
    assert signing.verify(b'{"code":"A"}', signature)
    assert not signing.verify(b'{"code":"B"}', signature)


def test_a_malformed_signature_is_simply_invalid(signing_key):
    assert not signing.verify(b"{}", "not base64!")
