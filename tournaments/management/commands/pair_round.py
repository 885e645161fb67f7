"""python manage.py pair_round FILE.trf [--acceleration haley|degressif|baku]: the next round's
pairings as JSON (accelerated pairings: Livre 4.2, see tournaments/swiss/acceleration.py)."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from tournaments.management.commands._swiss_options import acceleration, add_acceleration
from tournaments.management.commands._trf_file import read_trf
from tournaments.swiss.engine import PairingImpossible, pair_round, rounds_paired


class Command(BaseCommand):
    help = "Apparie la ronde suivante d'un tournoi suisse (fichier TRF16) et l'affiche en JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="fichier TRF16")
        add_acceleration(parser)

    def handle(self, *args, **options) -> None:
        tournament = read_trf(options["file"])
        try:
            virtual = acceleration(tournament, rounds_paired(tournament) + 1, options["acceleration"])
            pairing = pair_round(tournament, virtual=virtual)
        except PairingImpossible as error:
            raise CommandError(str(error)) from error
        self.stdout.write(json.dumps(pairing.as_json()))
