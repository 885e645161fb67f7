from django.urls import path

from delivery.views import attempt, papers

app_name = "delivery"

urlpatterns = [
    path("papers/", papers.papers, name="papers"),
    path("papers/<int:paper_id>/start/", papers.start, name="start"),
    path("papers/<int:paper_id>/preview/", papers.preview, name="paper_preview"),
    path("<uuid:attempt_id>/", attempt.attempt_page, name="attempt"),
    path("<uuid:attempt_id>/save/", attempt.save, name="save"),
    path("<uuid:attempt_id>/check/", attempt.check, name="check"),
    path("<uuid:attempt_id>/clock/", attempt.clock, name="clock"),
    path("<uuid:attempt_id>/submit/", attempt.submit, name="submit"),
]
