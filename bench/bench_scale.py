"""Two app servers against one PostgreSQL and one Redis: the layout of the README's deployment guide.

``python bench/bench_scale.py`` (``CANDIDATES=100``, ``WORKERS_PER_SERVER=1``,
``SCALE_SECONDS=10``; PostgreSQL at ``POSTGRESQL_SERVER``, Redis at ``REDIS_URL``):

1. set-up as bench_exam_load.py does (its ``prepare``): a throw-away PostgreSQL database, a
   paper, candidates with attempts and logged-in sessions; the cache is a Redis database
   flushed first;
2. two gunicorn servers (``config.wsgi``, as ``bin/serve`` runs them) on two ports, with the
   same settings and secret key, as two hosts behind a load balancer would be;
3. throughput, measured in the same run: FLOOR_CLIENTS concurrent candidates autosaving back
   to back against server A alone, then alternating between A and B;
4. one server or two must not matter to a candidate: the page read on A and every save sent
   alternately to A and B (sessions and CSRF tokens), the same remaining time from both
   clocks, a save past the deadline refused by both, a logout on A that ends the session on
   B, wrong two-factor codes counted across both (the lock-out lives in Redis), and every
   acknowledged answer in the database at the end.

Results: ``bench/results/scale.json``. On a machine with few cores each server gets
WORKERS_PER_SERVER workers so that "a second server" means more processes to run requests,
as a second host would; the load generator, PostgreSQL and Redis share the same cores.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

os.environ.setdefault("DATABASE", "postgresql")
os.environ.setdefault("CANDIDATES", "100")

import bench_exam_load as exam
from common import write_result

ROOT = Path(__file__).resolve().parent.parent
REDIS_URL = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/14")
PORTS = (int(os.environ.get("SCALE_PORT_A", "8107")), int(os.environ.get("SCALE_PORT_B", "8108")))
WORKERS_PER_SERVER = int(os.environ.get("WORKERS_PER_SERVER", "1"))
SCALE_SECONDS = int(os.environ.get("SCALE_SECONDS", "8"))
ROUNDS = int(os.environ.get("ROUNDS", "3"))
SERVER_LOG = ROOT / "var" / "bench" / "scale-server.log"


DATABASE_NAME = "arbitre_bench_scale"  # its own: bench_exam_load's may be in use at the same time


def database_url() -> str:
    return f"{exam.POSTGRESQL_SERVER}/{DATABASE_NAME}"


def fresh_database() -> None:
    import psycopg

    with psycopg.connect(f"{exam.POSTGRESQL_SERVER}/postgres", autocommit=True) as connection:
        connection.execute(f"DROP DATABASE IF EXISTS {DATABASE_NAME} WITH (FORCE)")
        connection.execute(f"CREATE DATABASE {DATABASE_NAME}")


exam.database_url = database_url  # exam.environment() and exam.prepare() use this database


def environment() -> dict[str, str]:
    env = exam.environment()
    env["CACHE_URL"] = REDIS_URL
    env["ACCESS_LOG_LEVEL"] = "WARNING"  # one JSON line per request would cost more than the request
    return env


def start_server(port: int) -> subprocess.Popen:
    SERVER_LOG.parent.mkdir(parents=True, exist_ok=True)
    server = subprocess.Popen(  # noqa: S603 (our own app)
        [
            str(ROOT / ".venv" / "bin" / "gunicorn"),
            "config.wsgi:application",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(WORKERS_PER_SERVER),
            "--timeout",
            "60",
        ],
        cwd=ROOT,
        env=environment(),
        stdout=SERVER_LOG.open("ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    for _attempt in range(120):
        try:
            status, _headers, _content = asyncio.run(
                exam.request("GET", "/healthz", cookies={}, timeout=1, port=port)
            )
            if status == 200:
                return server
        except exam.ServerAway:
            pass
        time.sleep(0.5)
    raise SystemExit(f"The server on port {port} did not start.")


def save_headers(cookies: dict[str, str], page: str, port: int) -> dict[str, str]:
    return {
        "Accept": "application/json",
        "X-CSRFToken": cookies.get("csrftoken", ""),
        "Referer": f"http://127.0.0.1:{port}{page}",
    }


async def autosave_throughput(clients: list[dict], ports: tuple[int, ...], seconds: float) -> int:
    """Saves acknowledged while every client posts back to back, each request to the next port."""
    done = 0
    stop_at = time.monotonic() + seconds

    async def loop(index: int, client: dict) -> None:
        nonlocal done
        cookies = {"sessionid": client["session"]}
        page = f"/delivery/{client['attempt']}/"
        _status, headers, _content = await exam.request("GET", page, cookies=cookies, port=ports[0])
        exam.remember_cookies(headers, cookies)
        item, kind = next(iter(client["items"].items()))
        generator = random.Random(index)
        sequence = int(time.time() * 1000)
        turn = index
        while time.monotonic() < stop_at:
            sequence += 1
            turn += 1
            port = ports[turn % len(ports)]
            body = urlencode(
                {"item": item, "sequence": sequence, **exam.random_answer(item, kind, generator)}
            )
            status, _headers, _content = await exam.request(
                "POST",
                f"{page}save/",
                cookies=cookies,
                body=body,
                headers=save_headers(cookies, page, port),
                port=port,
            )
            if status == 200:
                done += 1

    await asyncio.gather(*(loop(index, client) for index, client in enumerate(clients)))
    return done


async def alternating_session(clients: list[dict], recorder: exam.Recorder) -> None:
    """Each candidate opens the paper on A, then answers ten questions, one save per server in turn."""

    async def one(index: int, client: dict) -> None:
        cookies = {"sessionid": client["session"]}
        page = f"/delivery/{client['attempt']}/"
        status, headers, _content = await exam.timed(recorder, "GET", page, cookies=cookies, port=PORTS[0])
        exam.remember_cookies(headers, cookies)
        if status != 200:
            recorder.errors.append(f"page {status}")
        generator = random.Random(index)
        items = list(client["items"].items())
        await asyncio.sleep(generator.uniform(0, 3))
        for sequence in range(1, 11):
            item, kind = generator.choice(items)
            answer = exam.random_answer(item, kind, generator)
            port = PORTS[(index + sequence) % 2]
            body = urlencode({"item": item, "sequence": sequence, **answer})
            recorder.sent += 1
            recorder.sent_answers[(client["attempt"], item, sequence)] = answer
            status, headers, content = await exam.timed(
                recorder,
                "POST",
                f"{page}save/",
                cookies=cookies,
                body=body,
                headers=save_headers(cookies, page, port),
                port=port,
            )
            if exam.acknowledgement(status, headers, content) is not None:
                key = (client["attempt"], item)
                previous = recorder.acknowledged.get(key, (0, {}))
                if sequence > previous[0]:
                    recorder.acknowledged[key] = (sequence, answer)
            else:
                recorder.errors.append(f"save on {port}: {status}")
            await asyncio.sleep(generator.uniform(1, 3))  # a quick candidate: a save every 2 s

    await asyncio.gather(*(one(index, client) for index, client in enumerate(clients)))


def clocks_agree(client: dict) -> dict:
    cookies = {"sessionid": client["session"]}
    remaining = []
    for port in PORTS:
        _status, _headers, content = asyncio.run(
            exam.request(
                "GET",
                f"/delivery/{client['attempt']}/clock/",
                cookies=cookies,
                headers={"Accept": "application/json"},
                port=port,
            )
        )
        remaining.append(json.loads(content).get("remaining"))
    return {
        "remaining_s": remaining,
        "agree": None not in remaining and abs(remaining[0] - remaining[1]) <= 2,
    }


def deadline_enforced_by_both(client: dict) -> dict:
    """The attempt's deadline moved into the past (beyond the grace period): both servers refuse."""
    from datetime import timedelta

    from django.utils import timezone

    from delivery.models import Attempt

    Attempt.objects.filter(pk=client["attempt"]).update(deadline=timezone.now() - timedelta(minutes=5))
    cookies = {"sessionid": client["session"]}
    page = f"/delivery/{client['attempt']}/"
    statuses = []
    item, kind = next(iter(client["items"].items()))
    for port in PORTS:
        _status, headers, _content = asyncio.run(exam.request("GET", page, cookies=cookies, port=port))
        exam.remember_cookies(headers, cookies)
        body = urlencode(
            {"item": item, "sequence": 10**6 + port, **exam.random_answer(item, kind, random.Random(1))}
        )
        status, _headers, _content = asyncio.run(
            exam.request(
                "POST",
                f"{page}save/",
                cookies=cookies,
                body=body,
                headers=save_headers(cookies, page, port),
                port=port,
            )
        )
        statuses.append(status)
    return {"late_save_statuses": statuses, "refused_by_both": all(status == 409 for status in statuses)}


