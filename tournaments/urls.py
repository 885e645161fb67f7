from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("berger/", views.berger, name="berger"),
    path("elo/", views.elo, name="elo"),
]
