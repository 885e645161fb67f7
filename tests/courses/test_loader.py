import json

import pytest
from django.core.management import CommandError, call_command

from courses.content import CourseFormatError
from courses.folder import course_files, read_course, read_folder
from courses.models import Course, Lesson
from tests.courses.conftest import COURSE_JSON, DRAW_FR, TOUCH_EN, TOUCH_FR, write_course

pytestmark = pytest.mark.django_db


def load(folder):
    call_command("load_courses", data_dir=str(folder.parent))


def problems_for(tmp_path, *, course=None, lessons=None) -> list[str]:
    folder = write_course(tmp_path / "data", course=course, lessons=lessons)
    with pytest.raises(CourseFormatError) as caught:
        read_course(read_folder(folder), folder="SC")
    return [str(problem) for problem in caught.value.problems]


def test_it_loads_a_good_course_with_its_modules_lessons_and_planned_outline(
    course_folder, practice_questions
):
    load(course_folder)
    course = Course.objects.get(code="SC")
    assert [m.slug for m in course.modules.order_by("order")] == ["lois-bases", "pendule"]
    assert [(lesson.slug, lesson.planned) for lesson in course.ordered_lessons()] == [
        ("toucher-jouer", False),
        ("nulle", False),
        ("chute-du-drapeau", True),
    ]


def test_it_keeps_the_english_text_and_the_front_matter(course_folder, practice_questions):
    load(course_folder)
    lesson = Lesson.objects.get(slug="toucher-jouer")
    assert (lesson.title_en, lesson.minutes, lesson.articles) == ("Touch-move", 20, ["2018:4.1", "2018:4.3"])
    assert lesson.body_en.startswith("A player who")


def test_it_builds_one_locked_practice_paper_per_lesson(course_folder, practice_questions):
    load(course_folder)
    paper = Lesson.objects.get(slug="toucher-jouer").practice_paper
    assert paper.is_locked and paper.purpose == "practice"
    assert [item.version.question.uid for item in paper.items.order_by("position")] == [
        "sc-test-touch-1",
        "sc-test-touch-2",
        "sc-test-touch-3",
    ]


def test_a_second_run_changes_nothing(course_folder, practice_questions, capsys):
    load(course_folder)
    before = {lesson.pk: (lesson.updated_at, lesson.practice_paper_id) for lesson in Lesson.objects.all()}
    load(course_folder)
    after = {lesson.pk: (lesson.updated_at, lesson.practice_paper_id) for lesson in Lesson.objects.all()}
    assert before == after
    assert "unchanged" in capsys.readouterr().out


def test_a_changed_file_updates_the_lesson_and_a_removed_one_is_deleted(
    tmp_path, course_folder, practice_questions
):
    load(course_folder)
    course = json.loads(json.dumps(COURSE_JSON))
    course["modules"][0]["lessons"] = ["toucher-jouer"]
    write_course(tmp_path / "data", course=course, lessons={})
    (course_folder / "lessons" / "nulle.fr.md").unlink()
    (course_folder / "lessons" / "toucher-jouer.fr.md").write_text(
        TOUCH_FR.replace("20 ", "25 "), encoding="utf-8"
    )
    load(course_folder)
    assert list(Lesson.objects.filter(planned=False).values_list("slug", "minutes")) == [
        ("toucher-jouer", 25)
    ]


def test_the_command_reports_problems_and_loads_nothing(tmp_path, practice_questions, capsys):
    folder = write_course(
        tmp_path / "data",
        lessons={
            "toucher-jouer.fr.md": TOUCH_FR.replace("2018:4.3\n", "2018:99.9\n"),
            "nulle.fr.md": DRAW_FR,
        },
    )
    with pytest.raises(CommandError):
        load(folder)
    assert "SC/lessons/toucher-jouer.fr.md:4 : articles : 2018:99.9" in capsys.readouterr().err
    assert not Course.objects.exists()


def test_it_reports_invalid_json_with_its_line(tmp_path):
    folder = write_course(tmp_path / "data")
    (folder / "course.json").write_text('{\n  "code": "SC",\n  oops\n}', encoding="utf-8")
    with pytest.raises(CourseFormatError) as caught:
        read_course(read_folder(folder), folder="SC")
    assert str(caught.value.problems[0]).startswith("SC/course.json:3 : JSON invalide")


def test_it_reports_a_wrong_stage_an_unknown_unit_and_a_bad_slug(tmp_path, practice_questions):
    course = {
        **COURSE_JSON,
        "stage": "XX",
        "units": ["UVZ"],
        "modules": [{"slug": "Mauvais Slug", "title": {"fr": "x"}, "lessons": []}, *COURSE_JSON["modules"]],
    }
    problems = " | ".join(problems_for(tmp_path, course=course))
    assert (
        "stage « XX »" in problems
        and "units :" in problems
        and "identifiant « Mauvais Slug » invalide" in problems
    )


