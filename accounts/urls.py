from django.urls import path

from accounts import two_factor_views, views

app_name = "accounts"

urlpatterns = [
    path("login/", views.login_view, name="login"),
    path("logout/", views.logout_view, name="logout"),
    path("profile/", views.profile, name="profile"),
    path("language/", views.set_language, name="set_language"),
    path("password/change/", views.password_change, name="password_change"),
    path("password/reset/", views.password_reset, name="password_reset"),
    path("password/reset/done/", views.password_reset_done, name="password_reset_done"),
    path("password/reset/<uidb64>/<token>/", views.password_reset_confirm, name="password_reset_confirm"),
    path("password/reset/complete/", views.password_reset_complete, name="password_reset_complete"),
    path("two-factor/", two_factor_views.overview, name="two_factor"),
    path("two-factor/setup/", two_factor_views.setup, name="two_factor_setup"),
    path("two-factor/verify/", two_factor_views.verify, name="two_factor_verify"),
    path("two-factor/recovery-codes/", two_factor_views.recovery_codes, name="two_factor_recovery_codes"),
    path(
        "two-factor/recovery-codes/regenerate/",
        two_factor_views.regenerate_recovery_codes,
        name="two_factor_regenerate",
    ),
    path("two-factor/disable/", two_factor_views.disable, name="two_factor_disable"),
]
