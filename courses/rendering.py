"""A lesson's Markdown as safe HTML, with its diagrams, replays, scenarios and rulebook links.

markdown-it-py (CommonMark) with raw HTML disabled and images off: whatever a lesson says,
its text comes out escaped; the only markup we add is our own templates' (the chessboard
and replay widgets, whose attributes are escaped by the template engine). Moves in the
text are written in SAN with English letters and shown with the reader's letters.
"""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.template.loader import render_to_string
from django.urls import NoReverseMatch, reverse
from django.utils.html import format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from markdown_it import MarkdownIt
from markdown_it.rules_inline import StateInline

from courses.content import (
    ARTICLE_LINK_RE,
    DIRECTIVE_RE,
    citation_problem,
    directive_problem,
    parse_attributes,
)
from positions.notation import moves_in_language


def article_url(target: str) -> str | None:
    edition, _sep, number = target.strip().partition(":")
    edition, number = edition.strip(), number.strip()
    try:
        if edition == "livre":
            from questions.citations import resolve_citation

            found = resolve_citation("livre", number)
            if found is not None:
                return found.get_absolute_url()
            return reverse("rules:chapter", kwargs={"number": number.split(".")[0]})
        return reverse("rules:article", kwargs={"edition": edition, "number": number})
    except NoReverseMatch:
        return None


def article_label(target: str) -> str:
    from questions.citations import citation_reference

    edition, _sep, number = target.strip().partition(":")
    return citation_reference(edition.strip(), number.strip())


def _article_link_rule(state: StateInline, silent: bool) -> bool:
    if not state.src.startswith("[[", state.pos):
        return False
    match = ARTICLE_LINK_RE.match(state.src, state.pos)
    if match is None:
        return False
    url = article_url(match["target"]) if not citation_problem(match["target"]) else None
    if url is None:
        return False
    if not silent:
        token = state.push("link_open", "a", 1)
        token.attrs = {"href": url, "class": "article-link"}
        text = state.push("text", "", 0)
        text.content = (match["label"] or article_label(match["target"])).strip()
        state.push("link_close", "a", -1)
    state.pos = match.end()
    return True


def _moves_rule(state) -> None:
    language = (get_language() or "fr")[:2]
    if language == "en":
        return
    for token in state.tokens:
        if token.type == "inline" and token.children:
            for child in token.children:
                if child.type == "text":
                    child.content = moves_in_language(child.content, language)


def make_markdown() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False})
    md.disable("image")
    # The course format's lessons use pipe tables (Berger and Molter tables, fee scales), which the
    # CommonMark preset leaves off; wide ones scroll inside their box on a phone.
    md.enable("table")
    md.add_render_rule("table_open", lambda *args: '<div class="table-scroll"><table>\n')
    md.add_render_rule("table_close", lambda *args: "</table></div>\n")
    md.inline.ruler.before("link", "article_link", _article_link_rule)
    md.core.ruler.push("move_letters", _moves_rule)
    return md


_MD = make_markdown()


def _caption(text: str) -> str:
    return moves_in_language(text, (get_language() or "fr")[:2])


def render_diagram(attributes: dict[str, str]) -> str:
    from positions.templatetags.chessboard import render_board

    arrows = [a.strip() for a in attributes.get("arrows", "").split(",") if a.strip()]
    squares = [s.strip() for s in attributes.get("squares", "").split(",") if s.strip()]
    return render_board(
        attributes.get("fen", ""),
        orientation=attributes.get("orientation", "white"),
        arrows=arrows or None,
        squares=squares or None,
        caption=_caption(attributes.get("caption", "")),
    )


