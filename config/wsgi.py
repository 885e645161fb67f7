import gc
import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()

# What start-up loaded (Django, the apps, their URLs and views: some 130,000 objects) lives as
# long as the process. Frozen out of the garbage collector's sight, it is no longer walked by
# each full collection, which comes every few hundred requests and cost the request it fell on
# 60-90 ms (the blueprint page's p95 in bench_pages); a full collection now walks only what
# requests have created since (about 10 ms).
get_resolver().url_patterns  # noqa: B018 - imports every URLconf and view module now
gc.collect()
gc.freeze()
