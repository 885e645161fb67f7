"""Load and fault benchmark of an online exam session, through the real HTTP stack.

``make bench-exam`` (``CANDIDATES=2000`` by default, ``DATABASE=sqlite`` or ``postgresql``,
``FAULT=1`` for the fault run) does, on a throw-away database:

1. set-up: migrate, one paper of 30 questions, CANDIDATES candidates, each with an attempt
   opened by the invigilator (``start_attempt``) and a logged-in session;
2. serve the site as ``make run`` does (``bin/serve``: gunicorn, the task worker, the clock);
3. the floor: the saturated throughput of a trivial view (``/healthz``) and of autosaves
   (the same number of concurrent clients, each posting saves back to back), measured in the
   same run, in alternating windows (``FLOOR_ROUNDS`` × ``FLOOR_SECONDS``), so that their
   ratio is not skewed by the machine's load;
4. the session: every candidate opens the paper within the first minute (the start spike),
   then answers a question every 10 s (jittered), each answer autosaved with a numbered save
   as the browser does (JSON ``Accept``), retrying with backoff when the server is away;
5. with ``FAULT=1``, the app server is killed (SIGKILL, the whole process group) half-way
   and started again 3 s later; candidates keep their answers and resend them;
6. the check: every answer a client saw acknowledged is in the database with its sequence
   (or a newer one the same client sent), i.e. ``lost_answers`` must be 0.

The client is a small asyncio HTTP/1.1 client (one connection per request, as gunicorn's
sync workers close them), so that one process drives thousands of candidates.
Results: ``bench/results/exam_load.json`` (or ``exam_load_fault.json``; the database name is
appended when it is not SQLite).
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

from common import write_result

ROOT = Path(__file__).resolve().parent.parent
CANDIDATES = int(os.environ.get("CANDIDATES", "2000"))
DATABASE = os.environ.get("DATABASE", "sqlite")
FAULT = os.environ.get("FAULT", "") not in ("", "0")
ANSWER_SECONDS = int(os.environ.get("ANSWER_SECONDS", "120"))
SPIKE_SECONDS = int(os.environ.get("SPIKE_SECONDS", "60"))
SAVE_EVERY = 10.0
PORT = int(os.environ.get("BENCH_PORT", "8765"))
QUESTIONS = 30
FLOOR_CLIENTS = 32
FLOOR_SECONDS = int(os.environ.get("FLOOR_SECONDS", "4"))
# The floor and the autosaves are measured in alternating windows, so that a change in the
# shared machine's speed during the measure weighs on both sides of their ratio alike.
FLOOR_ROUNDS = int(os.environ.get("FLOOR_ROUNDS", "4"))
SERVER_LOG = ROOT / "var" / "bench" / "server.log"
POSTGRESQL_SERVER = os.environ.get("POSTGRESQL_SERVER", "postgres://postgres@127.0.0.1:5432")


# The throw-away database's name (var/bench/<name>.sqlite3, or arbitre_bench_<name>): another
# benchmark built on this module sets its own, so that both may run at the same time.
DATABASE_NAME = "exam"


def database_url() -> str:
    if DATABASE == "postgresql":
        return f"{POSTGRESQL_SERVER}/arbitre_bench_{DATABASE_NAME}"
    path = ROOT / "var" / "bench" / f"{DATABASE_NAME}.sqlite3"
    return f"sqlite:///{path}"


def fresh_database() -> None:
    if DATABASE == "postgresql":
        import psycopg

        with psycopg.connect(f"{POSTGRESQL_SERVER}/postgres", autocommit=True) as connection:
            connection.execute(f"DROP DATABASE IF EXISTS arbitre_bench_{DATABASE_NAME} WITH (FORCE)")
            connection.execute(f"CREATE DATABASE arbitre_bench_{DATABASE_NAME}")
    else:
        path = ROOT / "var" / "bench" / f"{DATABASE_NAME}.sqlite3"
        path.parent.mkdir(parents=True, exist_ok=True)
        for suffix in ("", "-wal", "-shm"):
            Path(f"{path}{suffix}").unlink(missing_ok=True)


def environment() -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        {
            "DATABASE_URL": database_url(),
            "DEBUG": "0",
            "INSECURE_LOOPBACK": "1",
            "SECRET_KEY_FILE": str(ROOT / "var" / "secret_key"),
        }
    )
    env.pop("ARBITRE_TESTING", None)
    return env


def django_ready() -> None:
    """Migrate the throw-away database, then set Django up in this process on it."""
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=environment(), check=True
    )
    os.environ.update(environment())
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


KINDS = ("single", "truefalse", "numeric", "open")


def ordinary_question(index: int, kind: str, *, uid: str, unit: str, now):
    """A published question version of one of ``KINDS`` (1 point), for a bench paper."""

    body = {
        "single": {
            "options": [
                {
                    "key": key,
                    "text_fr": f"Réponse {key}",
                    "text_en": "",
                    "correct": key == "b",
                    "feedback_fr": "",
                    "feedback_en": "",
                }
                for key in "abcd"
            ]
        },
        "truefalse": {"answer": True},
        "numeric": {"value": 3, "tolerance": 0, "unit": ""},
        "open": {
            "rubric": [{"text_fr": "Décision", "text_en": "", "points": 1}],
            "model_answer_fr": "",
            "model_answer_en": "",
        },
    }[kind]
    return published_version(
        uid,
        {
            "type": kind,
            "units": [unit],
            "tags": [],
            "difficulty": 2,
            "points": 1,
            "negative_marking": False,
            "eliminatory": False,
            "stem_fr": f"Question {index} : que décide l'arbitre ?",
            "stem_en": "",
            "explanation_fr": "Parce que.",
            "explanation_en": "",
            "citations": [],
            "source": "",
            "scenario": None,
            "body": body,
        },
        now=now,
    )


def published_version(uid: str, content: dict, *, now):
    from questions.models import Question, QuestionVersion, Status

    question = Question.objects.create(uid=uid, status=Status.PUBLISHED)
    version = QuestionVersion(question=question, number=1)
    version.set_content(content)
    version.published_at = now
    version.save()
    return version


def seat_candidates(paper, count: int, *, now, first_seed: int = 0) -> list[dict]:
    """``count`` candidates, each with an attempt at ``paper`` opened by the invigilator and a
    logged-in session: ``[{"session": key, "attempt": id}, …]``. Their attempts' seeds follow
    ``first_seed``."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.cached_db import SessionStore

    from accounts.models import User
    from delivery.models import Attempt, AttemptEvent

    password = make_password(None)
    users = User.objects.bulk_create(
        [User(email=f"candidat-{index}@bench.arbitre.fr", password=password) for index in range(count)]
    )
    deadline = now + paper.duration
    attempts = Attempt.objects.bulk_create(
        [
            Attempt(paper=paper, candidate=user, seed=first_seed + index, started_at=now, deadline=deadline)
            for index, user in enumerate(users)
        ]
    )
    AttemptEvent.objects.bulk_create([AttemptEvent(attempt=attempt, kind="started") for attempt in attempts])
    clients = []
    backend = "accounts.backends.ModelBackend"
    # Through the site's session engine (the cache and the database), as a login stores them.
    for user, attempt in zip(users, attempts, strict=True):
        session = SessionStore()
        session[SESSION_KEY] = str(user.pk)
        session[BACKEND_SESSION_KEY] = backend
        session[HASH_SESSION_KEY] = user.get_session_auth_hash()
        session.create()
        clients.append({"session": session.session_key, "attempt": str(attempt.pk)})
    return clients


