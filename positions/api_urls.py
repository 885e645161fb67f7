from django.urls import path  # noqa: F401

app_name = "positions_api"

urlpatterns: list = []
