import pytest

from tests.conftest import client_for

BERGER = "/tournaments/berger/"
ELO = "/tournaments/elo/"
PAGES = ["/tournaments/", BERGER, ELO]
ALLOWED = ["trainee", "trainer", "grader", "exam_staff", "administrator"]


@pytest.mark.parametrize("role", ALLOWED)
@pytest.mark.parametrize("url", PAGES)
def test_every_role_that_practises_sees_the_calculators(role, url, request):
    assert client_for(request.getfixturevalue(role)).get(url).status_code == 200


@pytest.mark.parametrize("url", PAGES)
def test_a_user_without_a_role_is_refused(url, stranger):
    assert client_for(stranger).get(url).status_code == 403


@pytest.mark.parametrize("url", PAGES)
def test_anonymous_visitors_are_sent_to_the_login_page(url, db):
    response = client_for(None).get(url)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("url", PAGES)
def test_the_calculators_refuse_post(url, trainee):
    assert client_for(trainee).post(url).status_code == 405


def test_the_home_page_links_to_the_calculators(trainee):
    assert b"/tournaments/" in client_for(trainee).get("/").content


def test_the_berger_page_shows_the_table_and_the_meeting(trainee):
    response = client_for(trainee).get(BERGER, {"players": 12, "x": 3, "y": 11})
    content = response.content.decode()
    assert response.status_code == 200
    assert "ronde 2, table 5" in content and "le joueur 11 a les Blancs" in content


def test_an_odd_field_marks_the_bye_number(trainee):
    content = client_for(trainee).get(BERGER, {"players": 7}).content.decode()
    assert "Le numéro 8 est fictif" in content and "1 – (8)" in content


def test_the_double_round_robin_has_twice_the_rounds(trainee):
    response = client_for(trainee).get(BERGER, {"players": 4, "double": "on"})
    assert response.context["table"][-1][0].round == 6


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({"players": 2}, "au moins 3 joueurs"),
        ({"players": 21}, "vont jusqu&#x27;à 20 joueurs"),
        ({"players": "douze"}, "nombre entier"),
        ({"players": ""}, "Indiquez le nombre de joueurs"),
        ({"players": 10, "x": 3}, "les deux numéros"),
        ({"players": 10, "x": 3, "y": 11}, "Le numéro 11 dépasse 10"),
        ({"players": 10, "x": 4, "y": 4}, "deux joueurs différents"),
    ],
)
def test_bad_berger_input_gets_422_and_a_french_message(trainee, query, message):
    response = client_for(trainee).get(BERGER, query)
    assert response.status_code == 422
    assert message in response.content.decode()


def test_the_elo_page_computes_the_change(trainee):
    response = client_for(trainee).get(ELO, {"rating": 2000, "k": 20, "games": "1900 1\n2100 ½\n2000 ½"})
    assert response.status_code == 200
    assert (response.context["result"].change, response.context["new_rating"]) == (10, 2010)


def test_the_elo_page_caps_k_for_many_games(trainee):
    games = "\n".join(["2000 ½"] * 20)
    response = client_for(trainee).get(ELO, {"rating": 2000, "k": 40, "games": games})
    assert response.context["result"].k == 35


@pytest.mark.parametrize(
    ("games", "message"),
    [
        ("2150 2", "Ligne 1 : « 2 » n&#x27;est pas un résultat"),
        ("2150 1\nabc ½", "Ligne 2 : « abc » n&#x27;est pas un classement"),
        ("2150", "Ligne 1 : écrivez le classement"),
        ("", "Saisissez au moins une partie"),
        ("\n".join(["2000 1"] * 51), "Au plus 50 parties"),
    ],
)
def test_bad_games_get_422_and_name_the_line(trainee, games, message):
    response = client_for(trainee).get(ELO, {"rating": 2000, "k": 20, "games": games})
    assert response.status_code == 422
    assert message in response.content.decode()


def test_an_implausible_rating_gets_422(trainee):
    response = client_for(trainee).get(ELO, {"rating": 500, "k": 20, "games": "2000 1"})
    assert response.status_code == 422 and "au moins 1000" in response.content.decode()


def test_an_unknown_k_gets_422(trainee):
    assert client_for(trainee).get(ELO, {"rating": 2000, "k": 15, "games": "2000 1"}).status_code == 422
