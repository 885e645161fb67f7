"""``{% pairing_board board %}``: the pairing board of ``board``, a dict made by
:func:`tournaments.pairing_board.board_context` (the same as
``{% include "tournaments/pairing_board.html" %}`` with that dict as the context)."""

from django import template

register = template.Library()


@register.inclusion_tag("tournaments/pairing_board.html", takes_context=True)
def pairing_board(context, board: dict) -> dict:
    return {**board, "csrf_token": context.get("csrf_token")}
