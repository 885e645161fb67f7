from django.conf import settings
from django.conf.urls.static import static
from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("jsi18n/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("accounts/", include("accounts.urls")),
    path("rules/", include("rules.urls")),
    path("positions/", include("positions.urls")),
    path("questions/", include("questions.urls")),
    path("examens/", include("exams.urls")),
    path("papers/", include("papers.urls")),
    path("correction/", include("grading.urls")),
    path("delivery/", include("delivery.urls")),
    path("tournaments/gestion/", include("managed_tournaments.urls")),
    path("tournaments/", include("tournaments.urls")),
    path("practice/", include("practice.urls")),
    path("courses/", include("courses.urls")),
    path("api/", include(("config.api_urls", "api"))),
    path("", include("certificates.urls")),
    path("admin/", admin.site.urls),
]

if settings.DEBUG:
    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

handler403 = "config.views.permission_denied"
handler404 = "config.views.page_not_found"
handler500 = "config.views.server_error"
