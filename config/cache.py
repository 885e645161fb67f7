"""The file cache of a machine without Redis, with a cheaper cull than Django's.

Django's ``FileBasedCache`` lists its whole directory at every write to decide whether it
has grown past ``MAX_ENTRIES`` (its cull). With the sessions in the cache (one file per
logged-in person: 2,000 candidates of an exam session), that listing made each write cost
8 ms. Here a process lists the directory at most once every ``CULL_EVERY_SECONDS``: the
cache may outgrow ``MAX_ENTRIES`` by what is written meanwhile, then is culled as before.
Reads are Django's: an expired entry is never returned.
"""

from __future__ import annotations

import threading
import time

from django.core.cache.backends.filebased import FileBasedCache as DjangoFileBasedCache

CULL_EVERY_SECONDS = 30


class FileBasedCache(DjangoFileBasedCache):
    _lock = threading.Lock()
    _next_cull: dict[str, float] = {}  # by directory: each worker process keeps its own

    def _cull(self) -> None:
        now = time.monotonic()
        with self._lock:
            if now < self._next_cull.get(self._dir, 0.0):
                return
            self._next_cull[self._dir] = now + CULL_EVERY_SECONDS
        super()._cull()