def prepare() -> list[dict]:
    """Migrate, then create the paper, candidates, attempts and sessions (in this process)."""
    django_ready()
    from django.utils import timezone

    from delivery.models import Paper, PaperItem

    now = timezone.now()
    # Locked, as an exam session's paper must be before an invigilator opens any attempt.
    paper = Paper.objects.create(
        title="Bench UVR", unit="UVR", duration=timezone.timedelta(hours=2), locked_at=now
    )
    items = PaperItem.objects.bulk_create(
        [
            PaperItem(
                paper=paper,
                position=index + 1,
                version=ordinary_question(
                    index, KINDS[index % 4], uid=f"bench-exam-{index}", unit="UVR", now=now
                ),
                points=1,
            )
            for index in range(QUESTIONS)
        ]
    )
    clients = seat_candidates(paper, CANDIDATES + FLOOR_CLIENTS, now=now)
    kinds = {item.pk: KINDS[index % 4] for index, item in enumerate(items)}
    for client in clients:
        client["items"] = kinds
    return clients


def random_answer(item: int, kind: str, generator: random.Random) -> dict[str, str]:
    name = f"q{item}-answer"
    if kind == "single":
        return {name: generator.choice("abcd")}
    if kind == "truefalse":
        return {name: generator.choice(["true", "false"])}
    if kind == "numeric":
        return {name: str(generator.randint(0, 9))}
    return {name: "La partie continue ; " + "j'adoube " * generator.randint(1, 40)}


