"""Only the owner reads or changes a managed tournament: another trainee gets 404 on every
URL, a person without a role 403, an anonymous visitor the login page."""

from __future__ import annotations

import pytest
from django.urls import reverse

from managed_tournaments.pairing import pair_next_round
from tests.conftest import client_for

pytestmark = pytest.mark.django_db


def urls(tournament):
    pk = tournament.pk
    bye = tournament.byes.first()
    return [
        ("get", reverse("managed_tournaments:detail", args=[pk])),
        ("post", reverse("managed_tournaments:detail", args=[pk])),
        ("get", reverse("managed_tournaments:settings", args=[pk])),
        ("post", reverse("managed_tournaments:delete", args=[pk])),
        ("get", reverse("managed_tournaments:player", args=[pk, 1])),
        ("post", reverse("managed_tournaments:remove_player", args=[pk, 1])),
        ("post", reverse("managed_tournaments:withdraw_player", args=[pk, 1])),
        ("post", reverse("managed_tournaments:reinstate_player", args=[pk, 1])),
        ("post", reverse("managed_tournaments:request_bye", args=[pk])),
        ("post", reverse("managed_tournaments:cancel_bye", args=[pk, bye.pk])),
        ("post", reverse("managed_tournaments:pair_next", args=[pk])),
        ("post", reverse("managed_tournaments:undo_last", args=[pk])),
        ("get", reverse("managed_tournaments:change_pairing", args=[pk])),
        ("get", reverse("managed_tournaments:round", args=[pk, 1])),
        ("post", reverse("managed_tournaments:set_result", args=[pk, 1, 1])),
        ("get", reverse("managed_tournaments:standings", args=[pk])),
        ("get", reverse("managed_tournaments:export_trf", args=[pk])),
        ("get", reverse("managed_tournaments:crosstable_pdf", args=[pk])),
    ]


@pytest.fixture
def paired(tournament):
    pair_next_round(tournament=tournament)
    return tournament


def test_another_trainee_finds_none_of_the_owners_pages(paired, charlie):
    client = client_for(charlie)
    statuses = {url: getattr(client, method)(url).status_code for method, url in urls(paired)}
    assert set(statuses.values()) == {404}, statuses


def test_another_trainee_changed_nothing(paired, charlie):
    client = client_for(charlie)
    for method, url in urls(paired):
        getattr(client, method)(url, {"result": "1-0", "from_round": 2})
    paired.refresh_from_db()
    assert paired.rounds.count() == 1 and not paired.last_round().has_results()


def test_an_anonymous_visitor_is_sent_to_the_login_page(paired):
    client = client_for(None)
    for method, url in [*urls(paired), ("get", reverse("managed_tournaments:index"))]:
        response = getattr(client, method)(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url


def test_a_person_without_a_role_is_refused(paired, stranger):
    client = client_for(stranger)
    assert client.get(reverse("managed_tournaments:index")).status_code == 403
    assert client.get(reverse("managed_tournaments:create")).status_code == 403
    assert client.get(reverse("managed_tournaments:detail", args=[paired.pk])).status_code == 403


def test_the_list_shows_only_the_owners_tournaments(paired, charlie):
    response = client_for(charlie).get(reverse("managed_tournaments:index"))
    assert "Open de Lyon" not in response.content.decode()


def test_staff_do_not_see_a_trainees_tournament(paired, exam_staff):
    response = client_for(exam_staff).get(reverse("managed_tournaments:detail", args=[paired.pk]))
    assert response.status_code == 404


def test_a_change_by_get_is_refused(paired, alice):
    response = client_for(alice).get(reverse("managed_tournaments:pair_next", args=[paired.pk]))
    assert response.status_code == 405


def test_a_frozen_tournament_refuses_every_change_to_its_owner(paired, alice):
    from django.utils import timezone

    paired.frozen_at = timezone.now()
    paired.save(update_fields=["frozen_at"])
    client = client_for(alice)
    statuses = {url: client.post(url, {"result": "1-0", "from_round": 2}).status_code
                for method, url in urls(paired) if method == "post"}
    paired.refresh_from_db()
    assert set(statuses.values()) == {403}, statuses
    assert paired.rounds.count() == 1 and not paired.last_round().has_results()


def test_a_frozen_tournament_still_shows_every_page_to_its_owner(paired, alice):
    from django.utils import timezone

    paired.frozen_at = timezone.now()
    paired.save(update_fields=["frozen_at"])
    client = client_for(alice)
    statuses = {url: client.get(url).status_code for method, url in urls(paired)
                if method == "get" and "modifier" not in url and "parametres" not in url}
    assert set(statuses.values()) == {200}, statuses


def test_a_frozen_tournament_refuses_its_change_forms_even_to_read(paired, alice):
    from django.utils import timezone

    paired.frozen_at = timezone.now()
    paired.save(update_fields=["frozen_at"])
    client = client_for(alice)
    for name in ("managed_tournaments:settings", "managed_tournaments:change_pairing"):
        response = client.get(reverse(name, args=[paired.pk]))
        assert response.status_code == 403
        assert "ne peut plus être modifié" in response.content.decode()


def test_it_tells_the_owner_why_a_frozen_tournament_refuses_a_change(paired, alice):
    from django.utils import timezone

    paired.frozen_at = timezone.now()
    paired.save(update_fields=["frozen_at"])
    response = client_for(alice).post(reverse("managed_tournaments:pair_next", args=[paired.pk]))
    page = response.content.decode()
    assert "corrigé avec l&#x27;examen blanc remis" in page and "vérifier vos rôles" not in page
