from django.urls import path

from practice import views

app_name = "practice"

urlpatterns = [
    path("", views.home, name="home"),
    path("commencer/", views.start, name="start"),
    path("revision/", views.review, name="review"),
    path("examen-blanc/<str:unit>/", views.mock, name="mock"),
    path("progression/", views.dashboard, name="dashboard"),
]