# --- a minimal HTTP/1.1 client ------------------------------------------------------------


class ServerAway(Exception):
    pass


async def request(
    method: str,
    path: str,
    *,
    cookies: dict[str, str],
    body: str = "",
    headers: dict[str, str] | None = None,
    timeout: float = 30,
    port: int | None = None,
) -> tuple[int, dict, bytes]:
    port = port or PORT  # bench_scale.py spreads requests over several servers
    lines = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{port}", "Connection: close"]
    if cookies:
        lines.append("Cookie: " + "; ".join(f"{key}={value}" for key, value in cookies.items()))
    for key, value in (headers or {}).items():
        lines.append(f"{key}: {value}")
    payload = body.encode()
    if method == "POST":
        lines += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(payload)}"]
    try:
        reader, writer = await asyncio.wait_for(asyncio.open_connection("127.0.0.1", port), timeout)
        writer.write(("\r\n".join(lines) + "\r\n\r\n").encode() + payload)
        raw = await asyncio.wait_for(reader.read(), timeout)
        writer.close()
    except (TimeoutError, OSError) as error:
        raise ServerAway(str(error)) from error
    head, _separator, content = raw.partition(b"\r\n\r\n")
    if not head:
        raise ServerAway("empty answer")
    status_line, *header_lines = head.decode("latin-1").split("\r\n")
    answer_headers: dict[str, list[str]] = {}
    for line in header_lines:
        key, _colon, value = line.partition(":")
        answer_headers.setdefault(key.strip().lower(), []).append(value.strip())
    return int(status_line.split()[1]), answer_headers, content


def remember_cookies(headers: dict, cookies: dict[str, str]) -> None:
    for line in headers.get("set-cookie", []):
        match = re.match(r"([^=]+)=([^;]*)", line)
        if match:
            cookies[match.group(1)] = match.group(2)


# --- the simulated candidates -------------------------------------------------------------

# Replies after which the exam page keeps an answer and sends it again (the server away or
# restarting); any other reply that is not an acknowledgement is an error of the bench.
RESEND_STATUSES = (502, 503, 504)


def is_json(headers: dict, content: bytes) -> bool:
    """Whether a reply is a JSON document, as the exam page checks before reading it."""
    kinds = headers.get("content-type", [])
    if not kinds or not kinds[0].startswith("application/json"):
        return False
    try:
        json.loads(content)
    except ValueError:  # JSONDecodeError and UnicodeDecodeError both are
        return False
    return True


