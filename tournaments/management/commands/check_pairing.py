"""python manage.py check_pairing FILE.trf: checks the file's last round and explains each fault.
Exits 1 when an absolute criterion is broken."""

from __future__ import annotations

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from tournaments.management.commands._trf_file import read_trf
from tournaments.swiss.checker import ABSOLUTE, QUALITY, check_round


class Command(BaseCommand):
    help = "Vérifie l'appariement de la dernière ronde d'un fichier TRF16 et explique chaque faute."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="fichier TRF16")

    def handle(self, *args, **options) -> None:
        tournament = read_trf(options["file"])
        try:
            report = check_round(tournament)
        except ValueError as error:
            raise CommandError(str(error)) from error
        labels = {ABSOLUTE: _("critère absolu"), QUALITY: _("critère de qualité")}
        self.stdout.write(_("Ronde %(round)d") % {"round": report.round})
        for violation in report.violations:
            label = labels.get(violation.severity, _("remarque"))
            self.stdout.write(f"- [{violation.rule}, {label}] {violation.message}")
        if report.engine is not None and not report.same_as_engine:
            pairs = ", ".join(f"{white}-{black}" for white, black in report.engine.pairs)
            byes = ", ".join(str(player) for player in report.engine.byes)
            self.stdout.write(
                _("Le moteur apparie : %(pairs)s") % {"pairs": pairs}
                + (f" ; exempt : {byes}" if byes else "")
            )
        if not report.is_valid:
            raise CommandError(
                _("L'appariement de la ronde %(round)d enfreint un critère absolu.") % {"round": report.round}
            )
        self.stdout.write(_("Aucun critère absolu n'est enfreint."))
