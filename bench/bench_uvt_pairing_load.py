"""A UVT mock exam with a pairing question, sat by CANDIDATES candidates through the real HTTP
stack (issue 20, "Checked and measured").

    CANDIDATES=500 DATABASE=sqlite .venv/bin/python bench/bench_uvt_pairing_load.py

(``make bench`` runs it with these defaults, ``UVT_CANDIDATES`` setting the number;
``make bench-exam`` runs it on PostgreSQL too. ``DATABASE=postgresql`` runs it on a throw-away
PostgreSQL database, ``SAVE_EVERY`` sets the seconds between two answers, ``SPIKE_SECONDS``
how long the opening spike lasts, ``MAX_SECONDS`` the session's cap, ``BENCH_PORT`` the
port.) It reuses ``bench_exam_load``'s machinery: its throw-away database (here
``var/bench/uvt_pairing.sqlite3`` or ``arbitre_bench_uvt_pairing``), ``bin/serve`` as
``make run`` serves, its asyncio HTTP client and its lost-answer check. The steps:

1. set-up: a locked mock paper shaped like the UVT mock (``practice.mocks``: 20 questions,
   3 hours, correction at the end): 19 ordinary questions (single choice, true/false,
   numeric: a mock has no hand-graded question) and the bank's pairing question
   ``uvt-appariement-forfait-abandon`` (a generated 14-player tournament after 3 rounds, with
   a forfeit, a withdrawal and a late entry; one variant per candidate), CANDIDATES
   candidates with an opened attempt and a logged-in session;
2. the server runs with ``GRADING_LOG_LEVEL=INFO``: one log line per graded answer, with its
   duration (``delivery.services``);
3. the session: every candidate opens the paper within SPIKE_SECONDS (the start spike),
   reads the players of THEIR round from the page's pairing board (its player buttons; never
   the engine's pairing, which the page does not hold), then, one action every SAVE_EVERY
   seconds (jittered), answers the ordinary questions and builds a pairing of those players
   board by board: several autosaves of a growing ``{"pairs": […], "byes": […]}``, posted as
   the board's hidden JSON input with numbered saves, as ``delivery.js`` does; then hands in
   and reads the result page (the correction, with the engine's pairing explained);
4. the check: every save a client saw acknowledged is in the database with its sequence (or
   a newer one), ``lost_answers`` must be 0; the pairing's grading time at hand-in is read
   from the server's log, and the server time of each view from its access log.

The target is bench_exam_load's: the p95 of every request a candidate makes (here the pages,
the autosaves, the hand-in with its grading and the correction) under 200 ms, and 0 lost
answers (``meets_target``). The attempts' seeds are new at each run, so that every candidate's
tournament is drawn at their first page, as in a real session (the shared cache keeps the
variants of earlier runs).

Results: ``bench/results/uvt_pairing_load.json`` (``_postgresql`` appended on PostgreSQL), with
the machine's load average before and after (the machine may be shared) and the server's CPU
per request. ``bench/profile_uvt_pairing.py`` measures the same requests in-process.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import time
from urllib.parse import urlencode

import bench_exam_load as exam
from common import write_result

ROOT = exam.ROOT
CANDIDATES = int(os.environ.get("CANDIDATES", "500"))
DATABASE = exam.DATABASE
SPIKE_SECONDS = int(os.environ.get("SPIKE_SECONDS", "60"))
SAVE_EVERY = float(os.environ.get("SAVE_EVERY", "10"))
# The session's cap: a candidate still answering then stops (an error of the run); on a loaded
# machine the server's queue, not SAVE_EVERY, sets how long 500 candidates take.
MAX_SECONDS = int(os.environ.get("MAX_SECONDS", "1800"))
ORDINARY = 19
ORDINARY_KINDS = ("single", "truefalse", "numeric")  # a mock has no hand-graded question
PAIRING_UID = "uvt-appariement-forfait-abandon"
BOARDS_PER_SAVE = 2  # the candidate's board is saved after every second board placed

# BENCH_DATABASE_NAME: another throw-away database, for two runs side by side on one server.
exam.DATABASE_NAME = os.environ.get("BENCH_DATABASE_NAME", "uvt_pairing")
exam.SERVER_LOG = ROOT / "var" / "bench" / "uvt_pairing_server.log"
PLAYER_BUTTON = re.compile(r'data-pb-player="(\d+)"')


def bank_pairing_question() -> dict:
    """The UVT bank's pairing question (questions/data/bank/uvt.json), as shipped."""
    bank = json.loads((ROOT / "questions" / "data" / "bank" / "uvt.json").read_text(encoding="utf-8"))
    questions = bank["questions"] if isinstance(bank, dict) else bank
    content = next(dict(question) for question in questions if question.get("uid") == PAIRING_UID)
    content.pop("uid", None)
    return content


