from django.urls import path

from questions.views import bank, editor, media, transfer, workflow

app_name = "questions"

urlpatterns = [
    path("", bank.bank, name="bank"),
    path("new/", editor.create, name="create"),
    path("reviews/", workflow.review_queue, name="review_queue"),
    path("import/", transfer.import_view, name="import"),
    path("export/", transfer.export_view, name="export"),
    path("editor/preview/", editor.preview, name="editor_preview"),
    path("editor/moves/", editor.check_moves, name="check_moves"),
    path("editor/articles/", editor.article_search, name="article_search"),
    path("editor/citation/", editor.citation_chip, name="citation_chip"),
    path("editor/computed-samples/", editor.computed_samples, name="computed_samples"),
    path("media/<int:version_id>/<str:sha256>/", media.image, name="image"),
    path("<slug:uid>/", bank.detail, name="detail"),
    path("<slug:uid>/edit/", editor.edit, name="edit"),
    path("<slug:uid>/images/", media.add_image, name="add_image"),
    path("<slug:uid>/images/remove/", editor.remove_image, name="remove_image"),
    path("<slug:uid>/preview/", bank.candidate_preview, name="preview"),
    path("<slug:uid>/history/", bank.history, name="history"),
    path("<slug:uid>/submit/", workflow.submit, name="submit"),
    path("<slug:uid>/review/", workflow.review, name="review"),
    path("<slug:uid>/comments/", workflow.comment, name="comment"),
    path("<slug:uid>/withdraw/", workflow.withdraw, name="withdraw"),
    path("<slug:uid>/approve/", workflow.approve, name="approve"),
    path("<slug:uid>/request-changes/", workflow.request_changes, name="request_changes"),
    path("<slug:uid>/retire/", workflow.retire, name="retire"),
    path("<slug:uid>/checked/", workflow.clear_flag, name="clear_flag"),
]
