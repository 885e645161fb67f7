from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from accounts.navigation import nav_items


def navigation(request: HttpRequest) -> dict:
    """The menu's entries, worked out (two permission queries) only by a page that shows them:
    a closed-book exam's pages do not."""
    user = getattr(request, "user", None)
    if user is None:
        return {}
    return {"nav_items": SimpleLazyObject(lambda: nav_items(user))}
