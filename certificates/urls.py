from django.urls import path

from certificates.views import holder, public, staff

app_name = "certificates"

urlpatterns = [
    # Public, no login
    path("verify/", public.verify, name="verify"),
    path("verify/public-key.pem", public.public_key, name="public_key"),
    path("verify/<str:code>/", public.verify_code, name="verify_code"),
    # Holders
    path("certificats/", holder.mine, name="mine"),
    path("certificats/<str:code>.pdf", holder.download, name="download"),
    # Exam staff
    path("certificats/equipe/", staff.index, name="staff"),
    path("certificats/equipe/journal/", staff.log, name="staff_log"),
    path("certificats/equipe/dossiers/<int:user_id>/", staff.person, name="staff_person"),
    path("certificats/equipe/dossiers/<int:user_id>/delivrer/", staff.issue, name="issue"),
    path("certificats/equipe/lots/", staff.start_batch, name="start_batch"),
    path("certificats/equipe/lots/<int:batch_id>/", staff.batch, name="batch"),
    path("certificats/equipe/lots/<int:batch_id>/certificats.zip", staff.batch_zip, name="batch_zip"),
    path("certificats/equipe/<str:code>/", staff.certificate_detail, name="staff_certificate"),
    path("certificats/equipe/<str:code>/revoquer/", staff.revoke, name="revoke"),
    path("certificats/equipe/<str:code>/nouvelle-version/", staff.reissue, name="reissue"),
]
