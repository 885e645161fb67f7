from __future__ import annotations

import os
import shutil
import sys
import threading
import time

import pytest
from django.test import Client

from accounts.models import ROLE_PERMISSIONS, Role, User, ensure_role_groups
from tests import database_template

# Bytecode caches are written whatever PYTHONDONTWRITEBYTECODE says: without them every worker of
# every run compiles the test modules again, with their assertions rewritten by pytest (a cold
# collection takes 11 s a worker, a warm one 3.5 s). They go to __pycache__, which git ignores.
sys.dont_write_bytecode = False

# --- Distribution over pytest-xdist's workers ----------------------------------------------

_DIST_KEY = "arbitre_dist"


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config):
    """`pytest -n 2` distributes as `--dist loadgroup`: like xdist's default (`load`), test by
    test, except that the tests marked ``xdist_group(name)`` run on one worker, one after the
    other. They share a costly computation kept in that worker's memory (the engine's verdicts
    on the shipped bank, the reference positions' searches), which would otherwise be computed
    again on the other worker. An explicit `--dist` is left as given."""
    if getattr(config.option, "numprocesses", None) and config.option.dist == "no":
        config.option.dist = "loadgroup"


def pytest_configure(config):
    # A worker reads its options from the command line, where `--dist` may be missing: the
    # controller's choice is passed on (pytest_configure_node), and xdist then names the
    # grouped tests by their group, which is how the controller keeps them together.
    workerinput = getattr(config, "workerinput", None)
    if workerinput and workerinput.get(_DIST_KEY) == "loadgroup":
        config.option.loadgroup = True


# --- The second database's run: the tests that reach a database ---------------------------

# A test reaches the database only through one of these (pytest-django refuses any other access).
DATABASE_FIXTURES = frozenset(
    {"db", "transactional_db", "django_db_setup", "live_server", "django_db_reset_sequences",
     "django_db_serialized_rollback"}
)  # fmt: skip


def pytest_addoption(parser):
    parser.addoption(
        "--database-tests-only",
        action="store_true",
        help="Run only the tests that reach the database (`make test` on PostgreSQL, after SQLite "
        "ran them all): the others give the same result whatever the database.",
    )


def reaches_the_database(item) -> bool:
    return item.get_closest_marker("django_db") is not None or not DATABASE_FIXTURES.isdisjoint(
        getattr(item, "fixturenames", ())
    )


def pytest_collection_modifyitems(config, items):
    """With --database-tests-only, the tests that never reach the database are left out: they
    cannot (pytest-django refuses them any access), so their result does not depend on which
    database DATABASE_URL names, and `make test` has just run them on SQLite. They are a third
    of the suite's time (the engine's searches, pairing, formats, PDFs)."""
    if not config.getoption("database_tests_only"):
        return
    kept = [item for item in items if reaches_the_database(item)]
    if len(kept) < len(items):
        config.hook.pytest_deselected(items=[item for item in items if not reaches_the_database(item)])
        items[:] = kept


# --- Test databases: migrated once per run (tests/database_template.py) -------------------


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """xdist's controller, before starting a worker: the directory the workers share."""
    directory = database_template.directory_for_workers(node.config)
    node.workerinput[database_template.WORKER_INPUT_KEY] = directory
    node.workerinput[_DIST_KEY] = node.config.option.dist


def pytest_unconfigure(config):
    database_template.remove_directory_for_workers(config)


@pytest.fixture(scope="session")
def django_db_setup(
    request,
    django_test_environment,
    django_db_blocker,
    django_db_use_migrations,
    django_db_keepdb,
    django_db_createdb,
    django_db_modify_db_settings,
):
    """pytest-django's fixture, but the first worker's migrated database is copied by the others."""
    from django.db import connections
    from django.test.utils import setup_databases, teardown_databases
    from pytest_django.fixtures import _disable_migrations, _get_databases_for_setup

    if not django_db_use_migrations:
        _disable_migrations()
    keepdb = django_db_keepdb and not django_db_createdb
    aliases, serialized_aliases = _get_databases_for_setup(request.session.items)
    directory = database_template.shared_directory(request.config)
    if keepdb or not django_db_use_migrations or not database_template.supported(connections, aliases):
        directory = None

    def setup():
        return setup_databases(
            verbosity=request.config.option.verbose,
            interactive=False,
            aliases=aliases,
            serialized_aliases=serialized_aliases,
            keepdb=keepdb,
        )

    builder = False
    with django_db_blocker.unblock():
        if directory is None:
            db_cfg = setup()
        else:
            with database_template.locked(directory):
                copied = not database_template.is_closed(directory) and database_template.start_from_template(
                    directory, connections, aliases
                )
                db_cfg = setup()
                if not copied and not database_template.is_closed(directory):
                    database_template.publish_template(directory, connections, aliases)
                    builder = True

    yield

    with django_db_blocker.unblock():
        if builder:
            with database_template.locked(directory):
                database_template.remove_template(directory, connections, aliases)
        if not django_db_keepdb:
            try:
                teardown_databases(db_cfg, verbosity=request.config.option.verbose)
            except Exception as exc:
                request.node.warn(pytest.PytestWarning(f"Error tearing the test databases down: {exc!r}"))


def role_groups() -> dict:
    """The role groups: read in one query when all are there (the migration made them), else
    (re)created by ensure_role_groups (after a flush), whose 37 queries cost ~12 ms a user."""
    from django.contrib.auth.models import Group

    groups = {group.name: group for group in Group.objects.filter(name__in=ROLE_PERMISSIONS)}
    return groups if len(groups) == len(ROLE_PERMISSIONS) else ensure_role_groups()


