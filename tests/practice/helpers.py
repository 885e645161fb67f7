from __future__ import annotations

from datetime import datetime

from delivery import services as delivery
from delivery.models import Attempt, PaperItem
from practice.demo import answer_for


def item_for(attempt: Attempt, uid: str) -> PaperItem:
    return attempt.paper.items.select_related("version").get(version__question__uid=uid)


def answer(attempt: Attempt, uid: str, *, right: bool, at: datetime | None = None,
           check: bool = True) -> None:
    item = item_for(attempt, uid)
    delivery.save_response(attempt=attempt, item_id=item.pk, answer=answer_for(item.version, right=right),
                           sequence=1, now=at)
    if check:
        delivery.check_response(attempt=attempt, item_id=item.pk, now=at)


def uids(attempt: Attempt) -> set[str]:
    return set(attempt.paper.items.values_list("version__question__uid", flat=True))
