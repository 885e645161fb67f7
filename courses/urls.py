from django.urls import path

from courses.views import authoring, cohorts, reader

app_name = "courses"

urlpatterns = [
    path("", reader.index, name="index"),
    path("suite/", reader.next_lesson, name="next"),
    path("groupes/", cohorts.cohorts, name="cohorts"),
    path("groupes/<int:pk>/", cohorts.cohort_page, name="cohort"),
    path("groupes/<int:pk>/membres/", cohorts.add_members, name="add_members"),
    path("groupes/<int:pk>/valider/", cohorts.confirm, name="confirm"),
    path("groupes/<int:pk>/export.csv", cohorts.cohort_csv, name="cohort_csv"),
    path("rediger/nouvelle/", authoring.course_edit, name="course_new"),
    path("rediger/importer/", authoring.import_course, name="import"),
    path("rediger/<str:code>/", authoring.outline, name="outline"),
    path("rediger/<str:code>/modifier/", authoring.course_edit, name="course_edit"),
    path("rediger/<str:code>/export.zip", authoring.export, name="export"),
    path("rediger/<str:code>/apercu/", authoring.lesson_preview, name="lesson_preview"),
    path("rediger/<str:code>/lecons/nouvelle/", authoring.lesson_edit, name="lesson_new"),
    path("rediger/<str:code>/lecons/<slug:slug>/", authoring.lesson_edit, name="lesson_edit"),
    path("rediger/<str:code>/modules/<slug:slug>/", authoring.module_edit, name="module_edit"),
    path("rediger/<str:code>/lecons/<slug:slug>/verifiee/", authoring.clear_flag, name="clear_flag"),
    path("rediger/<str:code>/<str:kind>/<slug:slug>/<str:direction>/", authoring.move, name="move"),
    path("<str:code>/", reader.course_page, name="course"),
    path("<str:code>/inscription/", reader.enrol, name="enrol"),
    path("<str:code>/<slug:slug>/", reader.lesson_page, name="lesson"),
    path("<str:code>/<slug:slug>/terminee/", reader.complete, name="complete"),
    path("<str:code>/<slug:slug>/exercices/", reader.practise, name="practise"),
]
