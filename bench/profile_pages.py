"""Where a page of ``bench_pages.py`` spends its server time: queries (how many, their compile
and run time), templates (inclusive time per template) and a cProfile listing.

    PAGES_ONLY=blueprint .venv/bin/python bench/profile_pages.py
    PAGES_ONLY=profile TOP=40 SORT=tottime .venv/bin/python bench/profile_pages.py
    PROFILE=0 SQL=1 .venv/bin/python bench/profile_pages.py   # timers and statements only
    PROFILE=0 COMPILE=1 .venv/bin/python bench/profile_pages.py   # compile time per statement
    FILTER='/(papers|questions)/[a-z_]*.py' .venv/bin/python bench/profile_pages.py   # those files only

Each page chosen is fetched a few times (warm), then ``PAGES_REPEAT`` times (default 20) under
the timers, then once more under cProfile. Not run by ``make bench``: a tool to find what a
page costs before changing it.
"""

from __future__ import annotations

import cProfile
import io
import os
import pstats
import statistics
import time
from collections import defaultdict

os.environ["ACCESS_LOG_LEVEL"] = "WARNING"
import bench_pages
from common import setup

TOP = int(os.environ.get("TOP", "30"))
SORT = os.environ.get("SORT", "cumulative")


def main() -> None:
    setup()
    from django.db import connection
    from django.db.models.sql.compiler import SQLCompiler
    from django.template.base import Template
    from django.test.utils import CaptureQueriesContext

    timers: dict[str, float] = defaultdict(float)
    depth = {"compile": 0}

    original_as_sql = SQLCompiler.as_sql

    def timed_as_sql(self, *args, **kwargs):
        depth["compile"] += 1
        start = time.process_time()
        result = ("", ())
        try:
            result = original_as_sql(self, *args, **kwargs)
            return result
        finally:
            depth["compile"] -= 1
            if depth["compile"] == 0:
                spent = time.process_time() - start
                timers["query compile"] += spent
                if os.environ.get("COMPILE"):
                    timers[f"  compile {result[0][:150]}"] += spent

    original_render = Template.render

    def timed_render(self, context):
        start = time.process_time()
        try:
            return original_render(self, context)
        finally:
            timers[f"template {self.origin.template_name}"] += time.process_time() - start

    clients: dict = {}
    for name, login, path in bench_pages.pages():
        if login not in clients:
            clients[login] = bench_pages.client_for(login)
        client = clients[login]
        language = "en" if path.endswith("_lang=en") else "fr"
        path = path.removesuffix("?_lang=en")
        headers = {"accept-language": language}
        for _ in range(3):
            client.get(path, headers=headers, secure=True)
        timers.clear()
        SQLCompiler.as_sql, Template.render = timed_as_sql, timed_render
        cpu = []
        with CaptureQueriesContext(connection) as queries:
            for _ in range(bench_pages.REPEAT):
                start = time.process_time()
                client.get(path, headers=headers, secure=True)
                cpu.append((time.process_time() - start) * 1000)
        SQLCompiler.as_sql, Template.render = original_as_sql, original_render
        runs = bench_pages.REPEAT
        query_list = queries.captured_queries
        print(f"\n=== {name} ({path}, {login or 'anonymous'}): median {statistics.median(cpu):.2f} ms, "
              f"max {max(cpu):.2f} ms, {len(query_list) // runs} queries, "
              f"{sum(float(q['time']) for q in query_list) * 1000 / runs:.2f} ms running them")
        for key, seconds in sorted(timers.items(), key=lambda pair: -pair[1])[:25]:
            print(f"  {seconds * 1000 / runs:7.2f} ms  {key}")
        if os.environ.get("SQL"):
            for query in query_list[: len(query_list) // runs]:
                print("   ", query["time"], query["sql"][: int(os.environ.get("SQL_WIDTH", "300"))])
        if os.environ.get("PROFILE", "1") == "0":
            continue
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(5):
            client.get(path, headers=headers, secure=True)
        profiler.disable()
        stream = io.StringIO()
        restrictions = [os.environ["FILTER"]] if os.environ.get("FILTER") else []
        pstats.Stats(profiler, stream=stream).sort_stats(SORT).print_stats(*restrictions, TOP)
        print(stream.getvalue())


if __name__ == "__main__":
    main()
