from django.urls import path, re_path

from rules import api
from rules.urls import ArticleNumberConverter  # noqa: F401 - registers the "number" converter

app_name = "rules_api"

urlpatterns = [
    path("editions", api.editions, name="editions"),
    path("search", api.search_api, name="search"),
    path("<slug:edition>/articles/<number:number>", api.article, name="article"),
    re_path(r"^(?P<path>.*)$", api.not_found, name="not_found"),
]