def prepare() -> list[dict]:
    exam.django_ready()
    from django.utils import timezone

    from delivery.models import Feedback, Paper, PaperItem, Purpose

    now = timezone.now()
    paper = Paper.objects.create(
        title="Bench — examen blanc UVT",
        unit="UVT",
        purpose=Purpose.MOCK,
        feedback=Feedback.AT_END,
        duration=timezone.timedelta(hours=3),
        locked_at=now,
    )
    items = [
        PaperItem(
            paper=paper,
            position=index + 1,
            version=exam.ordinary_question(
                index, ORDINARY_KINDS[index % 3], uid=f"bench-uvt-{index}", unit="UVT", now=now
            ),
            points=1,
        )
        for index in range(ORDINARY)
    ]
    content = bank_pairing_question()
    pairing = exam.published_version("bench-uvt-appariement", content, now=now)
    items.append(PaperItem(paper=paper, position=ORDINARY + 1, version=pairing, points=content["points"]))
    items = PaperItem.objects.bulk_create(items)
    # Seeds never used by an earlier run: each candidate's tournament is drawn at their first
    # page, as in a real session, not read from the shared cache an earlier run filled.
    first_seed = int(time.time() * 1000) % 2**40 * 1000
    clients = exam.seat_candidates(paper, CANDIDATES, now=now, first_seed=first_seed)
    ordinary = {item.pk: ORDINARY_KINDS[index % 3] for index, item in enumerate(items[:ORDINARY])}
    for client in clients:
        client["items"] = ordinary
        client["pairing_item"] = items[-1].pk
    return clients


def players_on_page(page: str, item: int) -> list[int]:
    """The players of the round on the board, read from the page as a person reads them: the
    player buttons of the pairing question's section (absent players have none)."""
    start = page.find(f'data-item="{item}"')
    if start < 0:
        return []
    end = page.find('class="dl-question"', start + 1)
    return sorted({int(number) for number in PLAYER_BUTTON.findall(page[start : end if end > 0 else None])})


def pairing_steps(players: list[int], generator: random.Random) -> list[dict]:
    """A pairing of ``players`` built board by board (the candidate's own, right or wrong): the
    answers the board saves as it grows, the last one with the bye when the number is odd."""
    order = list(players)
    generator.shuffle(order)
    bye = [order.pop()] if len(order) % 2 else []
    boards = [[order[index], order[index + 1]] for index in range(0, len(order), 2)]
    steps = [
        {"pairs": boards[:count], "byes": []}
        for count in range(BOARDS_PER_SAVE, len(boards), BOARDS_PER_SAVE)
    ]
    return [*steps, {"pairs": boards, "byes": bye}]


def form_answer(item: int, kind: str, generator: random.Random) -> dict[str, str]:
    return exam.random_answer(item, kind, generator)


def answer_matches(stored: dict, sent: dict) -> bool:
    """As ``exam.answer_matches``, and a pairing answer is the JSON the board posted."""
    name, value = next(iter(sent.items()))
    if name.endswith("-answer") and value.startswith("{"):
        return {"pairs": stored.get("pairs"), "byes": stored.get("byes")} == json.loads(value)
    return exam.answer_matches(stored, sent)


async def open_page(recorder: exam.Recorder, path: str, cookies: dict, label: str) -> tuple[int, str]:
    while True:  # retried while the server is away
        try:
            # A browser waits for a page far longer than the client's default 30 s: a
            # page retried after a timeout would be rendered twice by a busy server.
            status, headers, content = await exam.timed(
                recorder, "GET", path, cookies=cookies, label=label, timeout=120
            )
        except exam.ServerAway:
            recorder.retries += 1
            await asyncio.sleep(2)
            continue
        exam.remember_cookies(headers, cookies)
        if status != 200:
            recorder.errors.append(f"GET {label} {status}")
        return status, content.decode("utf-8", "replace")


