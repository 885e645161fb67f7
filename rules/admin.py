from django.contrib import admin

from rules.models import (
    Article,
    Change,
    Chapter,
    Correspondence,
    Diagram,
    Edition,
    EditionUpload,
    GlossaryTerm,
    Synonym,
)


@admin.register(Edition)
class EditionAdmin(admin.ModelAdmin):
    list_display = ["slug", "title_fr", "year", "in_force", "complete"]
    ordering = ["order"]


@admin.register(Article)
class ArticleAdmin(admin.ModelAdmin):
    list_display = ["number", "edition", "kind", "heading_fr"]
    list_filter = ["edition", "kind"]
    search_fields = ["number", "text_fr", "text_en"]
    raw_id_fields = ["parent"]
    list_select_related = ["edition"]


@admin.register(Diagram)
class DiagramAdmin(admin.ModelAdmin):
    list_display = ["key", "edition", "article", "caption_fr"]
    search_fields = ["key", "caption_fr"]


@admin.register(GlossaryTerm)
class GlossaryTermAdmin(admin.ModelAdmin):
    list_display = ["term_fr", "term_en", "edition"]
    search_fields = ["term_fr", "term_en"]


@admin.register(Change)
class ChangeAdmin(admin.ModelAdmin):
    list_display = ["old_number", "new_number", "kind", "old_edition", "new_edition"]
    list_filter = ["kind"]


@admin.register(Correspondence)
class CorrespondenceAdmin(admin.ModelAdmin):
    list_display = ["from_edition", "from_number", "to_edition", "to_number"]
    list_filter = ["from_edition", "to_edition"]


@admin.register(Chapter)
class ChapterAdmin(admin.ModelAdmin):
    list_display = ["number", "title_fr", "units"]


@admin.register(EditionUpload)
class EditionUploadAdmin(admin.ModelAdmin):
    list_display = ["filename", "uploaded_by", "uploaded_at", "loaded_at"]
    readonly_fields = ["payload"]


@admin.register(Synonym)
class SynonymAdmin(admin.ModelAdmin):
    list_display = ["key", "glossary_key", "edition", "articles"]
    search_fields = ["key", "glossary_key"]
