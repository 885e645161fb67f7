"""Server time of the main pages, by role, in-process (target: every page < 20 ms median).

The Django test client runs each request through the whole stack (middleware, sessions,
views, templates) on the database of `make data`, without a network or a web server, so the
figure is the server's own time. Each page is fetched a few times first (warm caches, as a
running server has them), then ``PAGES_REPEAT`` times (default 20): median, p95 and the
number of SQL queries of one request, per page, go to ``bench/results/pages.json``.

DEBUG is off, as in production (``bin/serve``). The pages are found in the demo data (the
trainee's course and lesson, a question, a paper, today's session…); a page the data lacks
is reported as skipped. ``PAGES_ONLY=practice`` measures only the pages whose name holds
that word.

    .venv/bin/python bench/bench_pages.py
"""

from __future__ import annotations

import os
import statistics
import time

os.environ["DEBUG"] = "0"
os.environ.setdefault("SECRET_KEY", "bench-pages-only-a-local-in-process-benchmark-0123456789abcdef")
# The access log writes a JSON line per request (arbitre.request, INFO): hundreds of them would
# bury the table. ACCESS_LOG_LEVEL=INFO brings them back.
os.environ.setdefault("ACCESS_LOG_LEVEL", "WARNING")

from common import setup, write_result

REPEAT = int(os.environ.get("PAGES_REPEAT", "20"))
WARMUP = 3
TARGET_MS = 20.0
ONLY = os.environ.get("PAGES_ONLY", "")

TRAINEE = "stagiaire@demo.arbitre.fr"
TRAINER = "formateur@demo.arbitre.fr"
GRADER = "correcteur@demo.arbitre.fr"
STAFF = "examens@demo.arbitre.fr"


def client_for(email: str | None):
    """A test client logged in as ``email``, second factor included (as after the code page)."""
    from django.test import Client
    from django_otp import DEVICE_ID_SESSION_KEY

    from accounts import two_factor
    from accounts.models import User

    client = Client()
    if email is None:
        return client
    user = User.objects.get(email=email)
    client.force_login(user)
    if two_factor.is_required_for(user):
        device = two_factor.authenticator(user)
        if device is not None:
            session = client.session
            session[DEVICE_ID_SESSION_KEY] = device.persistent_id
            session.save()
    return client


def pages() -> list[tuple[str, str | None, str]]:
    """(name, login, path) of the pages measured, found in the demo data."""
    from courses.models import Course, Lesson
    from delivery.models import Paper, Purpose
    from exams.models import ExamSession
    from papers.models import Blueprint
    from questions.models import Question
    from rules.models import Chapter, Edition

    found: list[tuple[str, str | None, str]] = [
        ("healthz", None, "/healthz"),
        ("home (anonymous)", None, "/"),
        ("home (trainee)", TRAINEE, "/"),
        ("rulebook index", TRAINEE, "/rules/"),
    ]
    for slug in ("2018", "2017", "2014"):
        if Edition.objects.filter(slug=slug).exists():
            found.append((f"rulebook toc {slug} (fr)", TRAINEE, f"/rules/{slug}/"))
    found += [
        ("rulebook toc 2018 (en)", None, "/rules/2018/?_lang=en"),
        ("rulebook article 4.2.1", TRAINEE, "/rules/2018/4.2.1/"),
        ("rulebook article 9.2 (group)", TRAINEE, "/rules/2018/9.2/"),
        ("rulebook article 6.9", TRAINEE, "/rules/2018/6.9/"),
        ("rulebook glossary", TRAINEE, "/rules/glossary/"),
        ("rules search 'triple répétition'", TRAINEE, "/rules/search/?q=triple+r%C3%A9p%C3%A9tition"),
        ("rules search 'threefold' (en)", TRAINEE, "/rules/search/?q=threefold+repetition&lang=en"),
        ("rules search 'pendule'", TRAINEE, "/rules/search/?q=pendule"),
        ("api rules search 'triple répétition'", None, "/api/rules/search?q=triple+r%C3%A9p%C3%A9tition"),
    ]
    chapter = Chapter.objects.order_by("order").first()
    if chapter is not None:
        found.append(("livre chapter", TRAINEE, chapter.get_absolute_url()))
    found += [
        ("practice home", TRAINEE, "/practice/"),
        ("practice progress", TRAINEE, "/practice/progression/"),
        ("courses index", TRAINEE, "/courses/"),
    ]
    course = Course.objects.filter(code="SC").first()
    if course is not None:
        found.append(("course page SC", TRAINEE, f"/courses/{course.code}/"))
        lesson = Lesson.objects.filter(module__course=course).order_by("module__order", "order").first()
        if lesson is not None:
            found.append(("lesson (first of SC)", TRAINEE, f"/courses/{course.code}/{lesson.slug}/"))
        found.append(("course outline SC (trainer)", TRAINER, f"/courses/rediger/{course.code}/"))
    found += [
        ("cohorts (trainer)", TRAINER, "/courses/groupes/"),
        ("exams home (trainee)", TRAINEE, "/examens/"),
        ("my records (trainee)", TRAINEE, "/examens/dossier/"),
        ("profile (trainee)", TRAINEE, "/accounts/profile/"),
        ("question bank list (trainer)", TRAINER, "/questions/"),
        ("question review queue (trainer)", TRAINER, "/questions/reviews/"),
    ]
    question = Question.objects.order_by("pk").first()
    if question is not None:
        found.append(("question detail (trainer)", TRAINER, f"/questions/{question.uid}/"))
    found += [
        ("grading queue (grader)", GRADER, "/correction/"),
        ("exams home (grader)", GRADER, "/examens/"),
        ("papers (staff)", STAFF, "/papers/"),
    ]
    paper = Paper.objects.exclude(purpose=Purpose.PRACTICE).order_by("-pk").first()
    if paper is not None:
        found.append(("paper detail (staff)", STAFF, f"/papers/{paper.pk}/"))
    blueprint = Blueprint.objects.order_by("pk").first()
    if blueprint is not None:
        found.append(("blueprint detail (staff)", STAFF, f"/papers/plans/{blueprint.pk}/"))
    found += [
        ("exam sessions (staff)", STAFF, "/examens/equipe/"),
        ("people records (staff)", STAFF, "/examens/equipe/dossiers/"),
    ]
    session = ExamSession.objects.order_by("-date").first()
    if session is not None:
        found.append(("exam session detail (staff)", STAFF, f"/examens/equipe/sessions/{session.pk}/"))
        found.append(("jury (staff)", STAFF, f"/correction/sessions/{session.pk}/jury/"))
    return [page for page in found if ONLY.lower() in page[0].lower()]


