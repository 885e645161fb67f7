"""python manage.py grade_pairing FILE.trf ANSWER.json [--round N] [--lang en]: grades a proposed
round ({"pairs": [[white, black], …], "byes": […]}) against the engine's, as JSON
{"marks", "out_of", "faults"}. --scale prints the scale instead."""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import translation
from django.utils.translation import gettext as _

from tournaments.management.commands._swiss_options import (
    acceleration,
    add_acceleration,
    add_language,
    add_round,
    round_and_history,
)
from tournaments.management.commands._trf_file import read_trf
from tournaments.swiss.engine import PairingImpossible
from tournaments.swiss.grading import AnswerError, Scale, grade_round, parse_answer

MAX_ANSWER_BYTES = 64 * 1024


class Command(BaseCommand):
    help = "Note un appariement proposé (JSON) par rapport à celui du moteur, en JSON."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", help="fichier TRF16")
        parser.add_argument(
            "answer", nargs="?", help='réponse JSON {"pairs": [[blancs, noirs], …], "byes": […]}'
        )
        parser.add_argument("--scale", action="store_true", help="affiche le barème")
        add_round(parser)
        add_language(parser)
        add_acceleration(parser)

    def handle(self, *args, **options) -> None:
        with translation.override(options["lang"]):
            if options["scale"]:
                self.stdout.write("\n".join(Scale().describe()))
                return
            if not options["answer"]:
                raise CommandError(_("il faut un fichier de réponse JSON."))
            tournament = read_trf(options["file"])
            number, history = round_and_history(tournament, options["round"])
            try:
                answer = parse_answer(_read_json(options["answer"]), number)
                virtual = acceleration(tournament, number, options["acceleration"])
                grade = grade_round(history, answer, virtual=virtual)
            except (AnswerError, PairingImpossible) as error:
                raise CommandError(str(error)) from error
            self.stdout.write(json.dumps(grade.as_json(), ensure_ascii=False))


def _read_json(path: str) -> object:
    file = Path(path)
    try:
        if file.stat().st_size > MAX_ANSWER_BYTES:
            raise CommandError(_("%(path)s : la réponse est trop longue.") % {"path": path})
        return json.loads(file.read_text(encoding="utf-8"))
    except OSError as error:
        raise CommandError(
            _("%(path)s : lecture impossible (%(error)s).") % {"path": path, "error": error.strerror}
        ) from error
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        raise CommandError(_("%(path)s : ce n'est pas du JSON valide.") % {"path": path}) from error
