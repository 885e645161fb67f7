import io
import zipfile

import pytest

from courses.models import Course, Lesson, Module
from courses.transfer import MAX_MEMBER_BYTES, export_zip, read_zip
from rules.signals import articles_changed
from tests.conftest import client_for

pytestmark = pytest.mark.django_db

PAGES = [
    "/courses/rediger/nouvelle/",
    "/courses/rediger/importer/",
    "/courses/rediger/SC/",
    "/courses/rediger/SC/modifier/",
    "/courses/rediger/SC/lecons/nouvelle/",
    "/courses/rediger/SC/lecons/toucher-jouer/",
    "/courses/rediger/SC/export.zip",
    "/courses/rediger/SC/modules/lois-bases/",
]


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize("role", ["trainer", "exam_staff", "administrator"])
def test_trainers_and_staff_open_the_authoring_pages(course, request, role, url):
    assert client_for(request.getfixturevalue(role)).get(url).status_code == 200


@pytest.mark.parametrize("url", PAGES)
@pytest.mark.parametrize("role", ["trainee", "grader", "stranger"])
def test_people_who_do_not_author_are_refused(course, request, role, url):
    assert client_for(request.getfixturevalue(role)).get(url).status_code == 403


@pytest.mark.parametrize("url", PAGES)
def test_anonymous_visitors_must_log_in(course, url):
    assert client_for(None).get(url).status_code == 302


@pytest.mark.parametrize(
    "url",
    [
        "/courses/rediger/SC/apercu/",
        "/courses/rediger/SC/module/lois-bases/down/",
        "/courses/rediger/SC/lecons/toucher-jouer/verifiee/",
    ],
)
def test_actions_refuse_get(course, trainer, url):
    assert client_for(trainer).get(url).status_code == 405


def test_a_trainer_creates_a_course(trainer):
    response = client_for(trainer).post(
        "/courses/rediger/nouvelle/",
        {
            "code": "SO",
            "stage": "SO",
            "units": ["UVO", "UVT"],
            "hours": "16",
            "title_fr": "Stage d'arbitre open",
        },
    )
    assert response["Location"] == "/courses/rediger/SO/"
    assert Course.objects.get(code="SO").units == ["UVO", "UVT"]


def test_a_course_without_title_is_refused_with_422(trainer):
    response = client_for(trainer).post(
        "/courses/rediger/nouvelle/", {"code": "SO", "stage": "SO", "hours": "16"}
    )
    assert response.status_code == 422


def test_a_trainer_adds_a_module(course, trainer):
    client_for(trainer).post("/courses/rediger/SC/", {"slug": "pieces", "title_fr": "Les pièces"})
    assert Module.objects.get(slug="pieces").order == 3


def lesson_post(**changes):
    data = {
        "module": Module.objects.get(slug="lois-bases").pk,
        "slug": "roque",
        "title_fr": "Le roque",
        "minutes": "10",
        "body_fr": 'Le roque ([[2018:3.8.2]]).\n\n::: diagram fen="4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"\n',
        "articles_text": "2018:3.8.2",
        "practice_text": "sc-test-touch-1, sc-test-touch-2, sc-test-touch-3",
    }
    data.update(changes)
    return data


def test_a_trainer_writes_a_lesson_with_a_practice_set(course, trainer):
    response = client_for(trainer).post("/courses/rediger/SC/lecons/nouvelle/", lesson_post())
    lesson = Lesson.objects.get(slug="roque")
    assert response["Location"] == "/courses/rediger/SC/lecons/roque/"
    assert lesson.articles == ["2018:3.8.2"] and lesson.practice_paper.items.count() == 3


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"body_fr": '::: diagram fen="x"\n'}, "ligne 1 : ::: diagram — FEN invalide"),
        ({"articles_text": "2018:99"}, "2018:99 : L&#x27;édition 2018 n&#x27;a pas d&#x27;article"),
        ({"practice_text": "nope-1, nope-2, nope-3"}, "nope-1 : aucune question"),
        ({"slug": "nulle"}, "déjà cet identifiant"),
    ],
)
def test_an_invalid_lesson_is_refused_with_a_precise_message(course, trainer, change, message):
    response = client_for(trainer).post("/courses/rediger/SC/lecons/nouvelle/", lesson_post(**change))
    assert response.status_code == 422 and message in response.content.decode()


