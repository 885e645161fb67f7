"""Creates one group per role and grants it its capabilities (accounts.ROLE_PERMISSIONS).

The permissions are created here rather than left to post_migrate so that the groups are
complete as soon as this migration has run, on a fresh database as on an old one.
"""

from django.db import migrations

ROLE_PERMISSIONS = {
    "trainee": ["practise"],
    "trainer": ["practise", "author_questions", "review_questions"],
    "grader": ["practise", "grade_copies"],
    "exam_staff": ["practise", "grade_copies", "manage_exams", "manage_rulebook"],
    "administrator": [
        "practise",
        "author_questions",
        "review_questions",
        "grade_copies",
        "manage_exams",
        "manage_rulebook",
        "manage_users",
    ],
}

CAPABILITY_NAMES = {
    "practise": "S'entraîner sur les questions et suivre les formations",
    "author_questions": "Rédiger des questions et des formations",
    "review_questions": "Relire et publier les questions d'autres formateurs",
    "grade_copies": "Corriger des copies anonymes",
    "manage_exams": "Organiser les sessions d'examen et publier les résultats",
    "manage_rulebook": "Charger et corriger les éditions du règlement",
    "manage_users": "Gérer les comptes et les rôles",
}


def create_groups(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    ContentType = apps.get_model("contenttypes", "ContentType")
    content_type, _ = ContentType.objects.get_or_create(app_label="accounts", model="user")
    permissions = {}
    for codename, name in CAPABILITY_NAMES.items():
        permissions[codename], _ = Permission.objects.get_or_create(
            content_type=content_type, codename=codename, defaults={"name": name}
        )
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=role)
        group.permissions.add(*(permissions[codename] for codename in codenames))


def remove_groups(apps, schema_editor):
    apps.get_model("auth", "Group").objects.filter(name__in=ROLE_PERMISSIONS).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [migrations.RunPython(create_groups, remove_groups)]
