import pytest

from questions import services
from questions.models import FrozenVersionError, Question, QuestionVersion, Status
from tests.questions import core_samples as samples


@pytest.fixture
def published(trainer, other_trainer) -> Question:
    question = services.create_question(author=trainer, content=samples.single(), uid="uvr-q")
    services.submit_for_review(question=question, user=trainer)
    services.approve(question=question, reviewer=other_trainer)
    question.refresh_from_db()
    return question


def test_a_version_gives_back_its_content_in_the_bank_format(published):
    content = published.current_version.content()
    assert (content["type"], content["points"], content["citations"]) == (
        "single", 1, [{"edition": "2018", "article": "4.3.1"}])


def test_the_content_hash_changes_with_the_content(published, trainer):
    draft = services.save_draft(question=published, user=trainer, content=samples.single(difficulty=3))
    assert draft.content_hash != published.current_version.content_hash


def test_an_old_published_version_cannot_be_deleted_in_bulk(published, trainer, other_trainer):
    services.save_draft(question=published, user=trainer, content=samples.single(difficulty=3))
    services.submit_for_review(question=published, user=trainer)
    services.approve(question=published, reviewer=other_trainer)
    with pytest.raises(FrozenVersionError):
        QuestionVersion.objects.filter(number=1).delete()


def test_a_question_with_a_published_version_cannot_be_deleted(published):
    from django.db.models import ProtectedError

    with pytest.raises((FrozenVersionError, ProtectedError)):
        published.delete()


def test_a_draft_question_can_be_deleted(trainer):
    question = services.create_question(author=trainer, content=samples.single())
    question.delete()
    assert not QuestionVersion.objects.exists()


def test_the_queryset_filters_by_unit_tag_status_and_text(published):
    assert list(Question.objects.for_unit("UVR").with_tag("pièce touchée").with_status(Status.PUBLISHED)
                .search("cavalier")) == [published]


def test_the_queryset_does_not_confuse_units(published):
    assert not Question.objects.for_unit("UVC").exists()


def test_stem_falls_back_to_french(trainer):
    question = services.create_question(author=trainer, content=samples.numeric())
    assert question.draft.stem("en") == question.draft.stem_fr


def test_citations_resolve_to_articles_once_the_rulebook_is_loaded(published):
    from rules.models import Article, Edition

    edition = Edition.objects.create(slug="2018", year=2018, title_fr="Règles", title_en="Laws")
    article = Article.objects.create(edition=edition, number="4.3.1", kind="paragraph")
    citations = published.current_version.resolved_citations()
    assert citations == [({"edition": "2018", "article": "4.3.1"}, article)]


def test_citations_resolve_to_nothing_before_the_rulebook_is_loaded(published):
    assert published.current_version.resolved_citations()[0][1] is None


def test_the_uid_must_be_lowercase_ascii(trainer):
    from django.core.exceptions import ValidationError

    with pytest.raises(ValidationError):
        services.create_question(author=trainer, content=samples.single(), uid="UVR Question")


def test_a_reserved_uid_is_refused(trainer):
    from questions.content import ContentError

    with pytest.raises(ContentError):
        services.create_question(author=trainer, content=samples.single(), uid="new")


@pytest.mark.parametrize("url", ["/admin/questions/question/", "/admin/questions/questionversion/",
                                 "/admin/questions/statuschange/", "/admin/questions/reviewcomment/"])
def test_the_admin_lists_the_bank(published, url):
    from accounts.models import User
    from tests.conftest import client_for

    admin = User.objects.create_superuser(email="root@example.org", password="x")
    assert client_for(admin).get(url).status_code == 200


def test_the_admin_shows_a_question(published):
    from accounts.models import User
    from tests.conftest import client_for

    admin = User.objects.create_superuser(email="root@example.org", password="x")
    response = client_for(admin).get(f"/admin/questions/question/{published.pk}/change/")
    assert response.status_code == 200