async def candidate(client: dict, recorder: exam.Recorder, generator: random.Random, stop_at: float) -> None:
    cookies = {"sessionid": client["session"]}
    attempt = client["attempt"]
    page_path = f"/delivery/{attempt}/"
    await asyncio.sleep(generator.uniform(0, SPIKE_SECONDS))
    _status, page = await open_page(recorder, page_path, cookies, "page")
    item = client["pairing_item"]
    players = players_on_page(page, item)
    client["players"] = players
    if len(players) < 2:
        recorder.errors.append("no pairing board on the page")
    ordinary = [("ordinary", pk, kind) for pk, kind in client["items"].items()]
    generator.shuffle(ordinary)
    steps = (
        [("pairing", item, answer) for answer in pairing_steps(players, generator)]
        if len(players) >= 2
        else []
    )
    # The board's saves in the order it grows, each at a random place among the other answers.
    at = set(generator.sample(range(len(ordinary) + len(steps)), len(steps)))
    queues = {True: iter(steps), False: iter(ordinary)}
    actions = [next(queues[index in at]) for index in range(len(ordinary) + len(steps))]
    for sequence, (kind, pk, detail) in enumerate(actions, start=1):
        if time.monotonic() > stop_at:
            recorder.errors.append("session over before the candidate finished")
            return
        await asyncio.sleep(SAVE_EVERY * generator.uniform(0.8, 1.2))
        if kind == "pairing":
            fields = {f"q{pk}-answer": json.dumps(detail, separators=(",", ":"))}
            label = "pairing_save"
        else:
            fields = form_answer(pk, detail, generator)
            label = "save"
        recorder.sent += 1
        recorder.sent_answers[(attempt, pk, sequence)] = fields
        # A browser's fetch waits for the reply (no timeout): a save resent after 30 s while
        # the first one waits in the server's queue would only double the queue.
        await exam.send_pending(
            recorder, attempt, cookies, [(pk, sequence, fields)], until=stop_at, label=label, timeout=120
        )
    await asyncio.sleep(SAVE_EVERY * generator.uniform(0.8, 1.2))
    body = urlencode({"csrfmiddlewaretoken": cookies.get("csrftoken", "")})
    try:
        status, headers, _content = await exam.timed(
            recorder,
            "POST",
            f"{page_path}submit/",
            cookies=cookies,
            body=body,
            headers={"Referer": f"http://127.0.0.1:{exam.PORT}{page_path}"},
            label="submit",
            timeout=120,
        )
    except exam.ServerAway as error:
        recorder.errors.append(f"submit away {error}")
        return
    exam.remember_cookies(headers, cookies)
    if status != 302:
        recorder.errors.append(f"submit {status}")
        return
    _status, result = await open_page(recorder, page_path, cookies, "result")
    if "Correction de l'appariement" not in result:
        recorder.errors.append("result page without the pairing correction")
    client["handed_in"] = True


