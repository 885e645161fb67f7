"""Hostile or careless edition files (issue 8): a 422 naming the article and the field, never a 500."""

from __future__ import annotations

import pytest

from rules.models import EditionUpload
from rules.schema import MAX_ARTICLES
from tests.conftest import client_for
from tests.rules.test_editions_upload import UPLOAD_URL, as_file

META = (
    '{"slug": "2030", "year": %(year)s, "title_fr": "%(title)s", "adopted": "", "in_force": "", '
    '"languages": ["fr"]%(extra)s}'
)


def edition_file(*, year: str = "2030", title: str = "Règles", extra: str = "", order: str = "0",
                 text: str = "Texte.", count: int = 1) -> bytes:
    meta = META % {"year": year, "title": title, "extra": extra}
    articles = ",".join(
        f'{{"number": "{n}", "kind": "article", "text_fr": "{text}", "order": {order}}}'
        for n in range(1, count + 1)
    )
    return ('{"edition": ' + meta + ', "articles": [' + articles + "]}").encode()


CASES = {
    "huge_exponent": (edition_file(order="1e200000"), "Article n° 1 (1)", "order"),
    "five_thousand_digits": (edition_file(order="9" * 5000), "Article n° 1 (1)", "order"),
    "nan": (edition_file(order="NaN"), "Article n° 1 (1)", "order"),
    "infinity": (edition_file(year="Infinity"), "Édition", "year"),
    "huge_float": (edition_file(year="1e300"), "Édition", "year"),
    "nan_in_an_unchecked_field": (edition_file(extra=', "notes_fr": NaN'), "Édition", "notes_fr"),
    "nested_900_deep": (
        edition_file(extra=', "notes": ' + "[" * 900 + "]" * 900), "Édition", "notes"
    ),
    "lone_surrogate_in_text": (edition_file(text="\\ud800"), "Article n° 1 (1)", "text_fr"),
    "lone_surrogate_in_title": (edition_file(title="R\\udfff"), "Édition", "title_fr"),
    "too_many_articles": (edition_file(count=MAX_ARTICLES + 1), f"{MAX_ARTICLES + 1} articles", "articles"),
}


@pytest.mark.parametrize(("data", "where", "field"), CASES.values(), ids=CASES.keys())
def test_a_hostile_edition_is_refused_with_the_article_and_the_field(
    rulebook, exam_staff, data, where, field
):
    response = client_for(exam_staff).post(UPLOAD_URL, {"file": as_file(data)})
    body = response.content.decode()
    assert response.status_code == 422
    assert where in body and field in body
    assert not EditionUpload.objects.exists()


def test_the_list_of_errors_stops_at_a_hundred(rulebook, exam_staff):
    data = ('{"edition": {"slug": "2030"}, "articles": [' + ",".join(["{}"] * 300) + "]}").encode()
    body = client_for(exam_staff).post(UPLOAD_URL, {"file": as_file(data)}).content.decode()
    assert "autres problèmes" in body


def test_deep_nesting_is_named_however_deep_the_caller_already_is():
    from django.core.exceptions import ValidationError

    from rules.forms import read_edition_file

    data = edition_file(order="[" * 900 + "]" * 900)

    def called_from(depth: int):
        if depth == 0:
            return read_edition_file(data, existing_slugs=set(), known_diagrams=set())
        return called_from(depth - 1)

    with pytest.raises(ValidationError, match=r"Article n° 1 \(1\) : « order.0.0.0 » : imbriqué"):
        called_from(800)
