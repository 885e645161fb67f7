"""python manage.py pair_round FILE.trf: the next round's pairings as JSON."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.commands._trf_file import read_trf
from tournaments.swiss.engine import PairingImpossible, pair_round


class Command(BaseCommand):
    help = "Apparie la ronde suivante d'un tournoi suisse (fichier TRF16) et l'affiche en JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="fichier TRF16")

    def handle(self, *args, **options) -> None:
        tournament = read_trf(options["file"])
        try:
            pairing = pair_round(tournament)
        except PairingImpossible as error:
            raise CommandError(str(error)) from error
        self.stdout.write(json.dumps(pairing.as_json()))
