"""config.lookups.UniqueLookup: the ORM's instance, read in SQL compiled once."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest
from django.contrib.auth import authenticate
from django.db import connection
from django.db.models import Q
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.backends import ModelBackend
from accounts.models import User
from config.lookups import CompiledQuery, UniqueLookup
from delivery import services
from delivery.models import Attempt, AttemptStatus, Paper
from tests.delivery.conftest import *  # noqa: F403 (the paper and attempt fixtures)

ATTEMPT = UniqueLookup(Attempt, "pk", "candidate")
USER = UniqueLookup(User, "pk")


def field_values(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in type(instance)._meta.concrete_fields}


@pytest.fixture
def graded_attempt(attempt):
    """Every kind of column set: a duration, decimals, a boolean, dates."""
    Attempt.objects.filter(pk=attempt.pk).update(
        extra_time=timedelta(minutes=20, microseconds=5), score=Decimal("12.50"), max_score=Decimal("20.00"),
        passed=True, status=AttemptStatus.SUBMITTED, submitted_at=timezone.now(), released_at=timezone.now(),
    )
    return attempt


def test_it_reads_the_instance_the_orm_reads(graded_attempt, trainee):
    read = ATTEMPT.get(pk=graded_attempt.pk, candidate=trainee.pk)
    assert field_values(read) == field_values(Attempt.objects.get(pk=graded_attempt.pk))


def test_the_instance_is_saved_state_with_typed_values(graded_attempt, trainee):
    read = ATTEMPT.get(pk=graded_attempt.pk, candidate=trainee.pk)
    assert not read._state.adding and read._state.db == "default"
    assert (type(read.pk), type(read.extra_time), type(read.score), read.passed) == (
        uuid.UUID, timedelta, Decimal, True)


def test_it_takes_an_id_written_as_text(attempt, trainee):
    assert ATTEMPT.get(pk=str(attempt.pk), candidate=str(trainee.pk)) == attempt


def test_it_finds_nothing_when_one_condition_fails(attempt, other_trainee):
    assert ATTEMPT.get(pk=attempt.pk, candidate=other_trainee.pk) is None


@pytest.mark.parametrize("value", ["not-a-uuid", "", 12])
def test_it_finds_nothing_for_a_malformed_id(attempt, trainee, value):
    assert ATTEMPT.get(pk=value, candidate=trainee.pk) is None


@pytest.mark.parametrize("value", [2**63, -(2**63) - 1, "99999999999999999999"])
def test_it_finds_nothing_for_an_integer_beyond_the_column(db, value):
    assert USER.get(pk=value) is None


def test_it_refuses_another_set_of_fields(attempt):
    with pytest.raises(TypeError):
        ATTEMPT.get(pk=attempt.pk)


def test_it_reads_one_row_in_one_query(attempt, trainee):
    ATTEMPT.get(pk=attempt.pk, candidate=trainee.pk)
    with CaptureQueriesContext(connection) as queries:
        ATTEMPT.get(pk=attempt.pk, candidate=trainee.pk)
    assert len(queries) == 1 and "LIMIT 1" in queries[0]["sql"]


def test_the_backend_reads_the_signed_in_person(trainee):
    assert field_values(ModelBackend().get_user(trainee.pk)) == field_values(User.objects.get(pk=trainee.pk))


def test_the_backend_refuses_an_inactive_person(trainee):
    User.objects.filter(pk=trainee.pk).update(is_active=False)
    assert ModelBackend().get_user(trainee.pk) is None


def test_the_backend_finds_nobody_for_an_unknown_id(db):
    assert ModelBackend().get_user(123456) is None


def test_a_session_ends_when_its_person_is_deactivated(client, trainee):
    client.force_login(trainee)
    assert client.get("/").context["user"] == trainee
    User.objects.filter(pk=trainee.pk).update(is_active=False)
    assert not client.get("/").context["user"].is_authenticated


def test_signing_in_goes_through_the_backend(rf, trainee):
    assert authenticate(rf.post("/"), username=trainee.email, password="correct-horse-battery") == trainee
    assert authenticate(rf.post("/"), username=trainee.email, password="wrong") is None


def test_an_attempt_read_for_the_autosave_is_the_candidates_only(attempt, trainee, other_trainee):
    from django.http import Http404

    from delivery.permissions import get_attempt_for_candidate

    assert get_attempt_for_candidate(trainee, attempt.pk, with_paper=False) == attempt
    with pytest.raises(Http404):
        get_attempt_for_candidate(other_trainee, attempt.pk, with_paper=False)


def test_a_started_attempt_reads_the_same_with_or_without_its_paper(attempt, trainee):
    from delivery.permissions import get_attempt_for_candidate

    services.close_if_overdue(attempt=attempt)
    assert field_values(get_attempt_for_candidate(trainee, attempt.pk, with_paper=False)) == field_values(
        get_attempt_for_candidate(trainee, attempt.pk))


def test_a_session_opened_through_djangos_backend_stays_signed_in(client, trainee):
    client.force_login(trainee, backend="django.contrib.auth.backends.ModelBackend")
    assert client.get("/").context["user"] == trainee


def test_a_refused_password_is_checked_once(rf, trainee):
    from unittest import mock

    from django.contrib.auth import base_user

    with mock.patch.object(base_user, "check_password", wraps=base_user.check_password) as checked:
        assert authenticate(rf.post("/"), username=trainee.email, password="wrong") is None
    assert checked.call_count == 1


def test_an_unknown_person_costs_one_hash(rf, db):
    from unittest import mock

    from django.contrib.auth import base_user

    with mock.patch.object(base_user, "make_password", wraps=base_user.make_password) as hashed:
        assert authenticate(rf.post("/"), username="nobody@example.org", password="wrong") is None
    assert hashed.call_count == 1


def test_a_new_login_goes_through_accounts_backend(client, trainee):
    from django.contrib.auth import BACKEND_SESSION_KEY

    client.post("/accounts/login/", {"username": trainee.email, "password": "correct-horse-battery"})
    assert client.session[BACKEND_SESSION_KEY] == "accounts.backends.ModelBackend"


SESSIONS_OF = CompiledQuery(
    Attempt,
    lambda candidate, after: Attempt.objects.filter(
        Q(candidate_id=candidate) | Q(paper__created_by_id=candidate), started_at__gt=after
    ).order_by("pk").values_list("pk", flat=True),
    candidate=(-123_456_789, None),
    after=(datetime(1901, 2, 3, 4, 5, 6, 789, tzinfo=UTC), Attempt._meta.get_field("started_at")),
)


def test_a_compiled_query_reads_what_its_queryset_reads(attempt, trainee, trainer):
    Paper.objects.filter(pk=attempt.paper_id).update(created_by=trainer)
    before, at = attempt.started_at - timedelta(seconds=1), attempt.started_at
    for person, after in ((trainee, before), (trainee, at), (trainer, before), (trainer, at)):
        expected = list(SESSIONS_OF.build(person.pk, after))
        rows = SESSIONS_OF.rows(candidate=person.pk, after=after)
        assert [Attempt._meta.pk.to_python(row[0]) for row in rows] == expected


def test_a_compiled_query_binds_a_value_wherever_the_queryset_reads_it(db):
    _sql, _params, places = SESSIONS_OF._compile(connection)
    assert len(places["candidate"]) == 2


def test_a_compiled_query_takes_exactly_its_values():
    with pytest.raises(TypeError):
        SESSIONS_OF.rows(candidate=1)
