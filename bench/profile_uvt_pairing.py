"""In-process profile of what one candidate of bench_uvt_pairing_load asks of the server: the
page (the pairing board; the tournament drawn), the autosaves of the board and of the
ordinary questions, the hand-in with its grading, the correction. No HTTP: Django's test
client on bench_uvt_pairing_load's set-up, each request's CPU time (``time.process_time``,
less sensitive than the wall clock to a shared machine) and its queries.

    CANDIDATES=10 .venv/bin/python bench/profile_uvt_pairing.py
    CANDIDATES=5 PROFILE=page,submit .venv/bin/python bench/profile_uvt_pairing.py

``PROFILE`` names request kinds (page, pairing_save, save, submit, result) to run under
cProfile, whose listing (the project's functions, by cumulative time) follows the figures.
Not run by ``make bench``: a tool to find what a request costs before an HTTP run.
"""

from __future__ import annotations

import cProfile
import io
import json
import logging
import os
import pstats
import random
import statistics
import time

import bench_exam_load as exam
import bench_uvt_pairing_load as uvt

exam.DATABASE_NAME = "uvt_profile"
PROFILE = [kind for kind in os.environ.get("PROFILE", "").split(",") if kind]


def main() -> None:
    exam.fresh_database()
    clients = uvt.prepare()
    logging.getLogger("arbitre.request").setLevel(logging.WARNING)
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    profiles = {kind: cProfile.Profile() for kind in PROFILE}
    generator = random.Random(2026)
    browser = Client(HTTP_HOST="127.0.0.1")
    samples: dict[str, list[tuple[float, int]]] = {}

    def measured(kind: str, path: str, fields: dict | None = None):
        """GET ``path``, or POST ``fields`` to it (as the page's autosave: JSON reply)."""
        profile = profiles.get(kind)
        with CaptureQueriesContext(connection) as queries:
            started = time.process_time()
            if profile:
                profile.enable()
            if fields is None:
                response = browser.get(path)
            else:
                response = browser.post(path, fields, HTTP_ACCEPT="application/json")
            if profile:
                profile.disable()
            spent = (time.process_time() - started) * 1000
        samples.setdefault(kind, []).append((spent, len(queries)))
        return response

    for client in clients:
        browser.cookies.clear()
        browser.cookies["sessionid"] = client["session"]
        page_path = f"/delivery/{client['attempt']}/"
        page = measured("page", page_path).content.decode()
        item = client["pairing_item"]
        sequence = 0
        for answer in uvt.pairing_steps(uvt.players_on_page(page, item), generator):
            sequence += 1
            fields = {"item": item, "sequence": sequence, f"q{item}-answer": json.dumps(answer)}
            measured("pairing_save", f"{page_path}save/", fields)
        for pk, kind in client["items"].items():
            sequence += 1
            fields = {"item": pk, "sequence": sequence, **exam.random_answer(pk, kind, generator)}
            measured("save", f"{page_path}save/", fields)
        measured("submit", f"{page_path}submit/", {})
        result = measured("result", page_path).content.decode()
        assert "Correction de l'appariement" in result, "result page without the pairing correction"
    for kind, figures in samples.items():
        spent = [cpu for cpu, _queries in figures]
        print(f"{kind:13s} {len(spent):4d} requests: CPU median {statistics.median(spent):6.1f} ms, "
              f"max {max(spent):6.1f} ms; {figures[-1][1]} queries")
    for kind, profile in profiles.items():
        listing = io.StringIO()
        pstats.Stats(profile, stream=listing).sort_stats("cumulative").print_stats(r"^(?!.*\.venv)", 30)
        print(f"--- {kind}\n{listing.getvalue()}")


if __name__ == "__main__":
    main()
