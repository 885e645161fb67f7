"""Courses as zip files: a course folder (COURSE_FORMAT.md) zipped, out and back in.

The import is all-or-nothing and refuses, before reading any content: a file over
``MAX_ZIP_BYTES``, more than ``MAX_MEMBERS`` entries, an entry whose declared or actual
size is over ``MAX_MEMBER_BYTES`` or whose total is over ``MAX_TOTAL_BYTES`` (zip bombs:
entries are read with a hard limit, whatever their header says), a path that is absolute,
climbs out with "..", or is not course.json or lessons/<slug>.<fr|en>.md under one folder.
"""

from __future__ import annotations

import io
import re
import zipfile

from django.utils.translation import gettext as _

from courses.content import CourseData, CourseFormatError, Problem
from courses.folder import course_files, read_course

MAX_ZIP_BYTES = 2 * 1024 * 1024
MAX_MEMBERS = 400
MAX_MEMBER_BYTES = 256 * 1024
MAX_TOTAL_BYTES = 8 * 1024 * 1024
PATH_RE = re.compile(
    r"^(?:(?P<folder>[A-Z0-9]{2,12})/)?(?P<path>course\.json|lessons/[a-z0-9-]+\.(?:fr|en)\.md)$"
)


def export_zip(course) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path, text in sorted(course_files(course).items()):
            # A fixed date: the same course always gives the same bytes.
            info = zipfile.ZipInfo(f"{course.code}/{path}", date_time=(2000, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, text)
    return buffer.getvalue()


def _fail(name: str, message: str) -> CourseFormatError:
    return CourseFormatError([Problem(name, None, message)])


def read_zip(data: bytes, *, name: str = "archive.zip") -> CourseData:
    """The course in an uploaded zip, checked; raises ``CourseFormatError``."""
    if len(data) > MAX_ZIP_BYTES:
        raise _fail(
            name, _("fichier trop gros (%(max)s Mo au plus).") % {"max": MAX_ZIP_BYTES // (1024 * 1024)}
        )
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, OSError):
        raise _fail(name, _("ce n'est pas un fichier zip lisible.")) from None
    if len(members) > MAX_MEMBERS:
        raise _fail(name, _("trop de fichiers dans l'archive (%(max)s au plus).") % {"max": MAX_MEMBERS})
    files: dict[str, str] = {}
    folders: set[str] = set()
    total = 0
    for member in members:
        if member.is_dir():
            continue
        match = PATH_RE.match(member.filename)
        if match is None:
            raise _fail(
                member.filename[:200],
                _(
                    "chemin refusé : l'archive contient un dossier de formation avec "
                    "course.json et lessons/<slug>.fr.md ou .en.md, rien d'autre."
                ),
            )
        if member.file_size > MAX_MEMBER_BYTES:
            raise _fail(member.filename, _("fichier trop gros une fois décompressé."))
        with archive.open(member) as handle:
            raw = handle.read(MAX_MEMBER_BYTES + 1)
        if len(raw) > MAX_MEMBER_BYTES:
            raise _fail(member.filename, _("fichier trop gros une fois décompressé."))
        total += len(raw)
        if total > MAX_TOTAL_BYTES:
            raise _fail(name, _("l'archive est trop grosse une fois décompressée."))
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            raise _fail(
                member.filename, _("le fichier n'est pas en UTF-8 (octet %(at)s).") % {"at": error.start}
            ) from None
        folders.add(match["folder"] or "")
        files[match["path"]] = text
    if len(folders) > 1:
        raise _fail(name, _("l'archive doit contenir une seule formation (un seul dossier)."))
    folder = folders.pop() if folders else ""
    return read_course(files, folder=folder)