def test_it_reports_a_listed_lesson_without_its_file_and_a_file_not_listed(tmp_path, practice_questions):
    problems = problems_for(tmp_path, lessons={"toucher-jouer.fr.md": TOUCH_FR, "orpheline.fr.md": DRAW_FR})
    assert any(
        "la leçon « nulle » n'a pas de fichier lessons/nulle.fr.md" in p and "course.json:" in p
        for p in problems
    )
    assert any(p.startswith("SC/lessons/orpheline.fr.md : leçon absente de course.json") for p in problems)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (('fen="4k3/8', 'fen="rnbqkbnrr'), "toucher-jouer.fr.md:11 : ::: diagram — FEN invalide"),
        (("3. Bb5", "3. Bb6"), "toucher-jouer.fr.md:13 : ::: replay — coups invalides"),
        (('arrows="e2e4"', 'arrows="e2-e4"'), "toucher-jouer.fr.md:11 : ::: diagram — flèche « e2-e4 »"),
        (("::: replay", "::: video"), "toucher-jouer.fr.md:13 : directive inconnue « ::: video »"),
        (("[[2018:4.3]]", "[[2018:77]]"), "toucher-jouer.fr.md:8 : renvoi [[2018:77]]"),
        (
            ("[[2018:4.3]]", "[[3000:4.3]]"),
            "toucher-jouer.fr.md:8 : renvoi [[3000:4.3]] : l'édition « 3000 »",
        ),
        (("**touche**", "<script>alert(1)</script>"), "toucher-jouer.fr.md:8 : balise HTML « <script> »"),
        (("minutes: 20", "minutes: vingt"), "toucher-jouer.fr.md:3 : minutes"),
        (("title: Le toucher-jouer\n", "titre: x\n"), "toucher-jouer.fr.md:2 : clé inconnue « titre »"),
        (
            ("sc-test-touch-3", "sc-test-unknown"),
            "toucher-jouer.fr.md:5 : practice : sc-test-unknown — aucune question",
        ),
        (
            ("sc-test-touch-2, sc-test-touch-3", ""),
            "toucher-jouer.fr.md:5 : practice : de 3 à 6 questions, pas 1",
        ),
        (("\n:::\n", "\n"), "toucher-jouer.fr.md:15 : mise en situation jamais fermée"),
    ],
)
def test_it_reports_each_kind_of_lesson_error_with_file_and_line(
    tmp_path, practice_questions, change, expected
):
    lessons = {"toucher-jouer.fr.md": TOUCH_FR.replace(*change), "nulle.fr.md": DRAW_FR}
    problems = problems_for(tmp_path, lessons=lessons)
    assert any(expected in problem for problem in problems), problems


def test_it_refuses_an_unpublished_practice_question(tmp_path, trainer):
    from questions import services
    from tests.questions import core_samples

    for uid in ("sc-test-touch-1", "sc-test-touch-2", "sc-test-touch-3"):
        services.create_question(author=trainer, content=core_samples.single(), uid=uid)
    problems = problems_for(tmp_path)
    assert any("sc-test-touch-1 — cette question n'est pas publiée" in p for p in problems)


def test_english_articles_must_match_the_french_ones(tmp_path, practice_questions):
    lessons = {
        "toucher-jouer.fr.md": TOUCH_FR,
        "nulle.fr.md": DRAW_FR,
        "toucher-jouer.en.md": TOUCH_EN.replace("2018:4.1, ", ""),
    }
    problems = problems_for(tmp_path, lessons=lessons)
    assert "SC/lessons/toucher-jouer.en.md : articles différents de la version française." in problems


def test_the_export_reads_back_as_the_same_course(course):
    data = read_course(course_files(course), folder="SC")
    assert [lesson.slug for lesson in data.lessons()] == ["toucher-jouer", "nulle", "chute-du-drapeau"]
    assert data.lessons()[0].body_fr == Lesson.objects.get(slug="toucher-jouer").body_fr


def test_a_course_with_problems_does_not_stop_the_valid_ones(
    tmp_path, course_folder, practice_questions, capsys
):
    broken = tmp_path / "data" / "SO"
    (broken / "lessons").mkdir(parents=True)
    (broken / "course.json").write_text('{"code": "SO"}', encoding="utf-8")
    with pytest.raises(CommandError):
        load(course_folder)
    assert Course.objects.filter(code="SC").exists() and not Course.objects.filter(code="SO").exists()
    assert "Course SO not loaded" in capsys.readouterr().err


def test_a_replay_may_show_an_illegal_move_for_a_lesson_on_article_7(tmp_path, practice_questions):
    lesson = TOUCH_FR.replace('pgn="1. e4 e5 2. Nf3 Nc6 3. Bb5"', 'pgn="1. e4 e5 2. Ke3"')
    folder = write_course(tmp_path / "data", lessons={"toucher-jouer.fr.md": lesson, "nulle.fr.md": DRAW_FR})
    assert read_course(read_folder(folder), folder="SC").lessons()[0].body_fr


def test_lesson_practice_papers_are_not_listed_on_my_papers(course_folder, practice_questions, trainee):
    from django.urls import reverse

    from tests.conftest import client_for

    load(course_folder)
    paper = Lesson.objects.get(slug="toucher-jouer").practice_paper
    page = client_for(trainee).get(reverse("delivery:papers")).content.decode()
    assert reverse("delivery:start", args=[paper.pk]) not in page
