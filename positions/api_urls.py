from django.urls import path

from positions import api

app_name = "positions_api"

urlpatterns = [
    path("analyse", api.analyse_view, name="analyse"),
]
