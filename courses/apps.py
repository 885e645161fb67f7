from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


def on_articles_changed(sender, *, edition: str, previous_edition: str = "", numbers=(), **kwargs) -> None:
    from courses.services import flag_lessons_citing

    flag_lessons_citing(
        edition=edition, previous_edition=previous_edition or "", numbers=[str(number) for number in numbers]
    )


class CoursesConfig(AppConfig):
    name = "courses"
    verbose_name = _("Formations")

    def ready(self) -> None:
        from rules.signals import articles_changed

        articles_changed.connect(on_articles_changed, dispatch_uid="courses.flag_lessons_citing")
