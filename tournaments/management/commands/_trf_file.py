"""Reading the TRF file named on the command line, with the parser's own message on failure."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError
from django.utils.translation import gettext as _

from tournaments.trf import MAX_BYTES, TrfError, TrfTournament, parse


def read_trf(path: str) -> TrfTournament:
    file = Path(path)
    try:
        if file.stat().st_size > MAX_BYTES:
            raise CommandError(
                _("%(path)s : le fichier dépasse %(size)d kio.") % {"path": path, "size": MAX_BYTES // 1024}
            )
        data = file.read_bytes()
    except OSError as error:
        raise CommandError(
            _("%(path)s : lecture impossible (%(error)s).") % {"path": path, "error": error.strerror}
        ) from error
    try:
        return parse(data)
    except TrfError as error:
        raise CommandError(f"{path} : {error}") from error
