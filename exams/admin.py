from django.contrib import admin
from django.contrib.contenttypes.models import ContentType
from django.utils.translation import gettext_lazy as _

from exams import anonymity
from exams.models import (
    AspRecord,
    AuditEntry,
    Centre,
    ExamSession,
    OfficiatedTournament,
    Qualification,
    Registration,
    StageRecord,
    TechnicalReport,
    TitleAward,
    UnitPass,
)


class CentreInline(admin.TabularInline):
    model = Centre
    fields = ["name", "regional_director", "capacity", "delivery_mode"]
    raw_id_fields = ["regional_director"]
    extra = 0


@admin.register(ExamSession)
class ExamSessionAdmin(admin.ModelAdmin):
    list_display = ["unit", "date", "start_time", "status", "paper"]
    list_filter = ["unit", "status"]
    # The state moves only through exams.lifecycle (the session's page, the jury): shown, never edited.
    readonly_fields = ["status"]
    inlines = [CentreInline]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):
    """Codes only for the mapping keepers (``exams.anonymity``): an administrator who grades a
    session reads its registrations without their codes, and cannot search them by code."""

    list_display = ["anonymity_code", "candidate", "session", "centre", "status"]
    list_filter = ["status", "session"]
    search_fields = ["anonymity_code", "candidate__email", "candidate__last_name"]
    raw_id_fields = ["candidate", "registered_by", "attempt", "centre"]
    readonly_fields = ["anonymity_code"]

    def get_list_display(self, request):
        reader = request.user

        @admin.display(description=_("code d'anonymat"))
        def code(registration: Registration) -> str:
            if anonymity.may_read_mapping(reader, registration.session):
                return registration.anonymity_code
            return "—"

        return [code, "candidate", "session", "centre", "status"]

    def get_search_fields(self, request):
        if anonymity.grades_any_session(request.user):
            return [field for field in self.search_fields if field != "anonymity_code"]
        return self.search_fields

    def lookup_allowed(self, lookup, value, request=None):
        # A filter in the address (``?anonymity_code=…``, ``?anonymity_code__startswith=…``) is a
        # search by code too: it would name the candidate behind a code the grader holds.
        if lookup.split("__")[0] == "anonymity_code" and anonymity.grades_any_session(request.user):
            return False
        return super().lookup_allowed(lookup, value, request)

    def get_exclude(self, request, obj=None):
        if obj is not None and not anonymity.may_read_mapping(request.user, obj.session):
            return ["anonymity_code"]
        return super().get_exclude(request, obj)

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and not anonymity.may_read_mapping(request.user, obj.session):
            return []
        return self.readonly_fields


@admin.register(StageRecord)
class StageRecordAdmin(admin.ModelAdmin):
    list_display = ["candidate", "stage", "date", "place", "hours"]
    list_filter = ["stage"]
    search_fields = ["candidate__email", "candidate__last_name", "place"]
    raw_id_fields = ["candidate", "recorded_by"]


@admin.register(UnitPass)
class UnitPassAdmin(admin.ModelAdmin):
    list_display = ["candidate", "unit", "passed_on", "expires_on"]
    list_filter = ["unit"]
    raw_id_fields = ["candidate", "session"]


@admin.register(AspRecord)
class AspRecordAdmin(admin.ModelAdmin):
    list_display = ["candidate", "tournament", "end_date", "favourable"]
    raw_id_fields = ["candidate", "recorded_by"]


@admin.register(TechnicalReport)
class TechnicalReportAdmin(admin.ModelAdmin):
    list_display = ["candidate", "tournament", "validated_on"]
    raw_id_fields = ["candidate", "recorded_by"]


@admin.register(Qualification)
class QualificationAdmin(admin.ModelAdmin):
    list_display = ["candidate", "kind", "obtained_on"]
    list_filter = ["kind"]
    raw_id_fields = ["candidate", "recorded_by"]


@admin.register(OfficiatedTournament)
class OfficiatedTournamentAdmin(admin.ModelAdmin):
    list_display = ["candidate", "tournament", "end_date", "supervision_visit"]
    raw_id_fields = ["candidate", "recorded_by"]


@admin.register(TitleAward)
class TitleAwardAdmin(admin.ModelAdmin):
    list_display = ["candidate", "title", "level", "awarded_on", "awarded_by"]
    list_filter = ["title"]
    raw_id_fields = ["candidate", "awarded_by"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    """Read-only: the log is written by the application, never edited by hand."""

    list_display = ["at", "actor", "action", "object_repr", "session"]
    list_filter = ["action"]
    search_fields = ["object_repr", "reason"]

    def get_queryset(self, request):
        # An entry about a registration names the candidate and keeps the code in its details
        # (a jury decision); the staff's log strips it (``anonymity.audit_rows``), so must this.
        return (
            super()
            .get_queryset(request)
            .exclude(
                content_type=ContentType.objects.get_for_model(Registration),
                session__in=anonymity.sessions_graded_anonymously(request.user),
            )
        )

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False
