"""The pages of ``bench_pages.py`` measured on two trees in one run, interleaved, and their HTML
compared (CSRF tokens stripped).

On a shared machine two benchmark runs made minutes apart are not comparable: here one worker
process per tree (each its own Django, its own copy of the database and cache) measures page
after page in turn, the order of the two alternating, so that both sides meet the same load.
Each worker reports the processor time (``time.process_time``) of each request; the table
gives the medians and p95, and whether the two trees render the same HTML for each page.

    .venv/bin/python bench/compare_pages.py OLD_ROOT:OLD_VAR NEW_ROOT:NEW_VAR

``*_VAR`` is the directory given to the tree as ``ARBITRE_VAR_DIR`` (its ``arbitre.sqlite3``,
``cache/`` and ``static/``): give each side its own copy of the same database. ``ROUNDS``
(default 4) rounds of ``BATCH`` (default 5) requests per page and side; ``PAGES_ONLY`` as in
``bench_pages.py``. A page whose path has no seed is fetched with ``BLUEPRINT_SEED`` for the
HTML comparison only (the blueprint's page draws a random preview otherwise). A page that changes
between two requests (``/healthz``'s timings) is marked VARIES. The course page shows the reading
time the lesson page credits by the clock: after runs that opened the lesson at different times,
the two databases disagree on it; compare it on fresh copies of the database.
"""

from __future__ import annotations

import json
import os
import re
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROUNDS = int(os.environ.get("ROUNDS", "4"))
BATCH = int(os.environ.get("BATCH", "5"))
WARMUP = 3
BLUEPRINT_SEED = "123456789"
CSRF = [
    re.compile(r'(name="csrfmiddlewaretoken" value=")[^"]+'),
    re.compile(r'("X-CSRFToken": ")[^"]+'),
]


def strip_csrf(html: str) -> str:
    for pattern in CSRF:
        html = pattern.sub(r"\1-", html)
    return html


# --- Worker: one tree, one Django ----------------------------------------------------------


def worker(root: str) -> None:
    protocol = os.fdopen(os.dup(1), "w", buffering=1)
    os.dup2(2, 1)  # whatever the tree prints goes to standard error, not into the protocol
    os.chdir(root)
    os.environ["ACCESS_LOG_LEVEL"] = "WARNING"
    sys.path.insert(0, str(Path(root) / "bench"))
    import bench_pages
    from common import setup

    setup()
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    import config.wsgi  # noqa: F401 - the tree's server start-up, as bench_pages does

    pages = bench_pages.pages()
    clients: dict = {}

    def fetch(index: int, *, seeded: bool = False):
        _name, login, path = pages[index]
        if login not in clients:
            clients[login] = bench_pages.client_for(login)
        language = "en" if path.endswith("_lang=en") else "fr"
        path = path.removesuffix("?_lang=en")
        if seeded and "/plans/" in path and "seed=" not in path:
            path += f"?seed={BLUEPRINT_SEED}"
        return clients[login].get(path, headers={"accept-language": language}, secure=True)

    protocol.write(json.dumps([[name, login or "", path] for name, login, path in pages]) + "\n")
    for line in sys.stdin:
        command = json.loads(line)
        index = command["index"]
        if command["op"] == "measure":
            samples = []
            for _ in range(command["repeat"]):
                start = time.process_time()
                fetch(index)
                samples.append((time.process_time() - start) * 1000)
            protocol.write(json.dumps(samples) + "\n")
        elif command["op"] == "html":
            with CaptureQueriesContext(connection) as queries:
                response = fetch(index, seeded=True)
            html = strip_csrf(response.content.decode())
            protocol.write(json.dumps({"status": response.status_code, "html": html,
                                       "queries": len(queries.captured_queries)}) + "\n")


# --- Driver ----------------------------------------------------------------------------------


class Side:
    def __init__(self, label: str, spec: str) -> None:
        root, _sep, var = spec.partition(":")
        env = dict(os.environ, ARBITRE_VAR_DIR=var, PYTHONDONTWRITEBYTECODE="1")
        env.pop("DATABASE_URL", None)
        self.label = label
        self.process = subprocess.Popen(  # noqa: S603 - our own interpreter and script
            [sys.executable, __file__, "--worker", root], env=env, text=True,
            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        )
        self.pages = json.loads(self.process.stdout.readline())

    def ask(self, **command):
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait()


def p95(samples: list[float]) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main(old_spec: str, new_spec: str) -> None:
    old, new = Side("old", old_spec), Side("new", new_spec)
    assert old.pages == new.pages, "the two trees measure different pages"
    pages = old.pages
    print(f"load average at start: {os.getloadavg()}", flush=True)
    for index in range(len(pages)):
        for side in (old, new):
            side.ask(op="measure", index=index, repeat=WARMUP)
    samples = {(side.label, index): [] for side in (old, new) for index in range(len(pages))}
    for round_number in range(ROUNDS):
        for index in range(len(pages)):
            order = (old, new) if (round_number + index) % 2 == 0 else (new, old)
            for side in order:
                samples[(side.label, index)] += side.ask(op="measure", index=index, repeat=BATCH)
    print(f"load average at end: {os.getloadavg()}", flush=True)
    columns = ("old med", "new med", "old p95", "new p95")
    print(f"{'page':44} {' '.join(f'{column:>8}' for column in columns)} {'q old':>5} {'q new':>5} html")
    different = []
    for index, (name, _login, _path) in enumerate(pages):
        before, after = old.ask(op="html", index=index), new.ask(op="html", index=index)
        same = before["html"] == after["html"] and before["status"] == after["status"]
        if not same:
            # A page that differs from itself from one request to the next (a date, a draw)
            # says nothing about the change.
            again = old.ask(op="html", index=index)
            verdict = "VARIES" if again["html"] != before["html"] else "DIFFERENT"
            different.append((name, before, after))
        else:
            verdict = "same"
        print(
            f"{name[:44]:44} {statistics.median(samples[('old', index)]):8.2f} "
            f"{statistics.median(samples[('new', index)]):8.2f} {p95(samples[('old', index)]):8.2f} "
            f"{p95(samples[('new', index)]):8.2f} {before['queries']:>5} {after['queries']:>5} "
            f"{verdict}",
            flush=True,
        )
    out = Path(os.environ.get("HTML_DIFF_DIR", "/tmp/compare_pages"))  # noqa: S108
    out.mkdir(parents=True, exist_ok=True)
    for name, before, after in different:
        slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")
        (out / f"{slug}.old.html").write_text(before["html"])
        (out / f"{slug}.new.html").write_text(after["html"])
    if different:
        print(f"{len(different)} pages differ; their HTML is in {out}")
    old.close()
    new.close()


if __name__ == "__main__":
    if sys.argv[1] == "--worker":
        worker(sys.argv[2])
    else:
        main(sys.argv[1], sys.argv[2])
