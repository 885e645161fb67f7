"""Check a certificate's PDF: signature, printed text, integrity and current status.

    python manage.py verify_certificate certificat.pdf
    python manage.py verify_certificate certificat.pdf --offline --public-key ffe-dna.pem

Exit status 0 for a genuine certificate (whatever its status), 1 otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from certificates import signing, verification


class Command(BaseCommand):
    help = "Check a certificate PDF: signature, integrity and current status."

    def add_arguments(self, parser) -> None:
        parser.add_argument("file", type=Path)
        parser.add_argument(
            "--offline", action="store_true", help="Do not consult the register (status unknown)."
        )
        parser.add_argument(
            "--public-key",
            type=Path,
            help="The federation's public key (PEM), e.g. downloaded "
            "from /verify/public-key.pem; by default the key this server signs with.",
        )
        parser.add_argument("--json", action="store_true", help="Print the report as JSON.")

    def handle(self, *args, **options) -> None:
        try:
            data = options["file"].read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {options['file']}: {error.strerror}") from error
        key = None
        if options["public_key"]:
            try:
                key = signing.load_public_key(options["public_key"].read_bytes())
            except (OSError, ValueError) as error:
                raise CommandError(f"Not an Ed25519 public key: {options['public_key']}") from error
        report = verification.verify_pdf(data, offline=options["offline"], public_key=key)
        if options["json"]:
            self.stdout.write(
                json.dumps(
                    {
                        "outcome": report.outcome,
                        "signature_valid": report.signature_valid,
                        "text_matches": report.text_matches,
                        "identical_to_issued": report.identical_to_issued,
                        "statement": report.statement,
                        "problems": report.problems,
                    },
                    ensure_ascii=False,
                    indent=2,
                )
            )
        else:
            self.stdout.write(f"{report.outcome}: {report.label}")
            if report.statement:
                facts = report.statement
                self.stdout.write(f"  code: {facts.get('code')} (version {facts.get('version')})")
                self.stdout.write(f"  holder: {facts.get('holder')}")
                self.stdout.write(
                    f"  awarded: {facts.get('awarded', {}).get('fr')} / {facts.get('awarded', {}).get('en')}"
                )
                self.stdout.write(f"  date: {facts.get('date')}  issued on: {facts.get('issued_on')}")
            for problem in report.problems:
                self.stdout.write(f"  ! {problem}")
        if not report.genuine:
            raise SystemExit(1)
