"""Refusing an anonymous upload of a 55,000-page PDF at /verify/ (issue 19): seconds until the 422.

The file (0.5 MB, its page objects compressed in an object stream) goes through the whole
request: Django's test Client posts it to /verify/, the form bounds it from its raw bytes
(certificates.pdf_limits) and the page answers 422. ``BENCH_UNBOUNDED=1`` also times what the
check did before, pypdf reading every page's text, for the record (minutes on a busy machine).
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

from common import setup, write_result

PAGES = 55_000


def main() -> None:
    setup()
    import os

    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.test import Client
    from django.test.utils import setup_test_environment

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests.certificates.pdf_factory import many_pages

    setup_test_environment()
    data = many_pages(PAGES)
    client = Client()
    client.post("/verify/", {"document": SimpleUploadedFile("c.pdf", data)})  # warm-up: templates, imports
    samples = []
    for _ in range(5):
        started = time.perf_counter()
        response = client.post("/verify/", {"document": SimpleUploadedFile("c.pdf", data)})
        samples.append(time.perf_counter() - started)
    figures = {
        "pages": PAGES,
        "bytes": len(data),
        "status": response.status_code,
        "refusal_seconds_best": round(min(samples), 4),
        "refusal_seconds_worst": round(max(samples), 4),
    }
    if os.environ.get("BENCH_UNBOUNDED") == "1":
        from pypdf import PdfReader

        started = time.perf_counter()
        reader = PdfReader(io.BytesIO(data), strict=False)
        "\n".join(page.extract_text() or "" for page in reader.pages)
        figures["unbounded_pypdf_seconds"] = round(time.perf_counter() - started, 2)
    write_result(
        "verify_upload",
        figures,
        f"/verify/ refuses a {PAGES}-page PDF ({len(data) // 1024} kB) with {response.status_code} "
        f"in {figures['refusal_seconds_best']:.3f}-{figures['refusal_seconds_worst']:.3f} s",
    )


if __name__ == "__main__":
    main()
