from django.http import HttpRequest

from accounts.navigation import nav_items


def navigation(request: HttpRequest) -> dict:
    user = getattr(request, "user", None)
    if user is None:
        return {}
    return {"nav_items": nav_items(user)}
