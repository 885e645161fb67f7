"""Chess diagrams and the rules engine.

- render time of one diagram, cold (cache cleared, a new position each time) and cached;
- analysis time of a 100-ply game (statuses, repetitions, claim, both mate searches), cold
  (search caches cleared) and warm;
- server time of a real page with ten diagrams (``/positions/reference/``, its view and
  template) through Django's test Client, cold and warm (target: < 50 ms warm);
- the helpmate search on a reproducible set of minor-piece endings with distant kings (K+B v
  K+N for the knight's side, K+N or K+B v K+P, K+N v K+P+P, K+B v K+N+P): how many come back
  "yes" / "no" / "undetermined" within the default node budget, and the time per search.

The page is requested by a trainer created inside a transaction that is rolled back.
"""

from __future__ import annotations

import random
import time

from common import setup, summarise_ms, timings_ms, write_result


class _Rollback(Exception):
    pass


def _game(plies: int, seed: int = 2018) -> list[str]:
    """A reproducible legal game of ``plies`` half-moves that does not end early."""
    import chess

    rng = random.Random(seed)
    while True:
        board = chess.Board()
        moves = []
        for _ in range(plies):
            legal = list(board.legal_moves)
            quiet = [m for m in legal if not board.is_capture(m)] or legal
            move = rng.choice(quiet if rng.random() < 0.7 else legal)
            moves.append(board.san(move))
            board.push(move)
            if board.is_game_over():
                break
        if len(moves) == plies and not board.is_game_over():
            return moves


HELPMATE_MATERIAL = [
    ("KB v KN, knight side", "B", "n", False),
    ("KN v KP, knight side", "N", "p", True),
    ("KB v KP, bishop side", "B", "p", True),
    ("KN v KPP, knight side", "N", "pp", True),
    ("KB v KNP, bishop side", "B", "np", True),
]


def _helpmate_positions(per_material: int = 12, seed: int = 2018) -> list[tuple[str, object, bool]]:
    """Random legal positions, kings at least four squares apart, of each material above."""
    import chess

    rng = random.Random(seed)
    positions = []
    for label, white, black, searching in HELPMATE_MATERIAL:
        found = 0
        while found < per_material:
            board = chess.Board(None)
            men = ["K", "k", *white, *black]
            for square, symbol in zip(rng.sample(range(64), len(men)), men, strict=True):
                board.set_piece_at(square, chess.Piece.from_symbol(symbol))
            board.turn = rng.choice(chess.COLORS)
            if board.pawns & chess.BB_BACKRANKS or not board.is_valid() or board.is_game_over():
                continue
            if chess.square_distance(board.king(chess.WHITE), board.king(chess.BLACK)) < 4:
                continue
            positions.append((label, board, searching))
            found += 1
    return positions


def _helpmates() -> dict[str, object]:
    from positions import mate

    verdicts: dict[str, dict[str, int]] = {}
    samples = []
    for label, board, searching in _helpmate_positions():
        start = time.perf_counter()
        # Counted against nodes only, so that the figures do not depend on the machine's load.
        result = mate.can_checkmate(board, searching, time_budget=1e9)
        samples.append((time.perf_counter() - start) * 1000)
        counts = verdicts.setdefault(label, {"yes": 0, "no": 0, "undetermined": 0})
        counts[result.verdict] += 1
    return {"verdicts": verdicts, "search": summarise_ms(samples), "node_budget": mate.DEFAULT_NODE_BUDGET}


def main() -> None:
    setup()
    import chess
    from django.core.cache import cache
    from django.core.management import call_command
    from django.db import transaction
    from django.test import Client
    from django.test.utils import setup_test_environment

    from positions import engine
    from positions.diagrams import diagram_svg, render_spec
    from positions.engine import AnalysisRequest, Claim, analyse
    from positions.examples import reference_verdicts

    setup_test_environment()
    call_command("migrate", verbosity=0, interactive=False)
    figures: dict[str, object] = {}

    # Diagrams: cold renders use a different position each time.
    moves = _game(100)
    board = chess.Board()
    fens = []
    for san in moves:
        board.push_san(san)
        fens.append(board.fen())
    render_spec.cache_clear()
    cold = []
    for fen in fens:
        start = time.perf_counter()
        diagram_svg(fen, arrows=["e2e4:red"], squares={"d4": "yellow"})
        cold.append((time.perf_counter() - start) * 1000)
    cached = timings_ms(
        lambda: diagram_svg(fens[-1], arrows=["e2e4:red"], squares={"d4": "yellow"}), repeat=500
    )
    figures["diagram_cold"] = summarise_ms(cold)
    figures["diagram_cached"] = summarise_ms(cached)

    # Analysis of a 100-ply game with a threefold claim at the end.
    request = AnalysisRequest(moves=moves, claim=Claim("threefold"), flag_fell="white")

    def analyse_cold():
        engine._search.cache_clear()
        cache.clear()
        return analyse(request)

    result = analyse_cold()
    figures["analysis_100_plies_cold"] = summarise_ms(timings_ms(analyse_cold, repeat=5, warmup=1))
    figures["analysis_100_plies_warm"] = summarise_ms(timings_ms(lambda: analyse(request), repeat=20))
    figures["analysis_result"] = {
        "status": result.status,
        "can_checkmate": result.can_checkmate,
        "plies": len(result.plies),
    }

    figures["helpmates"] = _helpmates()

    # A real page with ten diagrams.
    from django.contrib.auth.models import Group

    from accounts.models import Role, User

    try:
        with transaction.atomic():
            user = User.objects.create_user(email="bench-positions@example.invalid", password=None)
            user.groups.add(Group.objects.get(name=Role.TRAINER))
            client = Client()
            client.force_login(user)

            def page():
                response = client.get("/positions/reference/")
                assert response.status_code == 200 and response.content.count(b"<figure") == 10
                return response

            engine._search.cache_clear()
            cache.clear()
            render_spec.cache_clear()
            reference_verdicts.cache_clear()
            start = time.perf_counter()
            page()
            figures["page_ten_diagrams_cold_ms"] = round((time.perf_counter() - start) * 1000, 3)
            figures["page_ten_diagrams_warm"] = summarise_ms(timings_ms(page, repeat=50))
            raise _Rollback
    except _Rollback:
        pass

    # The target is judged on the median: on a 2-core machine shared with other work the p95
    # measures the neighbours as much as the page (both are recorded).
    warm = figures["page_ten_diagrams_warm"]["p50_ms"]
    helpmate_counts = figures["helpmates"]["verdicts"].values()
    undetermined = sum(counts["undetermined"] for counts in helpmate_counts)
    searched = sum(sum(counts.values()) for counts in helpmate_counts)
    summary = (
        f"diagram cold p50 {figures['diagram_cold']['p50_ms']} ms, cached p50 "
        f"{figures['diagram_cached']['p50_ms']} ms; 100-ply analysis cold p50 "
        f"{figures['analysis_100_plies_cold']['p50_ms']} ms, warm p50 "
        f"{figures['analysis_100_plies_warm']['p50_ms']} ms; page of ten diagrams warm p50 {warm} ms, p95 "
        f"{figures['page_ten_diagrams_warm']['p95_ms']} ms "
        f"(target < 50 ms: {'met' if warm < 50 else 'NOT met'}); helpmate searches: "
        f"{undetermined} of {searched} undetermined, p50 {figures['helpmates']['search']['p50_ms']} ms"
    )
    figures["page_target_met"] = warm < 50
    write_result("positions", figures, summary)


if __name__ == "__main__":
    main()