def make_user(email: str, *roles: str, **fields) -> User:
    user = User.objects.create_user(email=email, password="correct-horse-battery", **fields)
    groups = role_groups()
    for role in roles:
        user.groups.add(groups[role])
    return user


@pytest.fixture
def trainee(db) -> User:
    return make_user("alice@example.org", Role.TRAINEE, first_name="Alice")


@pytest.fixture
def trainer(db) -> User:
    return make_user("bob@example.org", Role.TRAINER, first_name="Bob")


@pytest.fixture
def other_trainer(db) -> User:
    return make_user("bea@example.org", Role.TRAINER, first_name="Béa")


@pytest.fixture
def grader(db) -> User:
    return make_user("gina@example.org", Role.GRADER, first_name="Gina")


@pytest.fixture
def exam_staff(db) -> User:
    return make_user("eric@example.org", Role.EXAM_STAFF, first_name="Éric")


@pytest.fixture
def administrator(db) -> User:
    return make_user("ada@example.org", Role.ADMINISTRATOR, first_name="Ada")


@pytest.fixture
def stranger(db) -> User:
    """Logged in, but with no role at all."""
    return make_user("charlie@example.org", first_name="Charlie")


@pytest.fixture(autouse=True, scope="session")
def _logins_give_their_second_factor():
    """Test logins of people whose role requires 2FA get a verified session (tests/two_factor.py)."""
    from tests import two_factor

    two_factor.install()
    yield
    two_factor.uninstall()


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


# --- Browser tests -----------------------------------------------------------------
# Playwright drives Debian's chromium (installed by the make targets), never a browser
# it downloads itself. Playwright's sync API runs an event loop in this thread, which
# Django's async-safety check would otherwise refuse for database access.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {
        **browser_type_launch_args,
        "executable_path": CHROMIUM,
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--no-first-run",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
        ],
    }


LIVE_REQUESTS_GRACE_SECONDS = 30


@pytest.fixture(scope="session")
def live_server(django_db_setup, live_server):
    """pytest-django's live server, started once the test databases are set up, so that it stops
    before they are dropped, its last requests answered first.

    Session fixtures end in the reverse order they started: pytest starts the (session-scoped)
    live server before the function-scoped fixture that sets the databases up, so in a worker
    whose first test was a browser test the server outlived the databases, and a request it was
    still answering held a connection to the database being dropped (PostgreSQL: "database
    … is being accessed by other users"). Its request threads are daemon threads, which its
    stop does not wait for: they are counted here and waited for (a while) once it stops."""
    server = live_server.thread.httpd
    answering: set[threading.Thread] = set()
    lock = threading.Lock()
    process_request_thread = server.process_request_thread

    def counted(request, client_address):
        with lock:
            answering.add(threading.current_thread())
        try:
            process_request_thread(request, client_address)  # closes its connections at the end
        finally:
            with lock:
                answering.discard(threading.current_thread())

    # ThreadingMixIn.process_request starts each request's thread on this attribute.
    server.process_request_thread = counted
    yield live_server
    server.shutdown()  # no new request (pytest-django's stop, after this, finds it stopped)
    deadline = time.monotonic() + LIVE_REQUESTS_GRACE_SECONDS
    with lock:
        threads = list(answering)
    for thread in threads:
        thread.join(timeout=max(0.0, deadline - time.monotonic()))


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # A French visitor, as most of the federation's are.
    return {**browser_context_args, "locale": "fr-FR"}


@pytest.fixture
def demo_users(transactional_db):
    """The demo accounts of `load_demo`, as in `make run` (with the rest of the demo data, copied
    from the worker's first `load_demo`: tests/demo_snapshot.py)."""
    from tests import demo_snapshot

    demo_snapshot.load_demo()
    return {user.email: user for user in User.objects.all()}


@pytest.fixture(autouse=True, scope="session")
def _cheap_flush():
    """Transactional tests end with a flush that empties only the tables with rows (tests/flush.py)."""
    from tests import flush

    flush.install()
    yield
    flush.uninstall()


@pytest.fixture(autouse=True, scope="session")
def _flush_waits_for_the_live_server():
    """A browser test ends while the live server's thread may still be answering the page's
    last request (an htmx poll, a preview): on SQLite its open statement locks a table and the
    flush that empties the database between tests fails with "database table is locked".
    The flush is retried for a few seconds, until that request is over."""
    import time

    from django.core.management.base import CommandError
    from django.core.management.commands import flush

    original = flush.Command.handle

    def handle(self, *args, **options):
        for attempt in range(40):
            try:
                return original(self, *args, **options)
            except CommandError as error:
                if "locked" not in str(error.__cause__ or error) or attempt == 39:
                    raise
                time.sleep(0.25)
        return None

    flush.Command.handle = handle
    yield
    flush.Command.handle = original


@pytest.fixture(autouse=True)
def _forget_frozen_versions():
    """Each test's database reuses ids: no question version read, nor question rendered, by one
    test serves the next."""
    from delivery import presentation
    from delivery.templatetags import delivery_tags

    presentation._FROZEN_VERSIONS.clear()
    presentation._LOCKED_ITEM_ROWS.clear()
    delivery_tags._RENDERED_QUESTIONS.clear()
    yield
    presentation._FROZEN_VERSIONS.clear()
    presentation._LOCKED_ITEM_ROWS.clear()
    delivery_tags._RENDERED_QUESTIONS.clear()


@pytest.fixture(autouse=True)
def _forget_rulebook_fragments():
    """The rulebook's cached fragments (table of contents, glossary, articles) carry a version
    that a load or a save replaces, but a test's rolled-back rulebook must not serve the next."""
    from rules.rulebook_cache import forget_rulebook

    forget_rulebook()
    yield