def acknowledgement(status: int, headers: dict, content: bytes) -> dict | None:
    """The server's acknowledgement of a save, or None when the reply is none: not a 200, not
    JSON (an HTML error page, a reply cut short while the server restarts), or a JSON whose
    status is neither "saved" nor "stale". The exam page (``delivery.js``) reads a reply the
    same way and keeps an answer that was not acknowledged, to send it again."""
    if status != 200 or not is_json(headers, content):
        return None
    data = json.loads(content)
    if not isinstance(data, dict) or data.get("status") not in ("saved", "stale"):
        return None
    return data


class Recorder:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        # (kind, seconds since the session began, latency): where the slow requests are
        self.timeline: list[tuple[str, float, float]] = []
        self.began = time.perf_counter()
        self.errors: list[str] = []
        self.sent = 0
        self.acknowledged: dict[tuple[str, int], tuple[int, dict]] = {}
        self.sent_answers: dict[tuple[str, int, int], dict] = {}
        self.retries = 0


async def timed(recorder: Recorder, *args, label: str = "", **kwargs):
    """A request whose latency is recorded, under ``label`` (by default "page" for a GET,
    "save" for a POST) in the timeline."""
    start = time.perf_counter()
    status, headers, content = await request(*args, **kwargs)
    latency = (time.perf_counter() - start) * 1000
    recorder.latencies.append(latency)
    label = label or ("page" if args[0] == "GET" else "save")
    recorder.timeline.append((label, start - recorder.began, latency))
    return status, headers, content


async def candidate(
    client: dict, recorder: Recorder, generator: random.Random, started: float, stop_at: float
) -> None:
    cookies = {"sessionid": client["session"]}
    page = f"/delivery/{client['attempt']}/"
    await asyncio.sleep(generator.uniform(0, SPIKE_SECONDS))
    while True:  # the start spike: open the paper (retried while the server is away)
        try:
            status, headers, _content = await timed(recorder, "GET", page, cookies=cookies)
        except ServerAway:
            recorder.retries += 1
            await asyncio.sleep(2)
            continue
        remember_cookies(headers, cookies)
        if status != 200:
            recorder.errors.append(f"GET page {status}")
        break
    sequence = 0
    pending: list[tuple[int, int, dict]] = []  # saves not yet acknowledged, as the browser keeps them
    items = list(client["items"].items())
    while time.monotonic() < stop_at:
        await asyncio.sleep(SAVE_EVERY * generator.uniform(0.8, 1.2))
        item, kind = generator.choice(items)
        sequence += 1
        answer = random_answer(item, kind, generator)
        recorder.sent += 1
        recorder.sent_answers[(client["attempt"], item, sequence)] = answer
        pending.append((item, sequence, answer))
        await send_pending(recorder, client["attempt"], cookies, pending, until=stop_at + 60)


async def send_pending(
    recorder: Recorder,
    attempt: str,
    cookies: dict[str, str],
    pending: list[tuple[int, int, dict]],
    *,
    until: float,
    label: str = "save",
    timeout: float = 30,
) -> None:
    """Send the saves ``pending`` ((item, sequence, form fields), oldest first) as the exam page
    does: each one until the server acknowledges it, resent with backoff while the server is
    away, until ``until`` (monotonic time); acknowledged ones go to ``recorder.acknowledged``.
    ``timeout``: seconds before a reply is given up and the save sent again."""
    page = f"/delivery/{attempt}/"
    delay = 1.0
    while pending and time.monotonic() < until:
        item_sent, sequence_sent, answer_sent = pending[0]
        body = urlencode(
            {
                "item": item_sent,
                "sequence": sequence_sent,
                "csrfmiddlewaretoken": cookies.get("csrftoken", ""),
                **answer_sent,
            }
        )
        try:
            status, headers, content = await timed(
                recorder,
                "POST",
                f"{page}save/",
                cookies=cookies,
                body=body,
                headers={
                    "Accept": "application/json",
                    "X-CSRFToken": cookies.get("csrftoken", ""),
                    "Referer": f"http://127.0.0.1:{PORT}{page}",
                },
                label=label,
                timeout=timeout,
            )
        except ServerAway:
            recorder.retries += 1
            await asyncio.sleep(delay)
            delay = min(delay * 2, 8)
            continue
        acknowledged = acknowledgement(status, headers, content)
        if acknowledged is not None:
            key = (attempt, item_sent)
            recorder.acknowledged[key] = max(
                recorder.acknowledged.get(key, (0, {})),
                (sequence_sent, answer_sent),
                key=lambda pair: pair[0],
            )
            pending.pop(0)
        elif status in RESEND_STATUSES or not is_json(headers, content):
            # The server restarting, a proxy's page, a reply cut short: nothing was
            # acknowledged, so the answer stays pending and is sent again, as the page does.
            recorder.retries += 1
            await asyncio.sleep(delay)
            delay = min(delay * 2, 8)
        else:
            recorder.errors.append(f"save {status} {content[:80]!r}")
            pending.pop(0)