def logout_ends_session_everywhere(client: dict) -> dict:
    cookies = {"sessionid": client["session"]}
    page = f"/delivery/{client['attempt']}/"
    _status, headers, _content = asyncio.run(exam.request("GET", page, cookies=cookies, port=PORTS[0]))
    exam.remember_cookies(headers, cookies)
    body = urlencode({"csrfmiddlewaretoken": cookies.get("csrftoken", "")})
    asyncio.run(
        exam.request(
            "POST",
            "/accounts/logout/",
            cookies=dict(cookies),
            body=body,
            headers={"Referer": f"http://127.0.0.1:{PORTS[0]}/"},
            port=PORTS[0],
        )
    )
    status, headers, _content = asyncio.run(exam.request("GET", page, cookies=cookies, port=PORTS[1]))
    location = (headers.get("location") or [""])[0]
    return {
        "after_logout_on_a_status_on_b": status,
        "ended_on_b": status == 302 and "/accounts/login/" in location,
    }


def two_factor_lockout_shared() -> dict:
    """Wrong codes sent alternately to A and B: the fifth locks the account (counter in Redis)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore
    from django_otp.plugins.otp_totp.models import TOTPDevice

    from accounts.models import Role, User, ensure_role_groups

    grader = User.objects.create_user(email="correcteur@bench.arbitre.fr", password=None)
    grader.groups.add(ensure_role_groups()[Role.GRADER])
    TOTPDevice.objects.create(user=grader, name="bench", confirmed=True)
    statuses = []
    for attempt in range(5):
        session = SessionStore()  # a new password login each time: the counter must survive it
        session.update(
            {
                SESSION_KEY: str(grader.pk),
                BACKEND_SESSION_KEY: "accounts.backends.ModelBackend",
                HASH_SESSION_KEY: grader.get_session_auth_hash(),
            }
        )
        session.create()
        cookies = {"sessionid": session.session_key}
        port = PORTS[attempt % 2]
        verify = "/accounts/two-factor/verify/"
        _status, headers, _content = asyncio.run(exam.request("GET", verify, cookies=cookies, port=port))
        exam.remember_cookies(headers, cookies)
        body = urlencode({"code": f"00000{attempt}", "csrfmiddlewaretoken": cookies.get("csrftoken", "")})
        status, _headers, _content = asyncio.run(
            exam.request(
                "POST",
                verify,
                cookies=cookies,
                body=body,
                headers={"Referer": f"http://127.0.0.1:{port}{verify}"},
                port=port,
            )
        )
        statuses.append(status)
        time.sleep(1.1)  # django-otp's own throttle: one try per second after a failure
    return {
        "wrong_code_statuses": statuses,
        "locked_after_five_across_servers": statuses == [422] * 4 + [429],
    }


def main() -> None:
    import redis

    redis.Redis.from_url(REDIS_URL).flushdb()
    fresh_database()
    os.environ["CACHE_URL"] = REDIS_URL
    print(f"scale: preparing {exam.CANDIDATES} candidates on PostgreSQL, cache in Redis…", flush=True)
    everyone = exam.prepare()
    clients, floor_clients = everyone[: exam.CANDIDATES], everyone[exam.CANDIDATES :]
    servers = [start_server(port) for port in PORTS]
    figures: dict = {
        "candidates": exam.CANDIDATES,
        "workers_per_server": WORKERS_PER_SERVER,
        "concurrent_clients": len(floor_clients),
        "seconds_per_measure": SCALE_SECONDS,
        "cpus": os.cpu_count(),
        "load_average_before": round(os.getloadavg()[0], 2),
    }
    try:
        # One server, two, one, two…: the machine's other load drifts; interleaving the rounds
        # and keeping each one's best keeps the comparison fair.
        rounds: dict[int, list[float]] = {1: [], 2: []}
        generator_cpu: dict[int, float] = {1: 0.0, 2: 0.0}
        for _round in range(ROUNDS):
            for count in (1, 2):
                cpu = time.process_time()
                done = asyncio.run(autosave_throughput(floor_clients, PORTS[:count], SCALE_SECONDS))
                generator_cpu[count] += time.process_time() - cpu
                rounds[count].append(round(done / SCALE_SECONDS, 1))
        one, two = max(rounds[1]), max(rounds[2])
        figures["autosave_rps_rounds"] = {"one_server": rounds[1], "two_servers": rounds[2]}
        figures["load_generator_cpu_share"] = {
            count: round(generator_cpu[count] / (ROUNDS * SCALE_SECONDS), 2) for count in (1, 2)
        }
        figures["autosave_rps_one_server"] = one
        figures["autosave_rps_two_servers"] = two
        figures["speed_up"] = round(two / one, 2) if one else None
        print(
            f"autosave: one server {figures['autosave_rps_one_server']}/s, "
            f"two {figures['autosave_rps_two_servers']}/s",
            flush=True,
        )

        recorder = exam.Recorder()
        started = time.monotonic()
        asyncio.run(alternating_session(clients, recorder))
        figures["session_s"] = round(time.monotonic() - started, 1)
        figures["clocks"] = clocks_agree(clients[0])
        figures["deadline"] = deadline_enforced_by_both(clients[1])
        figures["logout"] = logout_ends_session_everywhere(clients[2])
        figures["two_factor"] = two_factor_lockout_shared()
    finally:
        for server in servers:
            exam.stop_server(server)

    stored = exam.stored_answers()
    lost = 0
    for (attempt, item), (sequence, answer) in recorder.acknowledged.items():
        stored_sequence, stored_answer = stored.get((attempt.replace("-", ""), item), (0, {}))
        if stored_sequence < sequence or (
            stored_sequence == sequence and not exam.answer_matches(stored_answer, answer)
        ):
            lost += 1
    latencies = sorted(recorder.latencies)
    figures.update(
        {
            "answers_sent": recorder.sent,
            "answers_acknowledged": len(recorder.acknowledged),
            "lost_answers": lost,
            "errors": len(recorder.errors),
            "error_kinds": sorted(set(recorder.errors))[:10],
            "p95_ms": round(latencies[int(len(latencies) * 0.95)], 1) if latencies else None,
            "load_average_after": round(os.getloadavg()[0], 2),
        }
    )
    consistent = all(
        (
            figures["clocks"]["agree"],
            figures["deadline"]["refused_by_both"],
            figures["logout"]["ended_on_b"],
            figures["two_factor"]["locked_after_five_across_servers"],
            lost == 0,
            not recorder.errors,
        )
    )
    figures["same_behaviour_as_one_server"] = consistent
    write_result(
        "scale",
        figures,
        f"autosave {figures['autosave_rps_one_server']}/s on one server, "
        f"{figures['autosave_rps_two_servers']}/s on two (×{figures['speed_up']}); "
        "sessions, clocks, deadlines, logout and 2FA lock-out shared: "
        f"{consistent}; {lost} lost answers",
    )
    sys.exit(0 if consistent else 1)


if __name__ == "__main__":
    main()
