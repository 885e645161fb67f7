import pytest
from django.urls import reverse

from tests.conftest import client_for, make_user


@pytest.fixture
def superuser(db):
    return make_user("root@example.org", is_staff=True, is_superuser=True)


def test_the_admin_lists_papers_and_shows_an_attempt(attempt, superuser):
    client = client_for(superuser)
    assert client.get(reverse("admin:delivery_paper_changelist")).status_code == 200
    assert client.get(reverse("admin:delivery_attempt_change", args=[attempt.pk])).status_code == 200


def test_attempts_cannot_be_added_in_the_admin(superuser):
    assert client_for(superuser).get(reverse("admin:delivery_attempt_add")).status_code == 403