async def open_pages(clients: list[dict]) -> None:
    """Each client opens its paper once (its CSRF cookie), before any timed window."""

    async def open_one(client: dict) -> None:
        client["cookies"] = {"sessionid": client["session"]}
        _status, headers, _content = await request(
            "GET", f"/delivery/{client['attempt']}/", cookies=client["cookies"]
        )
        remember_cookies(headers, client["cookies"])

    await asyncio.gather(*(open_one(client) for client in clients))


async def hammer(path: str, clients: list[dict], seconds: float, *, save: bool) -> int:
    """Requests completed by FLOOR_CLIENTS clients sending back to back for ``seconds``
    (autosaves: clients whose page ``open_pages`` opened, each save numbered above the last)."""
    done = 0
    stop_at = time.monotonic() + seconds

    async def loop(client: dict) -> None:
        nonlocal done
        cookies = client.get("cookies", {})
        page = f"/delivery/{client['attempt']}/"
        item, kind = next(iter(client["items"].items()))
        generator = random.Random(client["attempt"])
        while time.monotonic() < stop_at:
            client["sequence"] = sequence = client.get("sequence", 10**12) + 1
            if save:
                body = urlencode({"item": item, "sequence": sequence, **random_answer(item, kind, generator)})
                status, _headers, _content = await request(
                    "POST",
                    f"{page}save/",
                    cookies=cookies,
                    body=body,
                    headers={
                        "Accept": "application/json",
                        "X-CSRFToken": cookies.get("csrftoken", ""),
                        "Referer": f"http://127.0.0.1:{PORT}{page}",
                    },
                )
            else:
                status, _headers, _content = await request("GET", path, cookies={})
            if status == 200:
                done += 1

    await asyncio.gather(*(loop(client) for client in clients))
    return done


# --- the server ---------------------------------------------------------------------------


def start_server() -> subprocess.Popen:
    env = environment()
    env.update({"HOST": "127.0.0.1", "PORT": str(PORT)})
    SERVER_LOG.parent.mkdir(parents=True, exist_ok=True)  # on PostgreSQL nothing else creates it
    server = subprocess.Popen(  # noqa: S603 - our own script
        [str(ROOT / "bin" / "serve")],
        cwd=ROOT,
        env=env,
        stdout=SERVER_LOG.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    for _attempt in range(120):
        try:
            asyncio.run(request("GET", "/healthz", cookies={}, timeout=1))
            return server
        except ServerAway:
            time.sleep(0.5)
    raise SystemExit("The server did not start.")


def kill_server(server: subprocess.Popen) -> None:
    os.killpg(server.pid, signal.SIGKILL)
    server.wait()


def stop_server(server: subprocess.Popen) -> None:
    try:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=20)
    except (ProcessLookupError, subprocess.TimeoutExpired):
        os.killpg(server.pid, signal.SIGKILL)