def test_the_live_preview_renders_the_lesson_safely(course, trainer):
    response = client_for(trainer).post(
        "/courses/rediger/SC/apercu/", {"body_fr": "**Gras** <script>x</script>"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert "<strong>Gras</strong>" in html and "<script>" not in html


def test_the_lesson_editor_offers_the_board_editor_and_the_article_picker(course, trainer):
    html = client_for(trainer).get("/courses/rediger/SC/lecons/toucher-jouer/").content.decode()
    assert "data-board-editor" in html and "/questions/" in html and 'id="article-query"' in html


def test_reordering_moves_a_lesson_down(course, trainer):
    client_for(trainer).post("/courses/rediger/SC/lesson/toucher-jouer/down/")
    assert [lesson.slug for lesson in course.ordered_lessons()][:2] == ["nulle", "toucher-jouer"]


def test_a_new_edition_changing_a_taught_article_flags_the_lesson_for_trainers_only(course, trainer, trainee):
    articles_changed.send(sender=None, edition="2023", previous_edition="2018", numbers=["4.3"])
    lesson = Lesson.objects.get(slug="toucher-jouer")
    assert lesson.needs_review and "4.3" in lesson.review_reason
    assert not Lesson.objects.get(slug="nulle").needs_review
    assert "data-lesson-flag" in client_for(trainer).get("/courses/SC/toucher-jouer/").content.decode()
    assert "data-lesson-flag" not in client_for(trainee).get("/courses/SC/toucher-jouer/").content.decode()


def test_a_trainer_clears_the_flag(course, trainer):
    Lesson.objects.filter(slug="toucher-jouer").update(needs_review=True, review_reason="x")
    client_for(trainer).post("/courses/rediger/SC/lecons/toucher-jouer/verifiee/")
    assert not Lesson.objects.get(slug="toucher-jouer").needs_review


def test_export_then_import_gives_back_the_same_course(course, trainer):
    archive = client_for(trainer).get("/courses/rediger/SC/export.zip").content
    before = list(
        Lesson.objects.order_by("slug").values_list(
            "slug", "title_fr", "title_en", "body_fr", "body_en", "articles", "practice", "planned", "minutes"
        )
    )
    Course.objects.all().delete()
    response = client_for(trainer).post("/courses/rediger/importer/", {"archive": _upload(archive)})
    assert response.status_code == 302
    after = list(
        Lesson.objects.order_by("slug").values_list(
            "slug", "title_fr", "title_en", "body_fr", "body_en", "articles", "practice", "planned", "minutes"
        )
    )
    assert after == before and export_zip(Course.objects.get(code="SC")) == archive


def _upload(data: bytes, name: str = "SC.zip"):
    from django.core.files.uploadedfile import SimpleUploadedFile

    return SimpleUploadedFile(name, data, content_type="application/zip")


def _zip(entries: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        ({"../SC/course.json": b"{}"}, "chemin refusé"),
        ({"/etc/passwd": b"x"}, "chemin refusé"),
        ({"SC/lessons/../../x.fr.md": b"x"}, "chemin refusé"),
        ({"SC/course.json": b"\0" * (MAX_MEMBER_BYTES + 1)}, "trop gros une fois décompressé"),
        ({"SC/course.json": b"\xff\xfe"}, "pas en UTF-8"),
        ({"SC/course.json": b"{}", "SO/course.json": b"{}"}, "une seule formation"),
    ],
)
def test_a_hostile_archive_is_refused_before_anything_is_read(entries, message):
    from courses.content import CourseFormatError

    with pytest.raises(CourseFormatError) as caught:
        read_zip(_zip(entries))
    assert message in str(caught.value)


def test_an_import_with_one_bad_lesson_changes_nothing_and_says_where(course, trainer):
    archive = zipfile.ZipFile(io.BytesIO(export_zip(course)))
    entries = {name: archive.read(name) for name in archive.namelist()}
    entries["SC/lessons/nulle.fr.md"] = entries["SC/lessons/nulle.fr.md"].replace(b"9.2.1", b"99.9")
    entries["SC/lessons/toucher-jouer.fr.md"] = entries["SC/lessons/toucher-jouer.fr.md"].replace(
        b"20", b"25"
    )
    response = client_for(trainer).post("/courses/rediger/importer/", {"archive": _upload(_zip(entries))})
    assert response.status_code == 422 and "SC/lessons/nulle.fr.md:4" in response.content.decode()
    assert Lesson.objects.get(slug="toucher-jouer").minutes == 20


def test_a_file_that_is_not_a_zip_is_refused(trainer):
    response = client_for(trainer).post("/courses/rediger/importer/", {"archive": _upload(b"hello")})
    assert response.status_code == 422 and "pas un fichier zip" in response.content.decode()


def test_a_trainer_renames_a_module(course, trainer):
    response = client_for(trainer).post(
        "/courses/rediger/SC/modules/lois-bases/", {"slug": "lois-bases", "title_fr": "Les lois de base"}
    )
    assert (
        response.status_code == 302 and Module.objects.get(slug="lois-bases").title_fr == "Les lois de base"
    )


def test_a_module_cannot_take_another_modules_slug(course, trainer):
    response = client_for(trainer).post(
        "/courses/rediger/SC/modules/lois-bases/", {"slug": "pendule", "title_fr": "x"}
    )
    assert response.status_code == 422


def test_the_preview_shows_the_english_text_with_english_letters(course, trainer):
    response = client_for(trainer).post(
        "/courses/rediger/SC/apercu/",
        {"body_fr": "Nf3 en français", "body_en": "Play Nf3", "preview_language": "en"},
    )
    html = response.content.decode()
    assert "Play Nf3" in html and "français" not in html


def test_an_import_that_drops_a_lesson_trainees_opened_is_refused_and_keeps_their_progress(
    course, trainer, trainee
):
    import json

    from courses import services

    lesson = Lesson.objects.get(slug="toucher-jouer")
    services.open_lesson(lesson=lesson, trainee=trainee)
    archive = zipfile.ZipFile(io.BytesIO(export_zip(course)))
    entries = {name: archive.read(name) for name in archive.namelist() if "toucher-jouer" not in name}
    outline = json.loads(entries["SC/course.json"])
    for module in outline["modules"]:
        module["lessons"] = [entry for entry in module["lessons"]
                             if (entry if isinstance(entry, str) else entry["slug"]) != "toucher-jouer"]
    entries["SC/course.json"] = json.dumps(outline).encode()
    response = client_for(trainer).post("/courses/rediger/importer/", {"archive": _upload(_zip(entries))})
    assert response.status_code == 422 and "toucher-jouer" in response.content.decode()
    assert lesson.progress.filter(trainee=trainee).exists()
