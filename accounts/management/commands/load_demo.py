"""Creates one demo account per role. Running it again changes nothing."""

from __future__ import annotations

from django.core.management.base import BaseCommand

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


class Command(BaseCommand):
    help = "Create the demo accounts, one per role (idempotent)."

    def handle(self, *args, **options) -> None:
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
        self.stdout.write(f"Demo accounts: {created} created, {len(DEMO_USERS) - created} already present.")
        from exams import demo as exams_demo

        exam_data = exams_demo.load()
        self.stdout.write(f"Exam demo data: {', '.join(exam_data) if exam_data else 'already present'}.")

        from grading import demo as grading_demo

        grading_data = grading_demo.load()
        self.stdout.write(f"Grading demo data: {', '.join(grading_data) if grading_data else 'nothing new'}.")
        # After the exam papers: the practice paper leaves out the questions they reserve.
        # The practice paper needs the bank: `make data` runs this again after load_questions.
        from delivery.demo import ensure_demo_practice_paper

        author = User.objects.filter(email="formateur@demo.arbitre.fr").first()
        paper = ensure_demo_practice_paper(author=author)
        if paper is None:
            self.stdout.write("Demo practice paper: not yet (load_questions first, then load_demo again).")
        else:
            self.stdout.write(f"Demo practice paper: {paper.title} (/delivery/papers/).")
        from delivery.demo import ensure_demo_pairing_paper

        pairing_paper = ensure_demo_pairing_paper(author=author)
        if pairing_paper is not None:
            self.stdout.write(f"Demo pairing practice set: {pairing_paper.title} (/delivery/papers/).")
        from practice import demo as practice_demo

        practice_data = practice_demo.load()
        practice_made = ", ".join(practice_data) if practice_data else "nothing new"
        self.stdout.write(f"Practice demo data: {practice_made}.")
        from courses import demo as courses_demo

        course_data = courses_demo.load()
        course_summary = ", ".join(course_data) if course_data else "nothing new (or SC not loaded)"
        self.stdout.write(f"Course demo data: {course_summary}.")
        from certificates import demo as certificates_demo

        certificate_data = certificates_demo.load()
        self.stdout.write(
            "Demo certificates (try /verify/ and manage.py verify_certificate FILE): "
            + ("; ".join(certificate_data) if certificate_data else "already present")
            + "."
        )
