"""Loads the demo data of every app, in the order they depend on. Running it again changes nothing."""

from __future__ import annotations

from django.core.management.base import BaseCommand

from accounts import demo as accounts_demo
from accounts.models import User
from certificates import demo as certificates_demo
from courses import demo as courses_demo
from delivery.demo import ensure_demo_pairing_paper, ensure_demo_practice_paper
from exams import demo as exams_demo
from grading import demo as grading_demo
from practice import demo as practice_demo


class Command(BaseCommand):
    help = "Create the demo accounts, one per role, and the demo data of every app (idempotent)."

    def handle(self, *args, **options) -> None:
        created = accounts_demo.load()
        already_present = len(accounts_demo.DEMO_USERS) - created
        self.stdout.write(f"Demo accounts: {created} created, {already_present} already present.")

        exam_data = exams_demo.load()
        self.stdout.write(f"Exam demo data: {', '.join(exam_data) if exam_data else 'already present'}.")

        grading_data = grading_demo.load()
        self.stdout.write(f"Grading demo data: {', '.join(grading_data) if grading_data else 'nothing new'}.")
        # After the exam papers: the practice paper leaves out the questions they reserve.
        # The practice paper needs the bank: `make data` runs this again after load_questions.
        author = User.objects.filter(email="formateur@demo.arbitre.fr").first()
        paper = ensure_demo_practice_paper(author=author)
        if paper is None:
            self.stdout.write("Demo practice paper: not yet (load_questions first, then load_demo again).")
        else:
            self.stdout.write(f"Demo practice paper: {paper.title} (/delivery/papers/).")
        pairing_paper = ensure_demo_pairing_paper(author=author)
        if pairing_paper is not None:
            self.stdout.write(f"Demo pairing practice set: {pairing_paper.title} (/delivery/papers/).")

        practice_data = practice_demo.load()
        practice_made = ", ".join(practice_data) if practice_data else "nothing new"
        self.stdout.write(f"Practice demo data: {practice_made}.")

        course_data = courses_demo.load()
        course_summary = ", ".join(course_data) if course_data else "nothing new (or SC not loaded)"
        self.stdout.write(f"Course demo data: {course_summary}.")

        certificate_data = certificates_demo.load()
        self.stdout.write(
            "Demo certificates (try /verify/ and manage.py verify_certificate FILE): "
            + ("; ".join(certificate_data) if certificate_data else "already present")
            + "."
        )
