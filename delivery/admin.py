"""The delivery engine in the admin: papers to set up until the exams app has its own pages,
attempts to look into (read-only: answers are written by candidates, grades by services)."""

from django.apps import apps
from django.contrib import admin

from delivery.exposure import conflicting_papers
from delivery.models import Attempt, AttemptEvent, Paper, PaperItem, Response


class PaperItemInline(admin.TabularInline):
    model = PaperItem
    fields = ["position", "version", "points"]
    raw_id_fields = ["version"]
    extra = 0

    # A locked paper's questions are final ("no edit after lock"): the exam office unlocks it,
    # with a logged reason, before any change. The engine also relies on it (its cache of a
    # started paper's items, delivery.presentation).
    def has_add_permission(self, request, obj=None) -> bool:
        return not (obj and obj.is_locked) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None) -> bool:
        return not (obj and obj.is_locked) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return not (obj and obj.is_locked) and super().has_delete_permission(request, obj)


@admin.register(Paper)
class PaperAdmin(admin.ModelAdmin):
    list_display = ["title", "purpose", "unit", "duration", "feedback", "open_book", "locked_at"]
    list_filter = ["purpose", "feedback", "open_book"]
    search_fields = ["title"]
    readonly_fields = ["created_at", "created_by"]
    raw_id_fields = ["locked_by"]
    inlines = [PaperItemInline]

    def get_queryset(self, request):
        # The conflict rule (delivery.exposure): a candidate of a session still to end does not
        # read its paper here either.
        return super().get_queryset(request).exclude(pk__in=conflicting_papers(request.user))


class ResponseInline(admin.TabularInline):
    model = Response
    fields = ["item", "answer", "flagged", "sequence", "saved_at", "points", "penalty", "correct",
              "needs_hand_grading", "checked_at"]
    readonly_fields = fields
    extra = 0
    can_delete = False


class AttemptEventInline(admin.TabularInline):
    model = AttemptEvent
    fields = ["at", "kind", "actor", "minutes", "reason"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Attempt)
class AttemptAdmin(admin.ModelAdmin):
    list_display = ["paper", "candidate", "status", "started_at", "deadline", "submitted_at", "score",
                    "passed"]
    list_filter = ["status", "paper__purpose"]
    search_fields = ["candidate__email", "candidate__last_name", "paper__title"]
    readonly_fields = ["id", "paper", "candidate", "seed", "status", "started_at", "extra_time",
                       "large_print", "deadline", "submitted_at", "submitted_automatically", "score",
                       "max_score", "passed", "released_at", "auto_graded_at", "grading_failures"]
    inlines = [ResponseInline, AttemptEventInline]

    def get_queryset(self, request):
        # Anonymity (exams.anonymity): a superuser who grades a session reads its copies by code
        # only; here each copy stands beside its candidate's name, answers and score.
        # The conflict rule (delivery.exposure), as for papers: a candidate of a session still to
        # end reads none of its copies here, the others' answers and marks nor their own mark.
        queryset = super().get_queryset(request).exclude(paper__in=conflicting_papers(request.user))
        if not apps.is_installed("exams"):
            return queryset
        from exams.anonymity import sessions_graded_anonymously

        return queryset.exclude(exam_registration__session__in=sessions_graded_anonymously(request.user))

    def has_add_permission(self, request) -> bool:
        return False
