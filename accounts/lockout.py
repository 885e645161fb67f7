"""Who a failed login is counted against (django-axes' AXES_USERNAME_CALLABLE and
AXES_CLIENT_IP_CALLABLE).

Addresses are stored lower-cased (``UserManager``) and looked up case-insensitively, so
the lock-out must count ``Alice@…`` and ``alice@…`` as one person: otherwise every
spelling of an address gets its own five tries. Behind the reverse proxy, REMOTE_ADDR
is the proxy's address; the client's is the one the trusted proxies appended to
X-Forwarded-For, and entries further left are whatever the client chose to send.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Mapping

from django.conf import settings
from django.http import HttpRequest


def normalised_username(request: HttpRequest | None, credentials: Mapping | None = None) -> str:
    source = credentials if credentials else getattr(request, "POST", None) or {}
    value = source.get(settings.AXES_USERNAME_FORM_FIELD) or ""
    return str(value).strip().lower()


def client_address(request: HttpRequest) -> str | None:
    remote = request.META.get("REMOTE_ADDR")
    count = settings.TRUSTED_PROXY_COUNT
    if count <= 0:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    # Each trusted proxy appends the address it received the request from; fewer entries
    # than proxies means the request did not come through them all.
    if len(forwarded) < count:
        return remote
    candidate = forwarded[-count]
    try:
        return str(ipaddress.ip_address(candidate))
    except ValueError:
        return remote