def render_replay(attributes: dict[str, str], *, base_url: str, number: int = 1, params=None) -> str:
    """A replay; without JavaScript its links carry ``r`` (which replay of the page) and ``ply``,
    so that stepping through one replay leaves the others where they are."""
    from positions.templatetags.chessboard import replay_context

    params = params or {}
    ply = attributes.get("ply") or None
    if params.get("r") == str(number) and str(params.get("ply", "")).isdigit():
        ply = params["ply"]
    data = replay_context(
        attributes.get("pgn", ""), fen=attributes.get("fen", ""), ply=ply, base_url=base_url
    )
    data["link_prefix"] = f"{base_url}?r={number}&"
    data["widget_id"] = f"replay-{number}"
    html = render_to_string("positions/_replay.html", data)
    caption = attributes.get("caption", "")
    if caption:
        return format_html(
            '<div class="lesson-replay">{}<p class="lesson-replay__caption">{}</p></div>',
            mark_safe(html),
            _caption(caption),
        )
    return format_html('<div class="lesson-replay">{}</div>', mark_safe(html))


def _error(message: str) -> str:
    return format_html('<p class="message message--error" role="alert">{}</p>', message)


def render_lesson(body: str, *, base_url: str = "", params=None) -> SafeString:
    """The lesson's HTML. A directive in error (a lesson being written) shows its error in place.

    ``params``: the page's query (``r`` and ``ply`` choose the position of one replay)."""
    parts: list[str] = []
    replays = 0
    chunk: list[str] = []
    scenario: tuple[str, list[str]] | None = None
    in_code = False

    def flush() -> None:
        if chunk:
            html = _MD.render("\n".join(chunk))
            if scenario is not None:
                scenario[1].append(html)
            else:
                parts.append(html)
            chunk.clear()

    for line in body.replace("\r\n", "\n").split("\n"):
        stripped = line.strip()
        if stripped.startswith("```") or stripped.startswith("~~~"):
            in_code = not in_code
        match = None if in_code else DIRECTIVE_RE.match(stripped)
        if match is None:
            chunk.append(line)
            continue
        flush()
        name = match["name"]
        attributes, rest = parse_attributes(match["attributes"])
        target = scenario[1] if scenario is not None else parts
        if name == "" and scenario is not None:
            title, inner = scenario
            parts.append(
                format_html(
                    '<aside class="lesson-scenario"><h3 class="lesson-scenario__title">{}</h3>{}</aside>',
                    title,
                    mark_safe("".join(inner)),
                )
            )
            scenario = None
        elif name == "scenario" and scenario is None and not rest:
            scenario = (attributes.get("title") or _("Mise en situation"), [])
        elif name in ("diagram", "replay") and not rest:
            problem = directive_problem(name, attributes)
            if problem:
                target.append(_error(f"::: {name} — {problem}"))
            elif name == "diagram":
                target.append(render_diagram(attributes))
            else:
                replays += 1
                target.append(render_replay(attributes, base_url=base_url, number=replays, params=params))
        else:
            target.append(_error(_("Directive illisible : %(line)s") % {"line": stripped[:80]}))
    flush()
    if scenario is not None:
        title, inner = scenario
        parts.append(
            format_html(
                '<aside class="lesson-scenario"><h3 class="lesson-scenario__title">{}</h3>{}</aside>',
                title,
                mark_safe("".join(inner)),
            )
        )
    return mark_safe("".join(parts))


def render_lesson_cached(body: str, *, base_url: str = "", params=None) -> SafeString:
    """``render_lesson``, kept in the cache for the page as it opens (no replay moved): a
    lesson with boards and replays takes longer to render than the rest of its page. The key
    holds the text itself (a digest), the page, the language and the rulebook's version (the
    links to articles), so an edited lesson or a reloaded rulebook is rendered afresh."""
    params = params or {}
    if "r" in params or "ply" in params:
        return render_lesson(body, base_url=base_url, params=params)
    from rules.rulebook_cache import rulebook_version

    digest = hashlib.sha256(body.encode()).hexdigest()
    key = f"courses:lesson-html:{digest}:{rulebook_version()}:{get_language()}:{base_url}"
    html = cache.get(key)
    if html is None:
        html = str(render_lesson(body, base_url=base_url, params=params))
        cache.set(key, html, timeout=24 * 3600)
    return mark_safe(html)  # render_lesson's output, stored as it was rendered