def measure(client, path: str) -> tuple[list[float], list[float], int, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    language = "en" if path.endswith("_lang=en") else "fr"
    path = path.removesuffix("?_lang=en")
    headers = {"accept-language": language}
    for _ in range(WARMUP):
        status = client.get(path, headers=headers, secure=True).status_code
    cpu, wall = [], []
    for _ in range(REPEAT):
        start, start_cpu = time.perf_counter(), time.process_time()
        client.get(path, headers=headers, secure=True)
        cpu.append((time.process_time() - start_cpu) * 1000)
        wall.append((time.perf_counter() - start) * 1000)
    with CaptureQueriesContext(connection) as queries:
        client.get(path, headers=headers, secure=True)
    return cpu, wall, len(queries.captured_queries), status


def median_p95(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]


def main() -> None:
    setup()
    import config.wsgi  # noqa: F401 - the server's start-up (bin/serve), gc.freeze() included
    clients: dict[str | None, object] = {}
    figures: dict[str, dict] = {}
    slow = []
    print(f"{'page':46} {'status':>6} {'median':>8} {'p95':>8} {'wall':>8} {'wall95':>8} {'queries':>7}")
    for name, login, path in pages():
        if login not in clients:
            clients[login] = client_for(login)
        cpu, wall, queries, status = measure(clients[login], path)
        median, p95 = median_p95(cpu)
        wall_median, wall_p95 = median_p95(wall)
        figures[name] = {
            "path": path, "login": login or "", "status": status, "runs": len(cpu),
            "median_ms": round(median, 2), "p95_ms": round(p95, 2),
            "wall_median_ms": round(wall_median, 2), "wall_p95_ms": round(wall_p95, 2), "queries": queries,
        }
        if median >= TARGET_MS:
            slow.append(name)
        columns = f"{median:8.2f} {p95:8.2f} {wall_median:8.2f} {wall_p95:8.2f}"
        print(f"{name[:46]:46} {status:>6} {columns} {queries:>7}")
    figures["_target_ms"] = TARGET_MS
    verdict = f"over {TARGET_MS:g} ms median: {', '.join(slow)}" if slow else "all under the target"
    summary = f"{len(figures) - 1} pages, {REPEAT} runs each; {verdict}"
    write_result("pages", figures, summary)


if __name__ == "__main__":
    main()
