from django.urls import path

from exams.views import candidate, convocations, invigilation, records, staff

app_name = "exams"

urlpatterns = [
    # Candidates
    path("", candidate.home, name="home"),
    path("dossier/", candidate.my_records, name="my_records"),
    path("sessions/<uuid:session_id>/inscription/", candidate.register, name="register"),
    path("inscriptions/<uuid:registration_id>/", candidate.lobby, name="lobby"),
    path("inscriptions/<uuid:registration_id>/desinscription/", candidate.withdraw, name="withdraw"),
    path("inscriptions/<uuid:registration_id>/demarrer/", candidate.start, name="start"),
    path(
        "inscriptions/<uuid:registration_id>/convocation.pdf", convocations.candidate_pdf, name="convocation"
    ),
    # Invigilators
    path("centres/<int:centre_id>/", invigilation.centre_page, name="invigilate"),
    path("centres/<int:centre_id>/appel/", invigilation.roll_call, name="roll_call"),
    path("centres/<int:centre_id>/ouverture/", invigilation.open_exam, name="open_exam"),
    path("centres/<int:centre_id>/temps/", invigilation.extend, name="extend"),
    # Exam staff
    path("equipe/", staff.session_list, name="staff_sessions"),
    path("equipe/sessions/nouvelle/", staff.session_form, name="staff_session_new"),
    path("equipe/sessions/<uuid:session_id>/", staff.session_detail, name="staff_session"),
    path("equipe/sessions/<uuid:session_id>/modifier/", staff.session_form, name="staff_session_edit"),
    path(
        "equipe/sessions/<uuid:session_id>/etat/<str:transition>/",
        staff.session_transition,
        name="staff_session_transition",
    ),
    path("equipe/sessions/<uuid:session_id>/centres/nouveau/", staff.centre_form, name="staff_centre_new"),
    path("equipe/centres/<int:centre_id>/modifier/", staff.centre_form, name="staff_centre_edit"),
    path("equipe/sessions/<uuid:session_id>/inscrire/", staff.staff_register, name="staff_register"),
    path(
        "equipe/sessions/<uuid:session_id>/convocations/",
        convocations.email_session,
        name="staff_send_convocations",
    ),
    path("equipe/envois/<int:batch_id>/", convocations.batch_status, name="staff_batch"),
    path("equipe/inscriptions/<uuid:registration_id>/", staff.registration_detail, name="staff_registration"),
    path("equipe/inscriptions/<uuid:registration_id>/annuler/", staff.staff_withdraw, name="staff_withdraw"),
    path(
        "equipe/inscriptions/<uuid:registration_id>/convocation.pdf",
        convocations.staff_pdf,
        name="staff_convocation",
    ),
    path(
        "equipe/inscriptions/<uuid:registration_id>/envoyer/",
        convocations.email_one,
        name="staff_email_convocation",
    ),
    path("equipe/stages/", records.stages, name="staff_stages"),
    path("equipe/stages/import/", records.stages_import, name="staff_stages_import"),
    path("equipe/stages/modele.csv", records.stages_template, name="staff_stages_template"),
    path("equipe/dossiers/", records.people, name="staff_people"),
    path("equipe/dossiers/<int:user_id>/", records.person, name="staff_person"),
    path("equipe/dossiers/<int:user_id>/asp/", records.add_asp, name="staff_add_asp"),
    path("equipe/dossiers/<int:user_id>/rapport/", records.add_report, name="staff_add_report"),
    path("equipe/dossiers/<int:user_id>/titre/", records.award_title, name="staff_award_title"),
    path(
        "equipe/dossiers/<int:user_id>/qualification/",
        records.add_qualification,
        name="staff_add_qualification",
    ),
    path("equipe/dossiers/<int:user_id>/tournoi/", records.add_officiated, name="staff_add_officiated"),
    path("equipe/journal/", records.audit_log, name="staff_audit"),
]
