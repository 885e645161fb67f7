from tests.security.conftest import *  # noqa: F403 (the shared dataset and the fixtures it is built from)
