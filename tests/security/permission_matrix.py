# ruff: noqa: E501 (one row per URL reads best on one line)
"""The expected answer of every URL to every role, for GET and POST: ONE table.

Columns, in order: anonymous, trainee, trainer, grader, exam staff, administrator.
``login`` is a redirect to the login page; other entries are HTTP status codes (302 a
redirect elsewhere: after a form posted empty, to the page's canonical address…; 422 a form
re-rendered with its errors). A new page gets a row here; the test's failure message prints
the row observed, to check against what the page should do before pasting it.
"""

from __future__ import annotations

ROLES = ("anonymous", "trainee", "trainer", "grader", "exam_staff", "administrator")
METHODS = ("GET", "POST")

# Which object of the shared dataset (tests/security/conftest.py) fills a path parameter…
PARAMETERS = {
    "edition": "article.edition.slug",
    "number": "article.number",
    "pk": "exam_paper.pk",
    "item_pk": "item.pk",
    "uid": "question.uid",
    "session_id": "session.pk",
    "registration_id": "registration.pk",
    "centre_id": "centre.pk",
    "batch_id": "batch.pk",
    "user_id": "trainee.pk",
    "assignment_id": "assignment.pk",
    "paper_id": "practice.pk",
    "attempt_id": "practice_attempt.pk",
    "uidb64": "reset_uid",
    "code": "course.code",
    "slug": "lesson.slug",
    "unit": "mock_unit",
    "token": "reset_token",
}
# …unless the URL says otherwise.
PARAMETERS_FOR = {
    "rules:chapter": {"number": "chapter.number"},
    "rules:upload_preview": {"pk": "upload.pk"},
    "api:certificate": {"code": "certificate.code"},
    "certificates:download": {"code": "certificate.code"},
    "certificates:reissue": {"code": "certificate.code"},
    "certificates:revoke": {"code": "certificate.code"},
    "certificates:staff_certificate": {"code": "certificate.code"},
    "certificates:verify_code": {"code": "certificate.code"},
    "certificates:batch": {"batch_id": "certificate_batch.pk"},
    "certificates:batch_zip": {"batch_id": "certificate_batch.pk"},
    "courses:add_members": {"pk": "cohort.pk"},
    "courses:cohort": {"pk": "cohort.pk"},
    "courses:cohort_csv": {"pk": "cohort.pk"},
    "courses:confirm": {"pk": "cohort.pk"},
    "courses:module_edit": {"slug": "module.slug"},
    "courses:move": {"slug": "lesson.slug", "kind": "move_kind", "direction": "move_direction"},
    "exams:staff_session_transition": {"transition": "session_transition"},
    "papers:blueprint": {"pk": "blueprint.pk"},
    "papers:blueprint_edit": {"pk": "blueprint.pk"},
    "papers:blueprint_compose": {"pk": "blueprint.pk"},
}

# URL names not requested, with the reason.
NOT_REQUESTED = {
    "admin:*": "Django's admin site: its own permission checks (is_staff, model permissions).",
}

