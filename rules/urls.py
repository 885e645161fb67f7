from django.urls import path, register_converter

from rules import views, views_staff
from rules.models import NUMBER_PATTERN

app_name = "rules"


class ArticleNumberConverter:
    regex = NUMBER_PATTERN

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(ArticleNumberConverter, "number")

urlpatterns = [
    path("", views.index, name="index"),
    path("search/", views.search_view, name="search"),
    path("glossary/", views.glossary, name="glossary"),
    path("correspondence/", views.correspondence, name="correspondence"),
    path("livre/<number:number>/", views.chapter_detail, name="chapter"),
    path("editions/upload/", views_staff.upload, name="upload"),
    path("editions/upload/<int:pk>/", views_staff.upload_preview, name="upload_preview"),
    path("<slug:edition>/", views.edition_detail, name="edition"),
    path("<slug:edition>/laws/", views.laws, name="laws"),
    path("<slug:edition>/changes/", views.edition_changes, name="changes"),
    path("<slug:edition>/export.json", views.edition_export, name="export"),
    path("<slug:edition>/<number:number>/", views.article_detail, name="article"),
    path("<slug:edition>/<number:number>/history/", views.article_history_view, name="history"),
]
