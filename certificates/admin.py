"""Certificates in the admin: read-only (issued bytes never change; staff pages revoke and
reissue, with the audit log)."""

from django.contrib import admin

from certificates.models import Certificate, CertificateBatch, CertificateLogEntry


class ReadOnlyAdmin(admin.ModelAdmin):
    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Certificate)
class CertificateAdmin(ReadOnlyAdmin):
    list_display = ["code", "holder_name", "kind", "version", "issued_at", "revoked_at", "superseded_at"]
    list_filter = ["kind", "language"]
    search_fields = ["code", "holder_name"]
    exclude = ["pdf"]


@admin.register(CertificateBatch)
class CertificateBatchAdmin(ReadOnlyAdmin):
    list_display = ["pk", "scope", "session", "state", "done", "failed", "total", "created_at"]


@admin.register(CertificateLogEntry)
class CertificateLogEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "action", "actor", "certificate", "reason"]
    list_filter = ["action"]
