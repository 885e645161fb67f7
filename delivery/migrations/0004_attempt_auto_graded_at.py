from django.db import migrations, models
from django.db.models import F


def mark_graded_copies(apps, schema_editor):
    """The copies handed in before the field existed: graded (or waiting for a grader only)
    unless nothing scored them. A copy left "remise" with no answer waiting for a grader is one
    whose automatic grading never went through: left unmarked, the sweep grades it."""
    Attempt = apps.get_model("delivery", "Attempt")
    closed = Attempt.objects.exclude(status="in_progress")
    closed.filter(status="graded").update(auto_graded_at=F("submitted_at"))
    closed.filter(status="submitted", responses__needs_hand_grading=True).update(
        auto_graded_at=F("submitted_at")
    )


class Migration(migrations.Migration):
    dependencies = [
        ("delivery", "0003_attempt_large_print"),
    ]

    operations = [
        migrations.AddField(
            model_name="attempt",
            name="auto_graded_at",
            field=models.DateTimeField(blank=True, null=True, verbose_name="corrigée automatiquement le"),
        ),
        migrations.AddField(
            model_name="attempt",
            name="grading_failures",
            field=models.PositiveSmallIntegerField(
                default=0, verbose_name="échecs de la correction automatique"
            ),
        ),
        migrations.RunPython(mark_graded_copies, migrations.RunPython.noop),
    ]