def server_log() -> dict:
    """From the server's log: grading durations by question type, server time by view, and per
    ten seconds the autosaves' server-time p95 beside the pairing gradings done meanwhile (an
    autosave waits for a hand-in's write transaction on SQLite)."""
    from datetime import datetime

    grading: dict[str, list[float]] = {}
    views: dict[str, list[float]] = {}
    buckets: dict[int, dict] = {}
    first = None
    for line in exam.SERVER_LOG.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line.startswith("{"):
            continue
        try:
            entry = json.loads(line)
            at = datetime.strptime(entry["time"], "%Y-%m-%dT%H:%M:%S.%fZ").timestamp()
        except (ValueError, KeyError):
            continue
        first = at if first is None else min(first, at)
        bucket = buckets.setdefault(int(at // 10) * 10, {"saves": [], "pairing_gradings": []})
        if entry.get("logger") == "arbitre.grading":
            grading.setdefault(entry.get("type", "?"), []).append(float(entry["duration_ms"]))
            if entry.get("type") == "pairing":
                bucket["pairing_gradings"].append(float(entry["duration_ms"]))
        # /healthz is left out: polled while the server starts.
        elif entry.get("logger") == "arbitre.request" and entry.get("view") != "healthz":
            views.setdefault(str(entry.get("view")), []).append(float(entry["duration_ms"]))
            if entry.get("view") == "delivery:save":
                bucket["saves"].append(float(entry["duration_ms"]))
    timeline = [
        [
            int(start - (first // 10) * 10),
            len(bucket["saves"]),
            exam.p95_of(bucket["saves"]),
            len(bucket["pairing_gradings"]),
            round(sum(bucket["pairing_gradings"]), 1),
        ]
        for start, bucket in sorted(buckets.items())
        if bucket["saves"] or bucket["pairing_gradings"]
    ]
    return {"grading": grading, "views": views, "timeline": timeline}


def spread(samples: list[float]) -> dict:
    return {
        "count": len(samples),
        "p50_ms": exam.percentile_of(samples, 0.50),
        "p95_ms": exam.percentile_of(samples, 0.95),
        "p99_ms": exam.percentile_of(samples, 0.99),
        "max_ms": round(max(samples), 1) if samples else 0.0,
    }


def main() -> None:
    exam.fresh_database()
    exam.SERVER_LOG.parent.mkdir(parents=True, exist_ok=True)
    exam.SERVER_LOG.write_bytes(b"")
    print(f"UVT pairing load: preparing {CANDIDATES} candidates on {DATABASE}…", flush=True)
    clients = prepare()
    os.environ["GRADING_LOG_LEVEL"] = "INFO"
    load_before = os.getloadavg()
    server = exam.start_server()
    figures: dict = {"database": DATABASE, "candidates": CANDIDATES, "save_every_s": SAVE_EVERY}
    recorder = exam.Recorder()
    try:
        generator = random.Random(2026)
        started = time.monotonic()
        stop_at = started + MAX_SECONDS

        async def session() -> None:
            await asyncio.gather(
                *(
                    candidate(client, recorder, random.Random(generator.random()), stop_at)
                    for client in clients
                )
            )

        before = exam.cpu_seconds(server)
        asyncio.run(session())
        duration = time.monotonic() - started
        figures["duration_s"] = round(duration, 1)
        figures["cpu_ms_per_request"] = exam.cpu_used(
            before, exam.cpu_seconds(server), len(recorder.latencies)
        )
    finally:
        exam.stop_server(server)
    load_after = os.getloadavg()

    stored = exam.stored_answers()
    lost = exam.lost_answers(recorder, stored, answer_matches)
    by_label: dict[str, list[float]] = {}
    for label, _at, latency in recorder.timeline:
        by_label.setdefault(label, []).append(latency)
    log = server_log()
    grading, views = log["grading"], log["views"]
    pairing_items = {client["pairing_item"] for client in clients}
    figures.update(
        {
            "load_average_before": [round(value, 2) for value in load_before],
            "load_average_after": [round(value, 2) for value in load_after],
            "requests": len(recorder.latencies),
            "throughput_rps": round(len(recorder.latencies) / duration, 1),
            "all": spread(recorder.latencies),
            # Client-side latency, by kind: the opening spike's page loads, the ordinary
            # autosaves, the pairing autosaves, the hand-in, the result page (the correction).
            "page_load": spread(by_label.get("page", [])),
            "ordinary_save": spread(by_label.get("save", [])),
            "pairing_save": spread(by_label.get("pairing_save", [])),
            "hand_in": spread(by_label.get("submit", [])),
            "result_page": spread(by_label.get("result", [])),
            # Server-side, from the log: how long grading one answer took at hand-in.
            "grading_pairing": spread(grading.get("pairing", [])),
            "grading_ordinary": spread([d for kind, ds in grading.items() if kind != "pairing" for d in ds]),
            "server_time_by_view": {view: spread(samples) for view, samples in sorted(views.items())},
            # [seconds, autosaves, their server p95 ms, pairing gradings, their total ms] per 10 s
            "server_saves_and_pairing_gradings_by_10s": log["timeline"],
            "players_per_board": sorted({len(client.get("players", [])) for client in clients}),
            "handed_in": sum(1 for client in clients if client.get("handed_in")),
            "errors": len(recorder.errors),
            "error_kinds": sorted(set(recorder.errors))[:10],
            "retries": recorder.retries,
            "answers_sent": recorder.sent,
            "answers_acknowledged": len(recorder.acknowledged),
            "pairing_answers_acknowledged": sum(
                1 for key in recorder.acknowledged if key[1] in pairing_items
            ),
            "lost_answers": lost,
            # bench_exam_load's target, for every request a candidate makes (pages, autosaves,
            # the hand-in and its grading, the correction): p95 under 200 ms, 0 lost answers.
            "target_p95_ms": 200,
            "meets_target": spread(recorder.latencies)["p95_ms"] < 200 and lost == 0,
        }
    )
    write_result(
        "uvt_pairing_load" + ("" if DATABASE == "sqlite" else f"_{DATABASE}"),
        figures,
        f"{CANDIDATES} candidates on {DATABASE}: p95 {figures['all']['p95_ms']} ms (target 200), "
        f"page p95 {figures['page_load']['p95_ms']} ms, pairing save "
        f"p95 {figures['pairing_save']['p95_ms']} ms, pairing grading p95 "
        f"{figures['grading_pairing']['p95_ms']} ms, "
        f"{figures['errors']} errors, {lost} lost answers (load {figures['load_average_before'][0]})",
    )


if __name__ == "__main__":
    main()
