from django.urls import path

from tournaments import views, views_pairing_board, views_swiss

app_name = "tournaments"

urlpatterns = [
    path("", views.index, name="index"),
    path("berger/", views.berger, name="berger"),
    path("elo/", views.elo, name="elo"),
    path("departages/", views_swiss.crosstable_tiebreaks, name="tiebreaks"),
    path("suisse/verifier/", views_swiss.check_pairing, name="check_pairing"),
    path("suisse/apparier/", views_swiss.pair_next_round, name="pair_round"),
    path("suisse/tableau/", views_pairing_board.pairing_board, name="pairing_board"),
    path("suisse/tableau/enregistrer/", views_pairing_board.save_pairing_board, name="save_pairing_board"),
]
