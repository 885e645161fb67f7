from django.contrib import admin

from delivery.exposure import conflicting_questions
from questions.models import Question, QuestionVersion, ReviewComment, StatusChange


class QuestionVersionInline(admin.TabularInline):
    model = QuestionVersion
    fk_name = "question"
    fields = ["number", "type", "points", "author", "reviewer", "published_at", "content_hash"]
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


class StatusChangeInline(admin.TabularInline):
    model = StatusChange
    fields = ["at", "actor", "from_status", "to_status", "note"]
    readonly_fields = fields
    extra = 0
    can_delete = False


class ReviewCommentInline(admin.TabularInline):
    model = ReviewComment
    fields = ["created_at", "author", "field", "text", "resolved"]
    readonly_fields = ["created_at", "author"]
    extra = 0


@admin.register(Question)
class QuestionAdmin(admin.ModelAdmin):
    list_display = ["uid", "type", "status", "unit_codes", "difficulty", "needs_review", "author", "reviewer",
                    "updated_at"]
    list_filter = ["status", "type", "difficulty", "needs_review"]
    search_fields = ["uid", "summary_fr", "summary_en", "tag_list"]
    readonly_fields = ["current_version", "draft", "type", "difficulty", "unit_codes", "tag_list",
                       "summary_fr", "summary_en", "created_at", "updated_at"]
    raw_id_fields = ["author", "reviewer"]
    inlines = [QuestionVersionInline, ReviewCommentInline, StatusChangeInline]

    def get_queryset(self, request):
        # The conflict rule (delivery.exposure): a candidate of a session still to end does not
        # read its paper's questions here either.
        return super().get_queryset(request).exclude(pk__in=conflicting_questions(request.user))

    def has_delete_permission(self, request, obj=None) -> bool:
        # Published versions are protected: a question with one can only be retired.
        if obj is not None and obj.current_version_id is not None:
            return False
        return super().has_delete_permission(request, obj)


@admin.register(QuestionVersion)
class QuestionVersionAdmin(admin.ModelAdmin):
    list_display = ["__str__", "type", "points", "author", "reviewer", "published_at"]
    list_filter = ["type"]
    search_fields = ["question__uid", "stem_fr", "stem_en"]
    raw_id_fields = ["question", "author", "edited_by", "reviewer"]

    def get_queryset(self, request):
        return super().get_queryset(request).exclude(question_id__in=conflicting_questions(request.user))

    # Content is edited in the question editor, which validates it; the admin only shows it.
    def get_readonly_fields(self, request, obj=None):
        return [field.name for field in self.model._meta.fields]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        if obj is not None and obj.is_published:
            return False
        return super().has_delete_permission(request, obj)


@admin.register(StatusChange)
class StatusChangeAdmin(admin.ModelAdmin):
    list_display = ["question", "from_status", "to_status", "actor", "at"]
    list_filter = ["to_status"]
    search_fields = ["question__uid", "note"]
    readonly_fields = ["question", "version", "actor", "from_status", "to_status", "note", "at"]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(ReviewComment)
class ReviewCommentAdmin(admin.ModelAdmin):
    list_display = ["question", "author", "field", "resolved", "created_at"]
    list_filter = ["resolved"]
    search_fields = ["question__uid", "text"]
    raw_id_fields = ["question", "version", "author"]


