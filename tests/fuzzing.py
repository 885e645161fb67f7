"""Shared hypothesis strategies for the parser fuzz tests (tests/<app>/test_fuzz_<parser>.py).

Each fuzz test generates random text and structurally plausible documents (a valid skeleton
whose fields are replaced by hostile values) and asserts that only the parser's own error type
(or success) comes out, and that every message can be encoded (no lone surrogate reaches a
page). Bounded and reproducible: ``FUZZ`` settings (200 examples, derandomised, no deadline).
"""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

FUZZ = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    database=None,
)

HOSTILE_NUMBERS = [
    "1e200000", "-1e200000", "9" * 5000, "NaN", "-NaN", "Infinity", "-Infinity", "inf", "sNaN",
    "1.2.3", "1..2", "", " ", "0x10", "١٢", "²", "1e-999", "1e999", "-0", "1,5", "1_000", "+-1", "١",
    "9" * 33, "0." + "0" * 40 + "1",
]
HOSTILE_TEXTS = [
    "\ud800", "a\udfffb", "\x00", "<", "<a<a<a", "<!--", "<script>", "</li></ul>", "{", "}", "\\", "~=#",
    "&#xd800;", "&lt;", "é" * 50, "\u202e", "[html]", "::", "####", "$CATEGORY:", "%50%", "->",
]

hostile_number = st.sampled_from(HOSTILE_NUMBERS) | st.from_regex(r"-?[0-9.eE+,]{1,12}", fullmatch=True)
hostile_text = st.sampled_from(HOSTILE_TEXTS) | st.text(max_size=30)
# Text with surrogates: st.text() leaves them out by default.
any_text = st.text(alphabet=st.characters(codec=None, exclude_categories=()), max_size=200)
json_leaf = (
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=True, allow_infinity=True) | hostile_text
)
json_value = st.recursive(
    json_leaf,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(hostile_text, children, max_size=4),
    max_leaves=12,
)


def paths(value: object, prefix: tuple = ()) -> list[tuple]:
    """Every path (tuple of keys and indexes) into a JSON value, the value itself first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, child in value.items():
            found += paths(child, (*prefix, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            found += paths(child, (*prefix, index))
    return found


def replaced(document: object, path: tuple, new: object) -> object:
    """A copy of ``document`` with the value at ``path`` replaced by ``new``."""
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(document, dict):
        return {**document, head: replaced(document[head], rest, new)}
    copy = list(document)
    copy[head] = replaced(copy[head], rest, new)
    return copy


def encodable(message: object) -> bool:
    """Whether a message can be written to a page (UTF-8, no lone surrogate)."""
    str(message).encode("utf-8")
    return True
