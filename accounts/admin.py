from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.utils.translation import gettext_lazy as _

from accounts.models import User


@admin.register(User)
class UserAdmin(BaseUserAdmin):
    ordering = ["email"]
    list_display = ["email", "first_name", "last_name", "ffe_licence", "league", "is_active"]
    search_fields = ["email", "first_name", "last_name", "ffe_licence"]
    fieldsets = (
        (None, {"fields": ("email", "password")}),
        (_("Identité"), {"fields": ("first_name", "last_name", "ffe_licence", "birth_date", "league")}),
        (
            _("Classement Elo (RIDNA art. 7.1)"),
            {"fields": ("elo_standard", "elo_standard_kind", "elo_rapid", "elo_rapid_kind")},
        ),
        (_("Préférences"), {"fields": ("preferred_language",)}),
        (_("Rôles et droits"), {"fields": ("is_active", "is_staff", "is_superuser", "groups")}),
        (_("Dates"), {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = ((None, {"classes": ("wide",), "fields": ("email", "password1", "password2")}),)
