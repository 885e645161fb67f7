from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import AbstractUser, BaseUserManager, Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.db.models import Q
from django.urls import reverse
from django.utils.translation import gettext_lazy as _


class Role(models.TextChoices):
    """The groups created by migration; a user's roles are the groups they belong to."""

    TRAINEE = "trainee", _("Stagiaire")
    TRAINER = "trainer", _("Formateur")
    GRADER = "grader", _("Correcteur")
    EXAM_STAFF = "exam_staff", _("Équipe examens (DNA)")
    ADMINISTRATOR = "administrator", _("Administrateur")


class UserManager(BaseUserManager["User"]):
    use_in_migrations = True

    def _create_user(self, email: str, password: str | None, **extra_fields) -> User:
        if not email:
            raise ValueError("An e-mail address is required.")
        user = self.model(email=self.normalize_email(email).lower(), **extra_fields)
        user.set_password(password)
        user.save(using=self._db)
        return user

    def create_user(self, email: str, password: str | None = None, **extra_fields) -> User:
        extra_fields.setdefault("is_staff", False)
        extra_fields.setdefault("is_superuser", False)
        return self._create_user(email, password, **extra_fields)

    def create_superuser(self, email: str, password: str | None = None, **extra_fields) -> User:
        extra_fields.setdefault("is_staff", True)
        extra_fields.setdefault("is_superuser", True)
        return self._create_user(email, password, **extra_fields)

    def get_by_natural_key(self, username: str | None) -> User:
        return self.get(email__iexact=username)


licence_validator = RegexValidator(
    r"^[A-Z]\d{5}$",
    _("Un numéro de licence FFE est une lettre suivie de cinq chiffres, par exemple K12345."),
)


class RatingKind(models.TextChoices):
    """How a French rating was obtained, as the FFE prints it after the number (1850F, 1620N, 1399E)."""

    FIDE = "F", _("FIDE (F)")
    NATIONAL = "N", _("national (N)")
    ESTIMATED = "E", _("estimé (E)")


class User(AbstractUser):
    """A person who uses Arbitre. Logs in with an e-mail address."""

    username = None
    email = models.EmailField(_("adresse e-mail"), unique=True)
    ffe_licence = models.CharField(
        _("numéro de licence FFE"), max_length=6, blank=True, validators=[licence_validator]
    )
    birth_date = models.DateField(_("date de naissance"), null=True, blank=True)
    league = models.CharField(_("ligue / région"), max_length=100, blank=True)
    # RIDNA Art. 7.1: "Posséder un classement Elo (lent ou rapide, national ou F.I.D.E.)".
    elo_standard = models.PositiveSmallIntegerField(
        _("Elo lent"), null=True, blank=True, validators=[MinValueValidator(500), MaxValueValidator(3000)]
    )
    elo_standard_kind = models.CharField(
        _("type de l'Elo lent"), max_length=1, choices=RatingKind.choices, blank=True
    )
    elo_rapid = models.PositiveSmallIntegerField(
        _("Elo rapide"), null=True, blank=True, validators=[MinValueValidator(500), MaxValueValidator(3000)]
    )
    elo_rapid_kind = models.CharField(
        _("type de l'Elo rapide"), max_length=1, choices=RatingKind.choices, blank=True
    )
    preferred_language = models.CharField(
        _("langue préférée"), max_length=5, choices=settings.LANGUAGES, default="fr"
    )

    USERNAME_FIELD = "email"
    REQUIRED_FIELDS: list[str] = []

    objects = UserManager()

    class Meta:
        verbose_name = _("utilisateur")
        verbose_name_plural = _("utilisateurs")
        ordering = ["last_name", "first_name", "email"]
        constraints = [
            # A rating and its kind (F, N or E) go together.
            models.CheckConstraint(
                condition=Q(elo_standard__isnull=True, elo_standard_kind="")
                | (Q(elo_standard__isnull=False) & ~Q(elo_standard_kind="")),
                name="user_elo_standard_with_kind",
            ),
            models.CheckConstraint(
                condition=Q(elo_rapid__isnull=True, elo_rapid_kind="")
                | (Q(elo_rapid__isnull=False) & ~Q(elo_rapid_kind="")),
                name="user_elo_rapid_with_kind",
            ),
        ]
        # Capabilities granted to the role groups (see ROLE_PERMISSIONS below and the
        # migration that creates the groups). Apps check these, never group names.
        permissions = [
            ("practise", _("S'entraîner sur les questions et suivre les formations")),
            ("author_questions", _("Rédiger des questions et des formations")),
            ("review_questions", _("Relire et publier les questions d'autres formateurs")),
            ("grade_copies", _("Corriger des copies anonymes")),
            ("manage_exams", _("Organiser les sessions d'examen et publier les résultats")),
            ("manage_rulebook", _("Charger et corriger les éditions du règlement")),
            ("manage_users", _("Gérer les comptes et les rôles")),
        ]

    def __str__(self) -> str:
        return self.get_full_name() or self.email

    def get_absolute_url(self) -> str:
        return reverse("accounts:profile")

    @property
    def roles(self) -> set[str]:
        """The role slugs this user holds (cached per instance)."""
        if not hasattr(self, "_roles_cache"):
            self._roles_cache = set(self.groups.values_list("name", flat=True)) & set(Role.values)
        return self._roles_cache

    def has_role(self, *roles: str) -> bool:
        if self.is_superuser:
            return True
        return bool(self.roles & set(roles))

    def role_labels(self) -> list[str]:
        return [str(label) for value, label in Role.choices if value in self.roles]


# Which capabilities each role grants. Changing this needs a data migration.
ROLE_PERMISSIONS: dict[str, list[str]] = {
    Role.TRAINEE: ["practise"],
    Role.TRAINER: ["practise", "author_questions", "review_questions"],
    Role.GRADER: ["practise", "grade_copies"],
    Role.EXAM_STAFF: ["practise", "grade_copies", "manage_exams", "manage_rulebook"],
    Role.ADMINISTRATOR: [
        "practise",
        "author_questions",
        "review_questions",
        "grade_copies",
        "manage_exams",
        "manage_rulebook",
        "manage_users",
    ],
}


def ensure_role_groups() -> dict[str, Group]:
    """The role groups with their capabilities, (re)created if missing.

    The 0002 migration creates them; this puts them back after a test flush or a manual
    deletion, so that demo data and fixtures never depend on that history.
    """
    content_type = ContentType.objects.get_for_model(User)
    capabilities = dict(User._meta.permissions)
    groups = {}
    for role, codenames in ROLE_PERMISSIONS.items():
        group, _created = Group.objects.get_or_create(name=role)
        permissions = [
            Permission.objects.get_or_create(
                content_type=content_type, codename=codename, defaults={"name": str(capabilities[codename])}
            )[0]
            for codename in codenames
        ]
        group.permissions.add(*permissions)
        groups[role] = group
    return groups
