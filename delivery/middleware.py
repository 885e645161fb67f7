"""A candidate sitting a closed-book exam reaches their copies and nothing else.

One place guards the whole site: while the user has an exam attempt in progress on a paper
that is not open-book, every page but those of the exam copies they are sitting, the exam lobby
and signing out answers a 403 page that says why and leads back to the copies (JSON for the
API). The rulebook is closed, and so are practice, mock exams, courses and past corrections,
whose answer keys may hold the exam's own questions. Practice and mock papers never close
anything.

Each copy being sat works on its own (a candidate may have two exams open, e.g. an open-book
one beside a closed-book one): its pages, its autosave and clock, the diagrams its questions
draw (``/positions/diagram.svg`` for their positions only: ``delivery.diagrams``), the images
their questions show (``questions.media_access.shown_on_copies``), and its page
once handed in at its deadline. Static files (scripts, styles, fonts) are served before any
view (WhiteNoise) and never reach this check.

It decides by the view the URL resolved to (``process_view``), never by the path's spelling.
The exam's own requests (the autosave every few seconds, the clock) are never slowed by the
check: it runs only for the other pages.
"""

from __future__ import annotations

from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from delivery import diagrams, permissions

# Open during the exam: signing in and out, the language, the exam lobby (its start code,
# the convocation; the whole ``exams`` namespace), the health check and the JavaScript catalog.
# Signing in includes the second factor (its code, enrolment and recovery codes): a grader or
# exam staff member sitting an exam who signs in again is sent there from every page, their copy
# included (``accounts.middleware.TwoFactorMiddleware``), and would never reach the copy.
OPEN_VIEWS = {"accounts:login", "accounts:logout", "accounts:set_language", "set_language", "healthz",
              "javascript-catalog", "accounts:two_factor_verify", "accounts:two_factor_setup",
              "accounts:two_factor_recovery_codes"}
OPEN_NAMESPACES = {"exams"}
# The exam page's own traffic, every few seconds: not checked (the views accept only the
# candidate's own attempt; a save to another attempt shows no answer key).
EXAM_TRAFFIC = {"delivery:save", "delivery:clock"}
# A copy's pages, open for the copies being sat only.
ATTEMPT_VIEWS = {"delivery:attempt", "delivery:check", "delivery:submit"}
# Open for the positions the copies being sat draw, and no other.
DIAGRAM_VIEW = "positions:diagram"
# Open for the images of the questions of the copies being sat (questions.media_access).
IMAGE_VIEW = "questions:image"
_UNCHECKED = OPEN_VIEWS | EXAM_TRAFFIC
# The tools that pair a round with the engine (or explain or check one): closed while a copy
# with a pairing question is sat, open-book or not: the rulebook is not a pairing program. The
# question bank is one too: a trainer sitting the exam would type its tournament into a pairing
# question of their own, whose page and previews give the engine's pairing explained. The images
# of the copies being sat stay open (``questions.media_access`` decides them, as for any exam).
PAIRING_ENGINE_NAMESPACES = {"tournaments", "managed_tournaments", "questions"}
# The engine that rules on a position or a game (draw claims, flag falls, illegal moves, each
# explained with its articles): typed a copy's scenario, it gives the question's key. Closed while
# a copy showing a board is sat, open-book or not, as the pairing tools are for a pairing question:
# the analysis page and panel, the question editor's preview and move check, the API's analysis.
RULING_ENGINE_VIEWS = {"positions:analyse", "positions:analyse_panel", "questions:editor_preview",
                       "questions:check_moves", "api:analyse_view"}


class ClosedBookMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        user = getattr(request, "user", None)
        match = request.resolver_match
        if (user is None or not user.is_authenticated or match.view_name in _UNCHECKED
                or not OPEN_NAMESPACES.isdisjoint(match.namespaces)):
            return None
        copies = permissions.exam_copies_in_progress(user)
        sitting = {pk for pk, closes_the_book in copies.items() if closes_the_book}
        if sitting:
            if self._opens(request, user, match.view_name, view_kwargs, copies, sitting):
                return None
            message = _("Pendant une épreuve sans documents, seule votre copie est accessible.")
            closed = "book"
        else:
            refusal = self._open_book_refusal(match, copies)
            if refusal is None:
                return None
            closed, message = refusal
        if "api" in match.namespaces:
            return JsonResponse({"detail": message}, status=403)
        context = {"copies": permissions.copies_being_sat(user), "closed": closed, "message": message}
        return render(request, "delivery/closed_book.html", context, status=403)

    @staticmethod
    def _open_book_refusal(match, copies) -> tuple[str, str] | None:
        """During an open-book copy, the engines that would answer it: the ruling engine while it
        shows a board, the pairing tools while it holds a pairing question. (kind, message)."""
        if not copies:
            return None
        if match.view_name in RULING_ENGINE_VIEWS and permissions.copies_with_positions(copies):
            message = _("Pendant une épreuve qui montre des positions, l'analyse de position est fermée.")
            return "ruling", message
        if (match.view_name != IMAGE_VIEW and not PAIRING_ENGINE_NAMESPACES.isdisjoint(match.namespaces)
                and permissions.copies_with_pairing(copies)):
            return "pairing", _("Pendant une épreuve d'appariement, les outils de tournoi sont fermés.")
        return None

    @staticmethod
    def _opens(request, user, view_name, view_kwargs, copies, sitting) -> bool:
        if view_name in ATTEMPT_VIEWS:
            attempt_id = view_kwargs.get("attempt_id")
            return attempt_id in copies or permissions.handed_in_alongside(user, attempt_id, sitting)
        if view_name == DIAGRAM_VIEW:
            return diagrams.shown_on_copies(copies, request.GET.get("fen", ""))
        if view_name == IMAGE_VIEW:
            from questions.media_access import shown_on_copies
            from questions.models import QuestionVersion

            version = QuestionVersion.objects.filter(pk=view_kwargs.get("version_id")).first()
            sha256 = view_kwargs.get("sha256")
            return version is not None and bool(sha256) and shown_on_copies(copies, version, sha256)
        return False