MATRIX: dict[str, dict[str, str]] = {
    # --- admin (the rest of admin:* is not requested, see NOT_REQUESTED)
    # Django's admin asks for is_staff, which the administrator role alone does not give (the
    # demo administrator is also a superuser): everyone here is sent to the admin's own login.
    "admin:index": {"GET": "302 302 302 302 302 302", "POST": "302 302 302 302 302 302"},
    "admin:accounts_user_changelist": {"GET": "302 302 302 302 302 302", "POST": "302 302 302 302 302 302"},
    # --- accounts
    "accounts:login": {"GET": "200 302 302 302 302 302", "POST": "200 302 302 302 302 302"},
    "accounts:logout": {"GET": "405 405 405 405 405 405", "POST": "302 302 302 302 302 302"},
    # Django's password views re-render an invalid form with 200.
    "accounts:password_change": {"GET": "login 200 200 200 200 200", "POST": "login 200 200 200 200 200"},
    "accounts:password_reset": {"GET": "200 200 200 200 200 200", "POST": "200 200 200 200 200 200"},
    "accounts:password_reset_complete": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "accounts:password_reset_confirm": {"GET": "200 200 200 200 200 200", "POST": "200 200 200 200 200 200"},
    "accounts:password_reset_done": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "accounts:profile": {"GET": "login 200 200 200 200 200", "POST": "login 422 422 422 422 422"},
    "accounts:set_language": {"GET": "405 405 405 405 405 405", "POST": "302 302 302 302 302 302"},
    "accounts:two_factor": {"GET": "login 200 200 200 200 200", "POST": "login 405 405 405 405 405"},
    "accounts:two_factor_disable": {"GET": "login 405 405 405 405 405", "POST": "login 422 422 422 422 422"},
    "accounts:two_factor_recovery_codes": {"GET": "login 302 302 302 302 302", "POST": "login 302 302 302 302 302"},
    "accounts:two_factor_regenerate": {"GET": "login 405 405 405 405 405", "POST": "login 302 302 302 302 302"},
    "accounts:two_factor_setup": {"GET": "login 200 200 302 302 302", "POST": "login 422 422 302 302 302"},
    "accounts:two_factor_verify": {"GET": "login 302 302 302 302 302", "POST": "login 302 302 302 302 302"},
    # --- api
    "api:analyse_view": {"GET": "405 405 405 405 405 405", "POST": "415 415 415 415 415 415"},
    # django-ninja's root has no page: 404 for everyone.
    "api:api-root": {"GET": "404 404 404 404 404 404", "POST": "404 404 404 404 404 404"},
    "api:article": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "api:editions": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    # The API's schema and its reference page answer any method (django-ninja), read-only.
    "api:openapi-json": {"GET": "200 200 200 200 200 200", "POST": "200 200 200 200 200 200"},
    "api:openapi-view": {"GET": "200 200 200 200 200 200", "POST": "200 200 200 200 200 200"},
    "api:search_api": {"GET": "400 400 400 400 400 400", "POST": "405 405 405 405 405 405"},
    # --- delivery
    # An attempt is its candidate's (the trainee's practice attempt): 404 for anyone else.
    "delivery:attempt": {"GET": "login 200 404 404 404 404", "POST": "405 405 405 405 405 405"},
    "delivery:check": {"GET": "405 405 405 405 405 405", "POST": "login 400 404 404 404 404"},
    "delivery:clock": {"GET": "login 200 404 404 404 404", "POST": "405 405 405 405 405 405"},
    "delivery:paper_preview": {"GET": "login 403 200 403 200 200", "POST": "405 405 405 405 405 405"},
    "delivery:papers": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "delivery:save": {"GET": "405 405 405 405 405 405", "POST": "login 400 404 404 404 404"},
    "delivery:start": {"GET": "405 405 405 405 405 405", "POST": "login 302 302 302 302 302"},
    "delivery:submit": {"GET": "login 200 404 404 404 404", "POST": "login 302 404 404 404 404"},
    # --- exams
    "exams:convocation": {"GET": "login 200 404 404 404 404", "POST": "405 405 405 405 405 405"},
    "exams:extend": {"GET": "405 405 405 405 405 405", "POST": "login 403 422 403 422 422"},
    "exams:home": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    # The trainer is the centre's regional director.
    "exams:invigilate": {"GET": "login 403 200 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:lobby": {"GET": "login 200 404 404 404 404", "POST": "405 405 405 405 405 405"},
    "exams:my_records": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "exams:open_exam": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 302 302"},
    "exams:register": {"GET": "login 200 200 200 200 200", "POST": "login 422 422 422 422 422"},
    "exams:roll_call": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 302 302"},
    "exams:staff_add_asp": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "exams:staff_add_report": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "exams:staff_audit": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_award_title": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "exams:staff_batch": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_centre_edit": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_centre_new": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_convocation": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_email_convocation": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "exams:staff_people": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_person": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_register": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_registration": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_send_convocations": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "exams:staff_session": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_session_transition": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "exams:staff_session_edit": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_session_new": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_sessions": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_stages": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_stages_import": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "exams:staff_stages_template": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "exams:staff_withdraw": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "exams:start": {"GET": "405 405 405 405 405 405", "POST": "login 422 404 404 404 404"},
    "exams:withdraw": {"GET": "405 405 405 405 405 405", "POST": "login 302 404 404 404 404"},
    # --- grading
    # Answer sheets exist for paper centres only; the dataset's centre is online (its regional
    # director, the trainer, and staff get 404).
    "grading:answer_sheets": {"GET": "login 403 404 403 404 404", "POST": "405 405 405 405 405 405"},
    # A copy is its grader's: exam staff and administrators do not mark other graders' copies.
    "grading:assignment": {"GET": "login 403 403 200 404 404", "POST": "login 403 403 422 404 404"},
    "grading:corrected_copy": {"GET": "login 404 404 404 404 404", "POST": "405 405 405 405 405 405"},
    "grading:decide": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 404 404"},
    "grading:distribute": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "grading:entry": {"GET": "login 403 403 200 403 403", "POST": "login 403 403 200 403 403"},
    "grading:entry_correction": {"GET": "login 403 403 403 404 404", "POST": "login 403 403 403 404 404"},
    "grading:export_csv": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "grading:jury": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "grading:lift_anonymity": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "grading:deliberate": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "grading:publish": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "grading:queue": {"GET": "login 403 403 200 200 200", "POST": "405 405 405 405 405 405"},
    "grading:setup": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "grading:subject_pdf": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    # --- (project)
    "healthz": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "home": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "javascript-catalog": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    # --- papers
    "papers:analyse": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "papers:analysis": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "papers:blueprint": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "papers:blueprint_compose": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "papers:blueprint_create": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "papers:blueprint_edit": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "papers:exposure_policy": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "papers:index": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "papers:item_move": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "papers:item_points": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    # The paper is locked (it has been sat): the change is refused with a message (302 back).
    "papers:item_remove": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "papers:paper": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "papers:paper_add": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "papers:paper_create": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    "papers:paper_lock": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 302 302"},
    "papers:paper_unlock": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    # --- positions
    "positions:analyse": {"GET": "login 403 200 403 403 200", "POST": "login 403 200 403 403 200"},
    "positions:analyse_panel": {"GET": "405 405 405 405 405 405", "POST": "login 403 200 403 403 200"},
    "positions:diagram": {"GET": "400 400 400 400 400 400", "POST": "405 405 405 405 405 405"},
    "positions:reference": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    # --- questions
    "questions:approve": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 403 302"},
    "questions:article_search": {"GET": "login 403 200 403 403 200", "POST": "405 405 405 405 405 405"},
    "questions:bank": {"GET": "login 403 200 403 403 200", "POST": "405 405 405 405 405 405"},
    "questions:check_moves": {"GET": "405 405 405 405 405 405", "POST": "login 403 200 403 403 200"},
    "questions:citation_chip": {"GET": "login 403 200 403 403 200", "POST": "405 405 405 405 405 405"},
    "questions:clear_flag": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 403 403"},
    "questions:comment": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 403 403"},
    "questions:create": {"GET": "login 403 200 403 403 200", "POST": "login 403 422 403 403 422"},
    "questions:detail": {"GET": "login 403 200 403 403 200", "POST": "405 405 405 405 405 405"},
    "questions:edit": {"GET": "login 403 200 403 403 200", "POST": "login 403 422 403 403 422"},
    "questions:editor_preview": {"GET": "405 405 405 405 405 405", "POST": "login 403 200 403 403 200"},
    "questions:export": {"GET": "login 403 200 403 403 200", "POST": "405 405 405 405 405 405"},
    "questions:history": {"GET": "login 403 200 403 403 200", "POST": "405 405 405 405 405 405"},
    "questions:import": {"GET": "login 403 200 403 403 200", "POST": "login 403 422 403 403 422"},
    "questions:preview": {"GET": "login 403 200 403 403 200", "POST": "login 403 200 403 403 200"},
    "questions:request_changes": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 403 302"},
    "questions:retire": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 403 302"},
    "questions:review": {"GET": "login 403 302 403 403 302", "POST": "405 405 405 405 405 405"},
    "questions:review_queue": {"GET": "login 403 200 403 403 200", "POST": "405 405 405 405 405 405"},
    "questions:submit": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 403 302"},
    "questions:withdraw": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 403 302"},
    # --- rules
    "rules:article": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:changes": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:chapter": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:correspondence": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:edition": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:export": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:glossary": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:history": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:index": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:laws": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:search": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "rules:upload": {"GET": "login 403 403 403 200 200", "POST": "login 403 403 403 422 422"},
    # A pending upload is its uploader's (exam staff): 404 for the administrator.
    "rules:upload_preview": {"GET": "login 403 403 403 200 404", "POST": "login 403 403 403 302 404"},
    # --- (project)
    "set_language": {"GET": "302 302 302 302 302 302", "POST": "302 302 302 302 302 302"},
    # --- tournaments
    "tournaments:berger": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "tournaments:elo": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "tournaments:index": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    # --- api (certificates: public, like the page)
    "api:certificate": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "api:public_key": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    # --- certificates (the holder downloads their own; staff issue, revoke, batch; verification is public)
    "certificates:batch": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:batch_zip": {"GET": "login 403 403 403 302 302", "POST": "405 405 405 405 405 405"},
    "certificates:download": {"GET": "login 200 404 404 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:issue": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "certificates:mine": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:public_key": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:reissue": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "certificates:revoke": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "certificates:staff": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:staff_certificate": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:staff_log": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:staff_person": {"GET": "login 403 403 403 200 200", "POST": "405 405 405 405 405 405"},
    "certificates:start_batch": {"GET": "405 405 405 405 405 405", "POST": "login 403 403 403 422 422"},
    "certificates:verify": {"GET": "200 200 200 200 200 200", "POST": "422 422 422 422 422 422"},
    "certificates:verify_code": {"GET": "200 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    # --- courses (reading and practising: anyone who practises; authoring and cohorts: trainers and staff;
    # a cohort's confirmation posted without a member is a 404)
    "courses:add_members": {"GET": "405 405 405 405 405 405", "POST": "login 403 422 403 422 422"},
    "courses:clear_flag": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 302 302"},
    "courses:cohort": {"GET": "login 403 200 403 200 200", "POST": "405 405 405 405 405 405"},
    "courses:cohort_csv": {"GET": "login 403 200 403 200 200", "POST": "405 405 405 405 405 405"},
    "courses:cohorts": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:complete": {"GET": "405 405 405 405 405 405", "POST": "login 302 302 302 302 302"},
    "courses:confirm": {"GET": "405 405 405 405 405 405", "POST": "login 403 404 403 404 404"},
    "courses:course": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "courses:course_edit": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:course_new": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:enrol": {"GET": "405 405 405 405 405 405", "POST": "login 302 302 302 302 302"},
    "courses:export": {"GET": "login 403 200 403 200 200", "POST": "405 405 405 405 405 405"},
    "courses:import": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:index": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "courses:lesson": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "courses:lesson_edit": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:lesson_new": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:lesson_preview": {"GET": "405 405 405 405 405 405", "POST": "login 403 200 403 200 200"},
    "courses:module_edit": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:move": {"GET": "405 405 405 405 405 405", "POST": "login 403 302 403 302 302"},
    "courses:next": {"GET": "login 302 302 302 302 302", "POST": "405 405 405 405 405 405"},
    "courses:outline": {"GET": "login 403 200 403 200 200", "POST": "login 403 422 403 422 422"},
    "courses:practise": {"GET": "405 405 405 405 405 405", "POST": "login 302 302 302 302 302"},
    # --- practice (anyone who practises; a start posted without a choice is a 422)
    "practice:dashboard": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "practice:home": {"GET": "login 200 200 200 200 200", "POST": "405 405 405 405 405 405"},
    "practice:mock": {"GET": "405 405 405 405 405 405", "POST": "login 302 302 302 302 302"},
    "practice:review": {"GET": "405 405 405 405 405 405", "POST": "login 302 302 302 302 302"},
    "practice:start": {"GET": "405 405 405 405 405 405", "POST": "login 422 422 422 422 422"},
    # --- questions (computed questions' sample variants, for the editor)
    "questions:computed_samples": {"GET": "405 405 405 405 405 405", "POST": "login 403 422 403 403 422"},
    # --- tournaments (the Swiss and tie-break tools: every logged-in person; an empty form is a 422)
    "tournaments:check_pairing": {"GET": "login 200 200 200 200 200", "POST": "login 422 422 422 422 422"},
    "tournaments:pair_round": {"GET": "login 200 200 200 200 200", "POST": "login 422 422 422 422 422"},
    "tournaments:pairing_board": {"GET": "login 200 200 200 200 200", "POST": "login 422 422 422 422 422"},
    # the board's autosave: POST only; without a board in the session there is nothing to save (409)
    "tournaments:save_pairing_board": {"GET": "405 405 405 405 405 405", "POST": "login 409 409 409 409 409"},
    "tournaments:tiebreaks": {"GET": "login 200 200 200 200 200", "POST": "login 422 422 422 422 422"},
}
