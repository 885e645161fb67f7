"""The bank's summary and search index of a published question being revised come from its
version in service, no longer from the pending draft (which other trainers may not read)."""

import unicodedata

from django.db import migrations


def summaries_from_version_in_service(apps, schema_editor):
    def searchable(*texts):
        # A copy of questions.models.searchable as it was when this migration was written.
        folded = unicodedata.normalize("NFKD", " ".join(texts).replace("œ", "oe").replace("Œ", "oe"))
        folded = "".join(char for char in folded if not unicodedata.combining(char)).casefold()
        return " ".join(folded.split())

    Question = apps.get_model("questions", "Question")
    revised = Question.objects.filter(current_version__isnull=False, draft__isnull=False)
    for question in revised.select_related("current_version"):
        version = question.current_version
        question.type = version.type
        question.difficulty = version.difficulty
        question.unit_codes = "," + ",".join(version.units) + "," if version.units else ""
        question.tag_list = "|" + "|".join(version.tags) + "|" if version.tags else ""
        question.summary_fr = version.stem_fr[:300]
        question.summary_en = version.stem_en[:300]
        tags = (f"|{tag}|" for tag in version.tags or [])
        question.search_text = searchable(question.uid, version.stem_fr, version.stem_en, *tags)
        question.save(
            update_fields=["type", "difficulty", "unit_codes", "tag_list", "summary_fr", "summary_en", "search_text"]
        )


class Migration(migrations.Migration):
    dependencies = [
        ("questions", "0002_question_search_text"),
    ]

    operations = [
        migrations.RunPython(summaries_from_version_in_service, migrations.RunPython.noop),
    ]
