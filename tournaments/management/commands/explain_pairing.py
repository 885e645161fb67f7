"""python manage.py explain_pairing FILE.trf [--round N] [--lang en] [--acceleration haley|degressif|baku]:
the engine's pairing of the round and, step by step, how the Livre's rules reach it, as JSON."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation

from tournaments.management.commands._swiss_options import (
    acceleration,
    add_acceleration,
    add_language,
    add_round,
    round_and_history,
)
from tournaments.management.commands._trf_file import read_trf
from tournaments.swiss.engine import PairingImpossible
from tournaments.swiss.explain import explain_round


class Command(BaseCommand):
    help = "Apparie une ronde d'un tournoi suisse (TRF16) et explique l'appariement pas à pas, en JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="fichier TRF16")
        add_round(parser)
        add_language(parser)
        add_acceleration(parser)

    def handle(self, *args, **options) -> None:
        with translation.override(options["lang"]):
            tournament = read_trf(options["file"])
            number, history = round_and_history(tournament, options["round"])
            virtual = acceleration(tournament, number, options["acceleration"])
            try:
                explanation = explain_round(history, round_number=number, virtual=virtual)
            except PairingImpossible as error:
                raise CommandError(str(error)) from error
            self.stdout.write(json.dumps(explanation.as_json(options["lang"]), ensure_ascii=False))
