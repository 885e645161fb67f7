import pytest
from django.core.management import call_command

from courses import demo
from courses.models import Cohort, LessonProgress
from tests.conftest import make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def demo_people(db):
    return make_user(demo.TRAINEE, "trainee"), make_user(demo.TRAINER, "trainer")


def test_without_the_sc_course_the_demo_adds_nothing(demo_people):
    assert demo.load() == [] and not Cohort.objects.exists()


def test_the_demo_trainee_joins_the_lyon_cohort_with_lessons_done_once(course, demo_people):
    trainee, trainer = demo_people
    assert demo.load()
    assert demo.load() == []
    cohort = Cohort.objects.get(name="Stage SC Lyon, mars")
    assert list(cohort.trainers.all()) == [trainer] and cohort.enrolments.get().trainee == trainee
    assert LessonProgress.objects.filter(trainee=trainee, completed_at__isnull=False).count() == 2


def test_load_demo_calls_the_courses_demo(course, capsys):
    call_command("load_demo")
    assert "Course demo data:" in capsys.readouterr().out
    assert Cohort.objects.filter(name="Stage SC Lyon, mars").exists()
