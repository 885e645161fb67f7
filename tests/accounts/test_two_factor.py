"""Two-factor authentication: required for exam staff, graders and administrators, optional for others."""

from __future__ import annotations

import io

import pytest
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client, RequestFactory
from django.urls import reverse
from django_otp.models import Device
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts import two_factor
from accounts.middleware import OTPMiddleware
from accounts.models import User
from tests.conftest import client_for
from tests.two_factor import authenticator_for, next_code, unverified_login

SETUP = reverse("accounts:two_factor_setup")
VERIFY = reverse("accounts:two_factor_verify")
OVERVIEW = reverse("accounts:two_factor")
CODES = reverse("accounts:two_factor_recovery_codes")


@pytest.fixture(autouse=True)
def _fresh_lockouts():
    cache.clear()


def unverified_client(user) -> Client:
    client = Client()
    unverified_login(client, user)
    return client


@pytest.mark.parametrize("role", ["grader", "exam_staff", "administrator"])
def test_it_sends_a_required_role_without_a_device_to_enrolment(role, request):
    response = unverified_client(request.getfixturevalue(role)).get("/examens/")
    assert response.status_code == 302
    assert response.url == f"{SETUP}?next=%2Fexamens%2F"


def test_it_sends_a_grader_with_a_device_to_the_code_page(grader):
    authenticator_for(grader)
    response = unverified_client(grader).get("/correction/")
    assert response.url == f"{VERIFY}?next=%2Fcorrection%2F"


def test_it_leaves_a_trainee_without_a_device_alone(trainee):
    assert unverified_client(trainee).get(reverse("accounts:profile")).status_code == 200


def test_it_asks_a_trainee_who_enrolled_for_the_code_at_the_next_login(trainee):
    authenticator_for(trainee)
    response = unverified_client(trainee).get(reverse("accounts:profile"))
    assert response.url.startswith(VERIFY)


@pytest.mark.parametrize("path", ["/healthz", "/static/css/arbitre.css", VERIFY, "/jsi18n/"])
def test_it_keeps_the_open_pages_open_to_someone_who_owes_the_code(grader, path):
    authenticator_for(grader)
    response = unverified_client(grader).get(path)
    assert response.status_code in (200, 404)  # static files are not collected under test


def test_logout_stays_possible_before_the_code(grader):
    client = unverified_client(grader)
    client.post(reverse("accounts:logout"))
    assert "_auth_user_id" not in client.session


def test_the_api_answers_403_in_json_before_the_code(grader):
    response = unverified_client(grader).get("/api/rules/editions")
    assert response.status_code == 403
    assert response.json()["detail"]


def test_an_htmx_request_is_redirected_as_a_whole_page(grader):
    response = unverified_client(grader).get("/correction/", HTTP_HX_REQUEST="true")
    assert response["HX-Redirect"] == SETUP


def test_the_login_form_leads_staff_to_the_code_page(client, exam_staff):
    authenticator_for(exam_staff)
    response = client.post(
        reverse("accounts:login") + "?next=/examens/",
        {"username": exam_staff.email, "password": "correct-horse-battery", "next": "/examens/"},
    )
    assert response.url == f"{VERIFY}?next=%2Fexamens%2F"


def test_the_right_code_opens_the_pages_asked_for(grader):
    device = authenticator_for(grader)
    client = unverified_client(grader)
    response = client.post(VERIFY, {"code": next_code(device), "next": "/correction/"})
    assert response.url == "/correction/"
    assert client.get("/correction/").status_code == 200


def test_a_wrong_code_is_refused_with_422(grader):
    authenticator_for(grader)
    response = unverified_client(grader).post(VERIFY, {"code": "000000"})
    assert response.status_code == 422
    assert "pas valable" in response.content.decode()


def test_a_code_is_accepted_only_once(grader):
    device = authenticator_for(grader)
    code = next_code(device)
    assert unverified_client(grader).post(VERIFY, {"code": code}).status_code == 302
    device.refresh_from_db()
    device.throttle_reset()
    assert unverified_client(grader).post(VERIFY, {"code": code}).status_code == 422


def test_five_wrong_codes_lock_the_account_and_log_out(grader, settings):
    device = authenticator_for(grader)
    client = unverified_client(grader)
    statuses = [client.post(VERIFY, {"code": f"00000{attempt}"}).status_code for attempt in range(5)]
    assert statuses == [422, 422, 422, 422, 429]
    assert "_auth_user_id" not in client.session
    # Even the right code, after logging in again with the password, is refused for now.
    response = unverified_client(grader).post(VERIFY, {"code": next_code(device)})
    assert response.status_code == 429


def test_a_recovery_code_replaces_the_app_once(grader):
    authenticator_for(grader)
    code = two_factor.new_recovery_codes(grader)[0]
    assert unverified_client(grader).post(VERIFY, {"code": code.upper()}).status_code == 302
    assert not StaticToken.objects.filter(token=code).exists()


def test_enrolment_shows_an_inline_qr_code_and_the_secret(trainee):
    response = client_for(trainee).get(SETUP)
    content = response.content.decode()
    assert "<svg" in content
    assert "data-secret" in content


