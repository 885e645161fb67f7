"""Hostile PDFs written byte by byte: fast enough for a test whatever their page count."""

from __future__ import annotations

import struct
import zlib


def many_pages(count: int, *, declared: int | None = None) -> bytes:
    """A valid PDF of ``count`` pages sharing one content stream, its objects compressed in
    an object stream (PDF 1.5) as any PDF library writes them: 55,000 pages weigh 0.2 MB,
    far under the upload limit. ``declared``: the page count the tree claims, if it lies."""
    content = b"BT /F1 12 Tf 72 720 Td (Certificat) Tj ET"
    kids = b" ".join(b"%d 0 R" % (5 + index) for index in range(count))
    page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 3 0 R /Resources 4 0 R >>"
    packed = {
        1: b"<< /Type /Catalog /Pages 2 0 R >>",
        2: b"<< /Type /Pages /Count %d /Kids [%s] >>" % (count if declared is None else declared, kids),
        4: b"<< /Font << /F1 << /Type /Font /Subtype /Type1 /BaseFont /Helvetica >> >> >>",
        **{5 + index: page for index in range(count)},
    }
    header, bodies, position = [], [], 0
    for number, body in packed.items():
        header.append(b"%d %d" % (number, position))
        bodies.append(body)
        position += len(body) + 1
    first = b" ".join(header) + b"\n"
    stream_number, xref_number = 5 + count, 6 + count
    out = bytearray(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
    offsets = {3: len(out)}
    out += b"3 0 obj\n<< /Length %d >>\nstream\n%s\nendstream\nendobj\n" % (len(content), content)
    data = zlib.compress(first + b"\n".join(bodies))
    offsets[stream_number] = len(out)
    out += b"%d 0 obj\n<< /Type /ObjStm /N %d /First %d /Filter /FlateDecode /Length %d >>\nstream\n" % (
        stream_number,
        len(packed),
        len(first),
        len(data),
    )
    out += data + b"\nendstream\nendobj\n"
    offsets[xref_number] = len(out)
    index_in_stream = {number: position for position, number in enumerate(packed)}
    rows = [struct.pack(">BIH", 0, 0, 65535)]
    for number in range(1, xref_number + 1):
        if number in offsets:
            rows.append(struct.pack(">BIH", 1, offsets[number], 0))
        else:
            rows.append(struct.pack(">BIH", 2, stream_number, index_in_stream[number]))
    table = zlib.compress(b"".join(rows))
    out += (
        b"%d 0 obj\n<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R"
        b" /Filter /FlateDecode /Length %d >>\nstream\n"
        % (xref_number, xref_number + 1, len(table))
    )
    out += table + b"\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % offsets[xref_number]
    return bytes(out)
