"""Django's model backend, reading the signed-in person and their permissions in queries
compiled once.

Every request of a signed-in person reads their row (an exam's autosaves, every few seconds per
candidate): ``config.lookups.UniqueLookup`` spares it the ORM's query building. Every page
they see asks for their permissions too (the menu at least): Django's two queries, their own
permissions and their groups', are one statement here, written once per database from Django's
own querysets. Everything else (passwords, superusers, inactive users refused) is Django's
``ModelBackend``.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend as DjangoModelBackend
from django.contrib.auth.models import Permission
from django.core.exceptions import PermissionDenied
from django.db import connections, router

from config.lookups import UniqueLookup

_USER_BY_PK = UniqueLookup(get_user_model(), "pk")
# A user id no database holds: it marks the places of the reader's id in the compiled statement.
_READER_SENTINEL = -7_318_204_659
_compiled_permissions: dict[str, tuple[str, tuple]] = {}


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

    def get_all_permissions(self, user_obj, obj=None):
        """Django's, read in one statement compiled once per database (``_permissions_statement``)."""
        if not user_obj.is_active or user_obj.is_anonymous or obj is not None or user_obj.is_superuser:
            return super().get_all_permissions(user_obj, obj)
        if not hasattr(user_obj, "_perm_cache"):
            using = router.db_for_read(Permission)
            sql, params = _compiled_permissions.get(using) or self._permissions_statement(using)
            bound = [user_obj.pk if value == _READER_SENTINEL else value for value in params]
            with connections[using].cursor() as cursor:
                cursor.execute(sql, bound)
                rows = cursor.fetchall()
            user_obj._perm_cache = {f"{app_label}.{codename}" for app_label, codename in rows}
        return user_obj._perm_cache

    def _permissions_statement(self, using: str) -> tuple[str, tuple]:
        """Django's two querysets (the user's permissions, their groups'), as one ``UNION``."""
        reader = get_user_model()(pk=_READER_SENTINEL)
        own, groups = (
            queryset.values_list("content_type__app_label", "codename").order_by()
            for queryset in (self._get_user_permissions(reader), self._get_group_permissions(reader))
        )
        sql, params = own.union(groups).query.get_compiler(using=using).as_sql()
        assert params.count(_READER_SENTINEL) == 2, params  # the reader's id, in both halves
        _compiled_permissions[using] = (sql, tuple(params))
        return _compiled_permissions[using]
