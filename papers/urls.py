from django.urls import path

from papers import views

app_name = "papers"

urlpatterns = [
    path("", views.index, name="index"),
    path("exposure/", views.exposure_policy, name="exposure_policy"),
    path("plans/new/", views.blueprint_edit, name="blueprint_create"),
    path("plans/<int:pk>/", views.blueprint_detail, name="blueprint"),
    path("plans/<int:pk>/edit/", views.blueprint_edit, name="blueprint_edit"),
    path("plans/<int:pk>/compose/", views.blueprint_compose, name="blueprint_compose"),
    path("new/", views.paper_create, name="paper_create"),
    path("<int:pk>/", views.paper_detail, name="paper"),
    path("<int:pk>/add/", views.paper_add, name="paper_add"),
    path("<int:pk>/lock/", views.paper_lock, name="paper_lock"),
    path("<int:pk>/analysis/", views.paper_analysis, name="analysis"),
    path("<int:pk>/analysis/run/", views.paper_analyse, name="analyse"),
    path("<int:pk>/unlock/", views.paper_unlock, name="paper_unlock"),
    path("<int:pk>/items/<int:item_pk>/remove/", views.item_remove, name="item_remove"),
    path("<int:pk>/items/<int:item_pk>/move/", views.item_move, name="item_move"),
    path("<int:pk>/items/<int:item_pk>/points/", views.item_points, name="item_points"),
]
