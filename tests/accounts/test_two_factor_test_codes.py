"""The codes the test suite types on the code page (tests/two_factor.py ``next_code``): accepted
even when the 30-second step ticks between the choice of the code and the server's check."""

from __future__ import annotations

import types

import pytest

from tests import two_factor
from tests.two_factor import authenticator_for, next_code


@pytest.fixture
def clock(monkeypatch):
    """A clock a tenth of a second before a new step, for the helper and for django-otp."""
    import time

    now = [(int(time.time()) // 30 + 1) * 30 - 0.1]
    frozen = types.SimpleNamespace(time=lambda: now[0], sleep=time.sleep)
    monkeypatch.setattr(two_factor, "time", frozen)
    monkeypatch.setattr("django_otp.plugins.otp_totp.models.time", frozen)
    return now


def test_a_code_chosen_just_before_a_tick_is_accepted_just_after_it(grader, clock):
    device = authenticator_for(grader)
    code = next_code(device)
    clock[0] += 0.2
    assert device.verify_token(code)


def test_a_second_login_within_the_same_step_gets_the_next_steps_code(grader, clock):
    device = authenticator_for(grader)
    assert device.verify_token(next_code(device))
    code = next_code(device)
    clock[0] += 0.2
    assert device.verify_token(code)


def test_the_accepted_codes_leave_the_device_without_drift(grader, clock):
    device = authenticator_for(grader)
    device.verify_token(next_code(device))
    device.refresh_from_db()
    assert device.drift == 0
