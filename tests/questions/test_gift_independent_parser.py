"""An independent check of our GIFT export (issue 21): the npm package gift-pegjs reads every
question of the shipped bank, with the type and the weights we meant.

gift-pegjs is installed outside the repository (``npm install gift-pegjs`` in a directory named by
``GIFT_PEGJS_DIR``, default /tmp/giftcheck); without node or the package, the test is skipped.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from questions.content import validate_content
from questions.formats import BankEntry, extension, gift
from tests.questions.shipped_bank import shipped_questions

PACKAGE_DIR = Path(os.environ.get("GIFT_PEGJS_DIR", "/tmp/giftcheck")) / "node_modules"  # noqa: S108
SCRIPT = Path(__file__).parent / "gift_pegjs_check.js"
EXPECTED_TYPE = {
    "single": "MC", "multiple": "MC", "ruling": "MC", "truefalse": "TF", "numeric": "Numerical",
    "short": "Short", "open": "Essay",
}  # fmt: skip


@pytest.fixture(scope="module")
def read_by_gift_pegjs(tmp_path_factory):
    node = shutil.which("node")
    if node is None:
        pytest.skip("node is not installed: the independent GIFT check needs it")
    if not (PACKAGE_DIR / "gift-pegjs").is_dir():
        pytest.skip(f"gift-pegjs is not installed in {PACKAGE_DIR.parent} (npm install gift-pegjs there)")
    entries = [
        BankEntry(uid, validate_content(content, check_citations=False)[0])
        for uid, content in shipped_questions().items()
    ]
    path = tmp_path_factory.mktemp("gift") / "bank.gift"
    path.write_text(gift.export(entries), encoding="utf-8")
    completed = subprocess.run(  # noqa: S603 - our script, our file
        [node, str(SCRIPT), str(path)],
        env={**os.environ, "NODE_PATH": str(PACKAGE_DIR)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return entries, json.loads(completed.stdout)


def test_gift_pegjs_reads_every_question_of_the_shipped_bank(read_by_gift_pegjs):
    entries, result = read_by_gift_pegjs
    assert (result["blocks"], result["parsed"], result["failures"]) == (len(entries), len(entries), [])


def test_gift_pegjs_sees_the_type_we_exported(read_by_gift_pegjs):
    entries, result = read_by_gift_pegjs
    expected = [EXPECTED_TYPE[extension.shown_entry(entry).content["type"]] for entry in entries]
    assert result["types"] == expected


def test_gift_pegjs_reads_multiple_answer_weights_that_add_up_to_100_percent(read_by_gift_pegjs):
    entries, result = read_by_gift_pegjs
    totals = [
        sum(weight for weight in weights if weight and weight > 0)
        for entry, weights in zip(entries, result["weights"], strict=True)
        if entry.content["type"] in ("multiple", "ruling")
    ]
    assert totals and [total for total in totals if not 99.5 <= total < 100.5] == []
