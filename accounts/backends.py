"""Django's model backend, reading the signed-in person in a query compiled once.

Every request of a signed-in person reads their row (an exam's autosaves, every few seconds per
candidate): ``config.lookups.UniqueLookup`` spares it the ORM's query building. Everything
else (passwords, permissions, inactive users refused) is Django's ``ModelBackend``.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.core.exceptions import PermissionDenied

from config.lookups import UniqueLookup

_USER_BY_PK = UniqueLookup(get_user_model(), "pk")


class ModelBackend(DjangoModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None and username is not None and password is not None:
            # Refused here, refused everywhere: the entry listed after this one for sessions
            # opened before it (settings.AUTHENTICATION_BACKENDS) must not hash the password
            # a second time.
            raise PermissionDenied
        return user

    def get_user(self, user_id):
        user = _USER_BY_PK.get(pk=user_id)
        return user if user is not None and self.user_can_authenticate(user) else None