def cpu_seconds(server: subprocess.Popen) -> dict[str, float]:
    """CPU time used so far by the app server's processes (gunicorn, task worker, clock), by
    PostgreSQL's processes and by this client: where a phase's CPU went on the shared cores."""
    tick = os.sysconf("SC_CLK_TCK")
    used = {"server": 0.0, "postgresql": 0.0}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.find("(") + 1 : stat.rfind(")")]
        fields = stat.rpartition(")")[2].split()
        # utime, stime, and those of the children that ended and were waited for (cutime,
        # cstime): a PostgreSQL backend whose connection closed counts in its postmaster's,
        # so that the sum never goes back when processes end.
        seconds = sum(int(value) for value in fields[11:15]) / tick
        if int(fields[2]) == server.pid:  # the process group bin/serve leads
            used["server"] += seconds
        elif name == "postgres":  # the postmaster and its backends
            used["postgresql"] += seconds
    own = os.times()
    used["client"] = own.user + own.system
    return used


def cpu_used(before: dict[str, float], after: dict[str, float], per: int) -> dict[str, float]:
    """Milliseconds of CPU per request between two readings of ``cpu_seconds``."""
    return {name: round(1000 * (after[name] - before[name]) / max(per, 1), 2) for name in after}


def stored_answers() -> dict[tuple[str, int], tuple[int, dict]]:
    from delivery.models import Response

    return {
        (str(attempt_id).replace("-", ""), item_id): (sequence, answer)
        for attempt_id, item_id, sequence, answer in Response.objects.values_list(
            "attempt_id", "item_id", "sequence", "answer"
        )
    }


def answer_matches(stored: dict, sent: dict) -> bool:
    """Whether the stored answer is the one a form post of ``sent`` gives."""
    value = next(iter(sent.values())).strip()
    if value in ("true", "false"):
        return stored.get("answer") is (value == "true")
    return value in {str(stored.get(name, "")).strip() for name in ("choice", "value", "text")}


def lost_answers(recorder: Recorder, stored: dict, matches=None) -> int:
    """Acknowledged saves whose answer is not in the database: a lower sequence stored, or the
    same sequence with another answer (``matches(stored answer, form fields sent)``)."""
    matches = matches or answer_matches
    lost = 0
    for (attempt, item), (sequence, _answer) in recorder.acknowledged.items():
        stored_sequence, stored_answer = stored.get((attempt.replace("-", ""), item), (0, {}))
        if stored_sequence < sequence or (
            stored_sequence == sequence
            and not matches(stored_answer, recorder.sent_answers[(attempt, item, sequence)])
        ):
            lost += 1
    return lost


def percentile_of(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * share))], 1) if ordered else 0.0


def p95_of(selected: list[float]) -> float:
    return percentile_of(selected, 0.95)


