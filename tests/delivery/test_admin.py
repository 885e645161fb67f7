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


def test_the_admin_shows_a_locked_paper_s_questions_read_only(paper, superuser):
    from django.utils import timezone

    url = reverse("admin:delivery_paper_change", args=[paper.pk])
    client = client_for(superuser)
    assert 'name="items-0-points"' in client.get(url).content.decode()
    paper.locked_at = timezone.now()
    paper.save(update_fields=["locked_at"])
    page = client.get(url).content.decode()
    assert 'name="items-0-points"' not in page
    assert 'id="items-0"' in page  # still shown, to read


def test_a_superuser_who_sits_a_session_reads_none_of_its_copies_in_the_admin(
    paper, other_trainee, superuser
):
    """Before the session ends, a superuser registered for it would read the other candidates'
    answers and marks in the admin, and their own mark before the jury publishes it."""
    from delivery import services
    from tests.delivery.exposure_fixtures import register

    register(superuser, paper, superuser)
    theirs = services.start_attempt(paper=paper, candidate=other_trainee)
    client = client_for(superuser)
    assert str(theirs.pk) not in client.get(reverse("admin:delivery_attempt_changelist")).content.decode()
    assert client.get(reverse("admin:delivery_attempt_change", args=[theirs.pk])).status_code == 302


def test_a_superuser_reads_the_copies_of_a_session_they_do_not_sit(attempt, superuser):
    page = client_for(superuser).get(reverse("admin:delivery_attempt_changelist")).content.decode()
    assert str(attempt.pk) in page
