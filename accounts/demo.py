"""The demo accounts, one per role, loaded by `load_demo` (idempotent)."""

from __future__ import annotations

from accounts.models import Role, User, ensure_role_groups

DEMO_PASSWORD = "arbitre-demo"  # noqa: S105 (published in the README on purpose)

DEMO_USERS = [
    # email, first name, last name, role, licence, league
    ("stagiaire@demo.arbitre.fr", "Camille", "Martin", Role.TRAINEE, "A10001", "Île-de-France"),
    ("formateur@demo.arbitre.fr", "Julien", "Bernard", Role.TRAINER, "B20002", "Bretagne"),
    ("formatrice@demo.arbitre.fr", "Sophie", "Leroy", Role.TRAINER, "B20003", "Occitanie"),
    ("correcteur@demo.arbitre.fr", "Nadia", "Petit", Role.GRADER, "C30004", "Grand Est"),
    ("correctrice@demo.arbitre.fr", "Léa", "Girard", Role.GRADER, "C30007", "Hauts-de-France"),
    ("examens@demo.arbitre.fr", "Marc", "Dubois", Role.EXAM_STAFF, "D40005", "Auvergne-Rhône-Alpes"),
    ("admin@demo.arbitre.fr", "Claire", "Moreau", Role.ADMINISTRATOR, "E50006", "Normandie"),
]


# The demo accounts whose roles require a second factor get an authenticator with a
# published secret (README, "Demo logins"): add it to an app, or print the current code
# with `python manage.py demo_totp EMAIL`.
DEMO_TOTP_SECRETS = {
    "correcteur@demo.arbitre.fr": "ARBITREDEMOCORRECTEURAAAAAAAAAAA",
    "correctrice@demo.arbitre.fr": "ARBITREDEMOCORRECTRICEAAAAAAAAAA",
    "examens@demo.arbitre.fr": "ARBITREDEMOEXAMENSAAAAAAAAAAAAAA",
    "admin@demo.arbitre.fr": "ARBITREDEMOADMINAAAAAAAAAAAAAAAA",
}
DEMO_DEVICE_NAME = "demo"


def ensure_demo_authenticator(user: User) -> None:
    from base64 import b32decode

    from django_otp.plugins.otp_totp.models import TOTPDevice

    secret = DEMO_TOTP_SECRETS.get(user.email)
    if secret is None or TOTPDevice.objects.filter(user=user, confirmed=True).exists():
        return
    TOTPDevice.objects.create(user=user, name=DEMO_DEVICE_NAME, confirmed=True, key=b32decode(secret).hex())


def load() -> int:
    """Create the demo accounts that are missing; return how many were created."""
    groups = ensure_role_groups()
    created = 0
    for email, first_name, last_name, role, licence, league in DEMO_USERS:
        user, was_created = User.objects.get_or_create(
            email=email,
            defaults={
                "first_name": first_name,
                "last_name": last_name,
                "ffe_licence": licence,
                "league": league,
                "is_staff": role == Role.ADMINISTRATOR,
                "is_superuser": role == Role.ADMINISTRATOR,
            },
        )
        if was_created:
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
            created += 1
        user.groups.add(groups[role])
        ensure_demo_authenticator(user)
    return created