def test_enrolment_keeps_the_same_secret_across_reloads(trainee):
    client = client_for(trainee)
    client.get(SETUP)
    client.get(SETUP)
    assert TOTPDevice.objects.filter(user=trainee).count() == 1


def test_enrolment_with_a_wrong_code_is_refused_with_422(trainee):
    client = client_for(trainee)
    client.get(SETUP)
    response = client.post(SETUP, {"code": "12345"})
    assert response.status_code == 422
    assert not TOTPDevice.objects.filter(user=trainee, confirmed=True).exists()


def test_enrolment_confirms_the_device_and_shows_the_recovery_codes_once(exam_staff):
    client = unverified_client(exam_staff)
    client.get(SETUP)
    device = TOTPDevice.objects.get(user=exam_staff)
    response = client.post(SETUP, {"code": next_code(device)}, follow=True)
    codes = response.context["codes"]
    assert len(codes) == 10
    download = client.get(CODES + "?format=txt")
    assert codes[0] in download.content.decode()
    assert download["Content-Disposition"].startswith("attachment")
    client.post(CODES)
    assert client.get(CODES).url == OVERVIEW


def test_after_enrolment_the_staff_pages_open(exam_staff):
    client = unverified_client(exam_staff)
    client.get(SETUP)
    client.post(SETUP, {"code": next_code(TOTPDevice.objects.get(user=exam_staff))})
    assert client.get("/examens/").status_code == 200


def test_regenerating_replaces_the_recovery_codes(grader):
    client = client_for(grader)
    old = two_factor.new_recovery_codes(grader)
    client.post(reverse("accounts:two_factor_regenerate"))
    new = client.session["two_factor_new_codes"]
    assert not set(old) & set(new)
    assert two_factor.remaining_recovery_codes(grader) == 10


def test_disabling_needs_a_current_code(trainee):
    device = authenticator_for(trainee)
    client = client_for(trainee)
    session = client.session
    session["otp_device_id"] = device.persistent_id
    session.save()
    assert client.post(reverse("accounts:two_factor_disable"), {"code": "000000"}).status_code == 422
    device.refresh_from_db()
    device.throttle_reset()
    response = client.post(reverse("accounts:two_factor_disable"), {"code": next_code(device)})
    assert response.url == OVERVIEW
    assert not TOTPDevice.objects.filter(user=trainee).exists()


def test_a_grader_who_disables_is_sent_back_to_enrolment(grader):
    device = authenticator_for(grader)
    client = client_for(grader)
    client.post(reverse("accounts:two_factor_disable"), {"code": next_code(device)})
    assert client.get("/correction/").url.startswith(SETUP)


@pytest.mark.parametrize("url", [OVERVIEW, SETUP, VERIFY, CODES])
def test_anonymous_visitors_are_sent_to_the_login_page(client, url):
    assert client.get(url).url.startswith(reverse("accounts:login"))


@pytest.mark.parametrize(
    ("url", "method"),
    [
        (OVERVIEW, "post"),
        (SETUP, "put"),
        (VERIFY, "delete"),
        (reverse("accounts:two_factor_regenerate"), "get"),
    ],
)
def test_it_refuses_the_wrong_method(trainee, url, method):
    assert getattr(client_for(trainee), method)(url).status_code == 405


def test_the_overview_says_whether_it_is_on(trainee, grader):
    assert 'data-two-factor-status="off"' in client_for(trainee).get(OVERVIEW).content.decode()
    assert 'data-two-factor-status="on"' in client_for(grader).get(OVERVIEW).content.decode()


def test_the_demo_staff_have_an_authenticator_whose_code_demo_totp_prints(demo_users):
    out = io.StringIO()
    call_command("demo_totp", "examens@demo.arbitre.fr", stdout=out)
    client = unverified_client(demo_users["examens@demo.arbitre.fr"])
    assert client.post(VERIFY, {"code": out.getvalue().strip()}).status_code == 302


def test_the_middleware_reads_the_sessions_device_as_django_otp_does(grader):
    device = authenticator_for(grader)
    middleware = OTPMiddleware(lambda request: None)
    read = middleware._device_from_persistent_id(device.persistent_id)
    assert (type(read), read.pk, read.user_id, read.confirmed) == (TOTPDevice, device.pk, grader.pk, True)
    assert Device.from_persistent_id(device.persistent_id) == read


@pytest.mark.parametrize(
    "persistent_id",
    ["otp_totp.totpdevice/999999", "otp_totp.totpdevice/x", "otp_totp.nothing/1", "accounts.user/1", "x", ""],
)
def test_the_middleware_finds_no_device_for_an_id_that_names_none(grader, persistent_id):
    assert OTPMiddleware(lambda request: None)._device_from_persistent_id(persistent_id) is None


def test_a_verified_graders_device_and_permissions_take_two_queries(grader, django_assert_num_queries):
    client = client_for(grader)
    request = RequestFactory().get("/")
    request.session = client.session
    request.user = User.objects.get(pk=grader.pk)
    OTPMiddleware(lambda request: None)(request)
    with django_assert_num_queries(2):
        assert request.user.is_verified()
        assert request.user.has_perm("accounts.grade_copies")
