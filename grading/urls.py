from django.urls import path

from grading.views import candidate, graders, jury, paper

app_name = "grading"

urlpatterns = [
    # Graders
    path("", graders.queue, name="queue"),
    path("copies/<int:assignment_id>/", graders.assignment, name="assignment"),
    # Exam staff
    path("sessions/<uuid:session_id>/", graders.setup, name="setup"),
    path("sessions/<uuid:session_id>/repartir/", graders.distribute, name="distribute"),
    path("sessions/<uuid:session_id>/jury/", jury.jury_page, name="jury"),
    path("sessions/<uuid:session_id>/jury/anonymat/", jury.lift_anonymity, name="lift_anonymity"),
    # By the copy's code, as the jury reads it: a registration's id would join it to the staff pages' names.
    path("sessions/<uuid:session_id>/jury/copies/<str:code>/", jury.decide, name="decide"),
    path("sessions/<uuid:session_id>/jury/arreter/", jury.deliberate, name="deliberate"),
    path("sessions/<uuid:session_id>/jury/publier/", jury.publish, name="publish"),
    path("sessions/<uuid:session_id>/resultats.csv", jury.export_csv, name="export_csv"),
    # Paper mode
    path("sessions/<uuid:session_id>/sujet.pdf", paper.subject_pdf, name="subject_pdf"),
    path("centres/<int:centre_id>/feuilles-de-reponses.pdf", paper.answer_sheets, name="answer_sheets"),
    path("sessions/<uuid:session_id>/saisie/", paper.entry, name="entry"),
    path("sessions/<uuid:session_id>/saisie/correction/", paper.correction, name="entry_correction"),
    # Candidates
    path("resultats/<uuid:registration_id>/", candidate.corrected_copy, name="corrected_copy"),
]
