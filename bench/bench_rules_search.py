"""p95 latency of rules.search.search over the whole loaded rulebook (target: < 20 ms).

Loads rules/data first (idempotent, usually a no-op), then runs a set of queries an arbiter
would type, in French and in English, including article numbers, accented words and the
common names of rules ("threefold", "zeitnot"). Also measures ``rules.answers.search_page``,
all the search page computes (best answers, the places a number names, the other
language's hits when this one has none), under ``page``.
"""

from __future__ import annotations

from io import StringIO

from common import setup, summarise_ms, timings_ms, write_result

QUERIES = [
    ("fr", "adoube"),
    ("fr", "j'adoube"),
    ("fr", "pièce touchée"),
    ("fr", "position morte"),
    ("fr", "nulle par répétition"),
    ("fr", "triple répétition"),
    ("fr", "téléphone portable"),
    ("fr", "drapeau tombé"),
    ("fr", "roque"),
    ("fr", "promotion du pion"),
    ("fr", "prise en passant"),
    ("fr", "coup illégal"),
    ("fr", "forfait retard"),
    ("fr", "pendule"),
    ("fr", "cinquante coups"),
    ("fr", "75 coups"),
    ("fr", "proposition de nulle"),
    ("fr", "feuille de partie"),
    ("fr", "arbitre"),
    ("fr", "examen UVR"),
    ("fr", "9.2.2"),
    ("fr", "A.4"),
    ("en", "touch move"),
    ("en", "dead position"),
    ("en", "mobile phone"),
    ("en", "threefold repetition"),
    ("en", "castling"),
    ("en", "illegal move"),
    ("en", "flag"),
    ("en", "draw offer"),
    ("fr", "threefold"),
    ("fr", "zeitnot"),
    ("fr", "6.9"),
    ("fr", "C.04.1"),
]
ROUNDS = 20


def main() -> None:
    setup()
    from django.core.management import call_command

    from rules.answers import search_page
    from rules.models import SearchDocument
    from rules.search import search

    call_command("load_rulebook", stdout=StringIO())
    documents = SearchDocument.objects.count()

    per_query: dict[str, dict] = {}
    samples: list[float] = []
    for language, query in QUERIES:
        times = timings_ms(lambda q=query, lang=language: search(q, language=lang), repeat=ROUNDS)
        samples.extend(times)
        per_query[f"{language}:{query}"] = {
            "p95_ms": summarise_ms(times)["p95_ms"],
            "hits": len(search(query, language=language)),
        }
    summary = summarise_ms(samples)
    page_samples: list[float] = []
    for language, query in QUERIES:
        page_samples.extend(
            timings_ms(
                lambda q=query, lang=language: search_page(q, language=lang, edition=None), repeat=ROUNDS
            )
        )
    page_summary = summarise_ms(page_samples)
    figures = {
        "documents_indexed": documents,
        "queries": len(QUERIES),
        "rounds": ROUNDS,
        "target_p95_ms": 20,
        "overall": summary,
        "page": page_summary,
        "per_query": per_query,
    }
    verdict = "OK" if summary["p95_ms"] < 20 else "ABOVE TARGET"
    write_result(
        "rules_search",
        figures,
        f"p95 {summary['p95_ms']} ms over {len(samples)} searches of {documents} documents ({verdict}); "
        f"whole search page p95 {page_summary['p95_ms']} ms",
    )


if __name__ == "__main__":
    main()
