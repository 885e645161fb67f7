"""The crosstable of a managed tournament as a PDF (HTML + WeasyPrint, as the project's other
PDFs), in the language of the request."""

from __future__ import annotations

from django.conf import settings
from django.template.loader import render_to_string
from django.utils import timezone

from managed_tournaments.models import TRF_CODES, ManagedTournament
from managed_tournaments.standings import number_text, standings


def crosstable_rows(tournament: ManagedTournament) -> tuple[object, list[dict]]:
    """Standings after the last complete round, each row with its round-by-round cells
    ("12 B 1": opponent, colour, result; "+" or "½" for a round not played)."""
    table = standings(tournament)
    cells: dict[int, list[str]] = {row.number: ["" for _ in range(table.after_round)] for row in table.rows}
    for round_ in tournament.rounds.filter(number__lte=table.after_round).prefetch_related(
        "boards__white", "boards__black"
    ):
        for board in round_.boards.all():
            white, black = TRF_CODES[board.result]
            cells[board.white.number][round_.number - 1] = f"{board.black.number} B {_result(white)}"
            cells[board.black.number][round_.number - 1] = f"{board.white.number} N {_result(black)}"
    for bye in tournament.byes.filter(round_number__lte=table.after_round).select_related("player"):
        cells[bye.player.number][bye.round_number - 1] = {"U": "+", "F": "+", "H": "½", "Z": "0"}[bye.kind]
    for row in table.rows:
        cells[row.number] = [cell or "–" for cell in cells[row.number]]
    return table, [{"row": row, "cells": cells[row.number]} for row in table.rows]


def _result(code: str) -> str:
    return {"1": "1", "0": "0", "=": "½", "+": "+", "-": "−"}.get(code, "")


def render_crosstable_pdf(tournament: ManagedTournament) -> bytes:
    from weasyprint import HTML  # imported late: Pango is slow to load and only needed here

    table, rows = crosstable_rows(tournament)
    html = render_to_string(
        "managed_tournaments/pdf/crosstable.html",
        {
            "tournament": tournament,
            "standings": table,
            "rows": rows,
            "rounds": range(1, table.after_round + 1),
            "generated_at": timezone.localtime(),
            "number_text": number_text,
        },
    )
    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()