def main() -> None:
    fresh_database()
    print(f"exam load: preparing {CANDIDATES} candidates on {DATABASE}…", flush=True)
    everyone = prepare()
    clients, floor_clients = everyone[:CANDIDATES], everyone[CANDIDATES:]
    server = start_server()
    figures: dict = {"database": DATABASE, "candidates": CANDIDATES, "fault": FAULT}
    try:
        asyncio.run(open_pages(floor_clients))
        floor = saves = 0
        floor_cpu = {"server": 0.0, "postgresql": 0.0, "client": 0.0}
        save_cpu = dict(floor_cpu)
        for _round in range(FLOOR_ROUNDS):
            before = cpu_seconds(server)
            floor += asyncio.run(hammer("/healthz", floor_clients, FLOOR_SECONDS, save=False))
            between = cpu_seconds(server)
            saves += asyncio.run(hammer("", floor_clients, FLOOR_SECONDS, save=True))
            after = cpu_seconds(server)
            for name in floor_cpu:
                floor_cpu[name] += between[name] - before[name]
                save_cpu[name] += after[name] - between[name]
        # CPU per request, by process kind: what a trivial view and an autosave cost the machine.
        figures["floor_cpu_ms"] = cpu_used(dict.fromkeys(floor_cpu, 0.0), floor_cpu, floor)
        figures["autosave_cpu_ms"] = cpu_used(dict.fromkeys(save_cpu, 0.0), save_cpu, saves)
        measured = FLOOR_SECONDS * FLOOR_ROUNDS
        figures["floor_rps"] = round(floor / measured, 1)
        figures["autosave_rps"] = round(saves / measured, 1)
        figures["autosave_ratio"] = round(saves / floor, 3) if floor else None
        print(f"floor {figures['floor_rps']} req/s, autosave {figures['autosave_rps']} req/s", flush=True)

        recorder = Recorder()
        generator = random.Random(2026)
        started = time.monotonic()
        stop_at = started + SPIKE_SECONDS + ANSWER_SECONDS

        async def session() -> None:
            tasks = [
                asyncio.create_task(
                    candidate(client, recorder, random.Random(generator.random()), started, stop_at)
                )
                for client in clients
            ]
            if FAULT:
                await asyncio.sleep(SPIKE_SECONDS + ANSWER_SECONDS / 2)
                nonlocal server
                kill_server(server)
                figures["killed_at_s"] = round(time.monotonic() - started, 1)
                await asyncio.sleep(3)
                server = await asyncio.to_thread(start_server)
                figures["restarted_at_s"] = round(time.monotonic() - started, 1)
            await asyncio.gather(*tasks)

        before = cpu_seconds(server)
        asyncio.run(session())
        figures["duration_s"] = round(time.monotonic() - started, 1)
        if not FAULT:  # a restarted server's processes are not the ones measured before
            figures["session_cpu_ms"] = cpu_used(before, cpu_seconds(server), len(recorder.latencies))
    finally:
        stop_server(server)

    stored = stored_answers()
    lost = lost_answers(recorder, stored)
    latencies = sorted(recorder.latencies)

    def percentile(share: float) -> float:
        return percentile_of(latencies, share)

    timeline = recorder.timeline
    spike_end = SPIKE_SECONDS + SAVE_EVERY
    figures.update(
        {
            # The same requests split by kind and by phase: the start spike (every candidate
            # opening the paper) against the steady autosaves that follow it.
            "page_p95_ms": p95_of([latency for kind, _at, latency in timeline if kind == "page"]),
            "save_p95_ms": p95_of([latency for kind, _at, latency in timeline if kind == "save"]),
            "spike_p95_ms": p95_of([latency for _kind, at, latency in timeline if at < spike_end]),
            "after_spike_p95_ms": p95_of([latency for _kind, at, latency in timeline if at >= spike_end]),
            # [seconds since the start, requests, p95] per ten seconds: a steady tail or bursts
            "p95_by_10s": [
                [start, len(bucket), p95_of(bucket)]
                for start in range(0, int(max((at for _k, at, _l in timeline), default=0)) + 1, 10)
                if (bucket := [latency for _kind, at, latency in timeline if start <= at < start + 10])
            ],
        }
    )
    figures.update(
        {
            "requests": len(latencies),
            "p50_ms": percentile(0.50),
            "p95_ms": percentile(0.95),
            "p99_ms": percentile(0.99),
            "errors": len(recorder.errors),
            "error_kinds": sorted(set(recorder.errors))[:10],
            "answers_sent": recorder.sent,
            "answers_acknowledged": len(recorder.acknowledged),
            "answers_stored": sum(
                1 for key in recorder.acknowledged if (key[0].replace("-", ""), key[1]) in stored
            ),
            "lost_answers": lost,
            "retries": recorder.retries,
            "target_p95_ms": 200,
            "target_ratio": 0.5,
        }
    )
    name = "exam_load_fault" if FAULT else "exam_load"
    if DATABASE != "sqlite":
        name += f"_{DATABASE}"
    write_result(
        name,
        figures,
        f"{CANDIDATES} candidates on {DATABASE}{' with a server kill' if FAULT else ''}: "
        f"p95 {figures['p95_ms']} ms, {figures['errors']} errors, {lost} lost answers, "
        f"autosave/floor {figures['autosave_ratio']}",
    )


if __name__ == "__main__":
    main()
