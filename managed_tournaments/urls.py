from django.urls import path

from managed_tournaments import views, views_rounds

app_name = "managed_tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("nouveau/", views.create, name="create"),
    path("importer/", views.import_file, name="import"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/parametres/", views.edit_settings, name="settings"),
    path("<int:pk>/supprimer/", views.delete, name="delete"),
    path("<int:pk>/joueurs/<int:number>/", views.edit_player, name="player"),
    path("<int:pk>/joueurs/<int:number>/supprimer/", views.remove_player, name="remove_player"),
    path("<int:pk>/joueurs/<int:number>/retirer/", views.withdraw_player, name="withdraw_player"),
    path("<int:pk>/joueurs/<int:number>/reintegrer/", views.reinstate_player, name="reinstate_player"),
    path("<int:pk>/byes/", views.request_bye, name="request_bye"),
    path("<int:pk>/byes/<int:bye_pk>/annuler/", views.cancel_bye, name="cancel_bye"),
    path("<int:pk>/apparier/", views_rounds.pair_next, name="pair_next"),
    path("<int:pk>/annuler-ronde/", views_rounds.undo_last, name="undo_last"),
    path("<int:pk>/modifier-appariement/", views_rounds.change_pairing, name="change_pairing"),
    path("<int:pk>/rondes/<int:number>/", views_rounds.round_detail, name="round"),
    path("<int:pk>/rondes/<int:number>/echiquiers/<int:board>/", views_rounds.set_result, name="set_result"),
    path("<int:pk>/classement/", views_rounds.standings_view, name="standings"),
    path("<int:pk>/export.trf", views_rounds.export_trf, name="export_trf"),
    path("<int:pk>/grille.pdf", views_rounds.crosstable_pdf, name="crosstable_pdf"),
]
