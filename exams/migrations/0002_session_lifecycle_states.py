"""The session's lifecycle: three new states (sitting, grading, deliberated), the state a
protected FSM field, and each existing session put where its facts say it is."""

import django_fsm
from django.conf import settings
from django.db import migrations, models


def place_sessions(apps, schema_editor):
    """open/closed/sat/published keep their meaning; what happened since moves them on:

    - an exam opened in a centre: sitting while a copy is being written, sat otherwise;
    - a sat session with a mark given by a grader: grading;
    - "published" by hand on the session's form, never by the jury (no publication date):
      back to sat/grading, so that the jury publishes it, with its date.
    """
    session_model = apps.get_model("exams", "ExamSession")
    assignment = apps.get_model("grading", "Assignment")
    setup = apps.get_model("grading", "GradingSetup")
    for session in session_model.objects.all():
        status = session.status
        registrations = session.registrations.filter(status="registered")
        if status in ("open", "closed") and session.centres.filter(opened_at__isnull=False).exists():
            running = registrations.filter(attempt__status="in_progress").exists()
            status = "sitting" if running else "sat"
        if status == "published" and not setup.objects.filter(
            session=session, published_at__isnull=False
        ).exists():
            status = "sat"
        if status == "sat" and assignment.objects.filter(session=session, graded_at__isnull=False).exists():
            status = "grading"
        if status != session.status:
            session_model.objects.filter(pk=session.pk).update(status=status)


def back_to_old_states(apps, schema_editor):
    session_model = apps.get_model("exams", "ExamSession")
    for new, old in (("sitting", "closed"), ("grading", "sat"), ("deliberated", "sat")):
        session_model.objects.filter(status=new).update(status=old)


class Migration(migrations.Migration):

    dependencies = [
        ('grading', '0001_initial'),
        ('delivery', '0003_attempt_large_print'),
        ('exams', '0001_initial'),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(
            model_name='examsession',
            name='exam_session_status_valid',
        ),
        migrations.AlterField(
            model_name='examsession',
            name='status',
            field=django_fsm.FSMField(choices=[('draft', 'Brouillon'), ('open', 'Inscriptions ouvertes'), ('closed', 'Inscriptions closes'), ('sitting', 'Épreuve en cours'), ('sat', 'Épreuve passée'), ('grading', 'Correction en cours'), ('deliberated', 'Résultats arrêtés par le jury'), ('published', 'Résultats publiés')], default='draft', editable=False, max_length=12, protected=True, verbose_name='état'),
        ),
        migrations.RunPython(place_sessions, back_to_old_states),
        migrations.AddConstraint(
            model_name='examsession',
            constraint=models.CheckConstraint(condition=models.Q(('status__in', ['draft', 'open', 'closed', 'sitting', 'sat', 'grading', 'deliberated', 'published'])), name='exam_session_status_valid'),
        ),
    ]
