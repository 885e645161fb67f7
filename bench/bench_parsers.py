"""Every parser fed about 5 MB of each hostile shape (issue 8): seconds until the answer.

The question files (bank JSON, Moodle XML, GIFT) are posted to the import page and the
rulebook editions to the staff upload page, through Django's test Client and by users created
inside a transaction that is rolled back: the figure is the whole request, parsing,
validation and the rendered 422. FEN and PGN are read directly (their limits are 100
characters and 100 kB: a 5 MB text must be refused at once, and a 100 kB one of each hostile
shape read quickly). Each case records its seconds and the status code or outcome; the goal is
"accepted or refused within a few seconds", linear in the size.
"""

from __future__ import annotations

import json
import time

from common import setup, write_result

SIZE = 5_000_000  # just under the 5 MiB the upload forms accept


class _Rollback(Exception):
    pass


def _repeat(unit: str, size: int = SIZE) -> str:
    return unit * max(1, size // len(unit.encode("utf-8", "surrogatepass")))


def _fill(unit: str, size: int = SIZE - 2000) -> str:
    """``unit`` repeated, separated by commas, to about ``size`` bytes."""
    return ",".join([unit] * max(1, size // (len(unit) + 1)))


def _bank(questions: list | str) -> str:
    if isinstance(questions, str):
        return '{"format": "arbitre-questions", "version": 1, "questions": [' + questions + "]}"
    return json.dumps({"format": "arbitre-questions", "version": 1, "questions": questions})


def _json_question(uid: str, points: str = "1", rubric: str = "", stem: str = "Que faire ?") -> str:
    rubric = rubric or '[{"criterion_fr": "Le critère", "points": ' + points + "}]"
    return (
        '{"uid": "' + uid + '", "type": "open", "units": ["UVC"], "points": ' + points + ", "
        '"stem_fr": "' + stem + '", "body": {"model_answer_fr": "Ceci.", "rubric": ' + rubric + "}}"
    )


def _up_to_size(make, limit: int = 1000) -> list[str]:
    """``make(n, padding)`` for n = 0…: as many as fit in SIZE (at most ``limit``), padded so
    that the file is about SIZE bytes."""
    length = len(make(0, ""))
    count = max(1, min(limit, SIZE // length))
    padding = "x" * max(0, SIZE // count - length - 10)
    return [make(n, padding) for n in range(count)]


def json_cases() -> dict[str, str]:
    def many(points: str = "1", rubric: str = "", limit: int = 1000) -> str:
        return _bank(
            ",".join(
                _up_to_size(
                    lambda n, padding: _json_question(f"q{n}", points, rubric, "Que faire ?" + padding), limit
                )
            )
        )

    rubric_item = '{"criterion_fr": "x", "points": %s}'
    return {
        "huge_exponent_in_rubric": _bank(
            _json_question("q1", "1", "[" + _fill(rubric_item % "1e200000") + "]")
        ),
        "long_integers_in_points": many("9" * 5000),
        "nan_infinity_in_rubric": _bank(
            _json_question("q1", "1", "[" + _fill(f"{rubric_item % 'NaN'},{rubric_item % '-Infinity'}") + "]")
        ),
        "dotted_number_strings": many('"1.2.3"'),
        "nested_900_deep": many(rubric="[" * 900 + "]" * 900),
        "nested_5mb_deep": _bank("[" * (SIZE // 2) + "]" * (SIZE // 2)),
        "unclosed_string_of_escaped_quotes": _bank('"' + _repeat('\\"', SIZE - 100)),
        "lone_surrogates": _bank(
            _json_question("q1", "1", "[" + _fill('{"criterion_fr": "\\ud800", "points": 1}') + "]")
        ),
        "surrogate_in_uids": many().replace('"uid": "q', '"uid": "\\udc00'),
        "50000_questions": many(limit=50_000),
        "100000_rubric_items": _bank(
            _json_question("q1", "100000", "[" + _fill('{"criterion_fr": "x", "points": 1}') + "]")
        ),
    }


def _moodle(questions: str) -> str:
    return '<?xml version="1.0" encoding="UTF-8"?>\n<quiz>' + questions + "</quiz>"


def _moodle_question(
    *,
    kind: str = "numerical",
    grade: str = "1",
    fraction: str = "100",
    tolerance: str = "0",
    text: str = "Combien ?",
    graderinfo: str = "",
) -> str:
    answer = (
        f'<answer fraction="{fraction}"><text>3</text><tolerance>{tolerance}</tolerance></answer>'
        if kind != "essay"
        else ""
    )
    grader = (
        f'<graderinfo format="html"><text><![CDATA[{graderinfo}]]></text></graderinfo>' if graderinfo else ""
    )
    return (
        f'<question type="{kind}"><name><text>q</text></name>'
        f'<questiontext format="html"><text><![CDATA[{text}]]></text></questiontext>'
        f"<defaultgrade>{grade}</defaultgrade>{answer}{grader}</question>"
    )


def moodle_cases() -> dict[str, str]:
    def many(**fields) -> str:
        return _moodle("".join(_up_to_size(lambda n, padding: _moodle_question(text=padding, **fields))))

    return {
        "huge_exponent_in_grades": many(grade="1e200000"),
        "long_integers_in_fractions": many(fraction="9" * 5000),
        "nan_in_tolerances": many(tolerance="NaN"),
        "snan_in_fractions": many(fraction="sNaN"),
        "infinity_in_grades": many(grade="Infinity"),
        "dotted_numbers_in_tolerances": many(tolerance="1.2.3"),
        "50000_questions": _moodle(_repeat(_moodle_question(), SIZE - 100)),
        "graderinfo_unclosed_list_items": _moodle(
            _moodle_question(kind="essay", graderinfo="<ul>" + _repeat("<li>item ", SIZE - 1000))
        ),
        "graderinfo_unclosed_rubric_items": _moodle(
            _moodle_question(
                kind="essay",
                graderinfo='<ul class="arbitre-rubric">' + _repeat('<li data-points="1">x', SIZE - 1000),
            )
        ),
        "graderinfo_unclosed_rubric_lists": _moodle(
            _moodle_question(kind="essay", graderinfo=_repeat('<ul class="arbitre-rubric"><li>', SIZE - 1000))
        ),
        "html_tag_soup_in_text": _moodle(_moodle_question(text=_repeat("<a<a ", SIZE - 1000))),
        "html_nested_lists_in_text": _moodle(_moodle_question(text=_repeat("<ul><li>x", SIZE - 1000))),
        "xml_nested_elements": _moodle(_moodle_question() + "<x>" * (SIZE // 8) + "</x>" * (SIZE // 8)),
    }


def gift_cases() -> dict[str, str]:
    def many(answer: str) -> str:
        return "\n\n".join(_up_to_size(lambda n, padding: f"::q{n}::Combien ?{padding} {{{answer}}}")) + "\n"

    return {
        "200000_blank_blocks": _repeat("{}\n\n"),
        "200000_text_blocks": _repeat("x\n\n"),
        "huge_exponent_in_numeric_answers": many("#1e200000:1"),
        "long_integers_in_tolerances": many("#3:" + "9" * 5000),
        "nan_in_numeric_answers": many("#NaN:sNaN"),
        "infinity_in_ranges": many("#Infinity..-Infinity"),
        "dotted_numbers_in_weights": many("~%1.2.3%a ~%50%b"),
        "dotted_numbers_in_points_tags": "\n\n".join(
            _up_to_size(lambda n, padding: f"// [tag:arbitre-points:1.2.3]\n::q{n}::Vrai ?{padding} {{T}}")
        ),
        "model_answer_unclosed_list_items": "::q::[html]Que faire ?{\n####"
        + '<div class="arbitre-model-answer"><ul>'
        + _repeat("<li>item ", SIZE - 1000)
        + "}",
        "model_answer_unclosed_divs": "::q::[html]Que faire ?{\n####"
        + _repeat('<div class="arbitre-model-answer">x', SIZE - 1000)
        + "}",
        "html_tag_soup_in_stem": "::q::[html]" + _repeat("<a<a ", SIZE - 1000) + "{T}",
        "one_question_100000_options": "::q::Laquelle ?{" + _repeat("~faux ", SIZE - 1000) + "=vrai}",
        "escapes_everywhere": "::q::" + _repeat("\\{\\}", SIZE - 1000) + "{T}",
        "unclosed_tags_in_the_comment_line": "// " + _repeat("[tag:", SIZE - 1000) + "\n::q::Vrai ?{T}",
    }


def _edition(articles: str, meta_extra: str = "") -> str:
    meta = (
        '{"slug": "2031", "year": 2031, "title_fr": "Règles (2031)", "adopted": "", "in_force": "", '
        '"languages": ["fr"]' + meta_extra + "}"
    )
    return '{"edition": ' + meta + ', "articles": [' + articles + "]}"


def _article(position: int, order: str = "0", text: str = "Texte.") -> str:
    return f'{{"number": "{position}", "kind": "article", "text_fr": "{text}", "order": {order}}}'


def rules_cases() -> dict[str, str]:
    def articles(count: int, order: str = "0", text: str = "Texte.") -> str:
        return ",".join(_article(n, order, text) for n in range(1, count + 1))

    return {
        "huge_exponent_in_orders": _edition(articles(4999, "1e200000", "x" * 900)),
        "long_integers_in_orders": _edition(articles(4000, "9" * 1000)),
        "nan_in_orders": _edition(articles(4999, "NaN", "x" * 900)),
        "nested_900_deep_in_meta": _edition(_article(1), ', "notes": ' + "[" * 900 + "]" * 900),
        "nested_5mb_deep": _edition(_article(1), ', "notes": ' + "[" * (SIZE // 2) + "]" * (SIZE // 2)),
        "lone_surrogates_in_texts": _edition(articles(4999, "0", "\\ud800" * 150)),
        "70000_articles": _edition(articles(70_000)),
        "5000_bad_articles": _edition(",".join(["{}"] * 5000)),
    }


def _timed(function) -> tuple[float, object]:
    start = time.perf_counter()
    outcome = function()
    return round(time.perf_counter() - start, 3), outcome


def _bytes(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def chess_cases() -> dict[str, dict]:
    from positions.validation import FenError, PgnError, parse_moves, validate_fen

    def outcome(function, text):
        def run():
            try:
                function(text)
            except (FenError, PgnError) as error:
                return type(error).__name__
            return "accepted"

        return run

    game = " ".join(["Nf3 Nf6 Ng1 Ng8"] * 100)
    limit = 100_000
    pgn = {
        "pgn_5mb_of_moves": _repeat("Nf3 Nf6 Ng1 Ng8 "),
        "pgn_5mb_lone_surrogates": _repeat("\ud800"),
        "pgn_open_variations_after_a_game": game + " " + "(" * (limit - len(game) - 10),
        "pgn_long_nag": "1. e4 $" + "9" * (limit - 20),
        "pgn_long_clock": "1. e4 {[%clk " + "9" * (limit - 40) + ":00:00]} e5",
        "pgn_unclosed_comment": "1. e4 {" + "x" * (limit - 20),
        "pgn_many_comments": _repeat("{a} ", limit - 10),
        "pgn_unclosed_arrow_commands": "1. e4 {" + _repeat("[%cal ", limit - 20) + "} e5",
    }
    fen = {
        "fen_5mb": _repeat("8/"),
        "fen_lone_surrogate": "\ud800" * 50,
        "fen_long_counters": "8/8/8/8/8/8/8/K6k w - - " + "9" * 40 + " " + "9" * 40,
    }
    figures = {}
    for name, text in pgn.items():
        seconds, result = _timed(outcome(parse_moves, text))
        figures[name] = {"seconds": seconds, "outcome": result, "bytes": _bytes(text)}
    for name, text in fen.items():
        seconds, result = _timed(outcome(validate_fen, text))
        figures[name] = {"seconds": seconds, "outcome": result, "bytes": _bytes(text)}
    return figures


def main() -> None:
    setup()
    from django.contrib.auth.models import Group
    from django.core.files.uploadedfile import SimpleUploadedFile
    from django.core.management import call_command
    from django.db import transaction
    from django.test import Client
    from django.test.utils import setup_test_environment

    from accounts.models import Role, User, ensure_role_groups

    setup_test_environment()
    call_command("migrate", verbosity=0, interactive=False)
    ensure_role_groups()
    figures: dict[str, dict] = {}
    extensions = {"json": "json", "moodlexml": "xml", "gift": "gift"}
    try:
        with transaction.atomic():
            trainer = User.objects.create_user(email="bench-parsers@example.invalid", password=None)
            trainer.groups.add(Group.objects.get(name=Role.TRAINER))
            staff = User.objects.create_user(email="bench-parsers-staff@example.invalid", password=None)
            staff.groups.add(Group.objects.get(name=Role.EXAM_STAFF))
            client = Client(raise_request_exception=False)
            staff_client = Client(raise_request_exception=False)
            client.force_login(trainer)
            staff_client.force_login(staff)
            for format_name, cases in (
                ("json", json_cases()),
                ("moodlexml", moodle_cases()),
                ("gift", gift_cases()),
            ):
                for name, text in cases.items():
                    data = text.encode("utf-8")
                    upload = SimpleUploadedFile(f"bench.{extensions[format_name]}", data)
                    seconds, response = _timed(
                        lambda upload=upload, format_name=format_name: client.post(
                            "/questions/import/", {"file": upload, "format": format_name}
                        )
                    )
                    figures[f"{format_name}/{name}"] = {
                        "seconds": seconds,
                        "status": response.status_code,
                        "bytes": len(data),
                    }
                    print(f"{format_name}/{name}: {seconds} s, {response.status_code}", flush=True)
            for name, text in rules_cases().items():
                data = text.encode("utf-8")
                upload = SimpleUploadedFile("2031.json", data, content_type="application/json")
                seconds, response = _timed(
                    lambda upload=upload: staff_client.post("/rules/editions/upload/", {"file": upload})
                )
                figures[f"rules/{name}"] = {
                    "seconds": seconds,
                    "status": response.status_code,
                    "bytes": len(data),
                }
                print(f"rules/{name}: {seconds} s, {response.status_code}", flush=True)
            raise _Rollback
    except _Rollback:
        pass
    for name, figure in chess_cases().items():
        figures[f"chess/{name}"] = figure
        print(f"chess/{name}: {figure['seconds']} s, {figure['outcome']}", flush=True)
    slowest = max(figures, key=lambda name: figures[name]["seconds"])
    errors = [name for name, figure in figures.items() if figure.get("status") == 500]
    summary = (
        f"{len(figures)} hostile files of up to 5 MB; slowest {slowest} in {figures[slowest]['seconds']} s; "
        f"{len(errors)} answered 500"
    )
    write_result("parsers", {"cases": figures, "slowest": slowest, "server_errors": errors}, summary)


if __name__ == "__main__":
    main()
