"""Fuzzing the edition file reader: random bytes and valid editions with hostile fields."""

from __future__ import annotations

import json

from django.core.exceptions import ValidationError
from hypothesis import given
from hypothesis import strategies as st

from rules.forms import read_edition_file
from tests.fuzzing import FUZZ, HOSTILE_NUMBERS, any_text, encodable, json_value, paths, replaced
from tests.rules.test_editions_upload import future_edition


def check(raw: bytes) -> None:
    try:
        payload = read_edition_file(raw, existing_slugs={"2018"}, known_diagrams={"d1"})
    except ValidationError as error:
        assert all(encodable(message) for message in error.messages)
        return
    assert json.dumps(payload)


@st.composite
def mutated_edition(draw) -> bytes:
    payload = future_edition()
    for _ in range(draw(st.integers(min_value=1, max_value=3))):
        path = draw(st.sampled_from(paths(payload)[1:]))
        payload = replaced(payload, path, draw(json_value))
    text = json.dumps(payload)
    if draw(st.booleans()):
        # Numbers json.dumps would never write: NaN, 1e200000, 5,000 digits, 1.2.3.
        text = text.replace("2030,", f"{draw(st.sampled_from(HOSTILE_NUMBERS))},", 1)
    return text.encode("utf-8", "surrogatepass")


@FUZZ
@given(st.binary(max_size=200) | any_text.map(lambda text: text.encode("utf-8", "surrogatepass")))
def test_any_bytes_give_an_edition_or_a_validation_error(raw):
    check(raw)


@FUZZ
@given(mutated_edition())
def test_a_valid_edition_with_hostile_fields_gives_an_edition_or_a_validation_error(raw):
    check(raw)
