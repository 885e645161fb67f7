from django.urls import path

from positions import views

app_name = "positions"

urlpatterns = [
    path("analyse/", views.analyse_page, name="analyse"),
    path("analyse-panel/", views.analyse_panel, name="analyse_panel"),
    path("reference/", views.reference, name="reference"),
    path("diagram.svg", views.diagram, name="diagram"),
]
