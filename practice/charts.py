"""Small SVG charts drawn on the server: readable without JavaScript and in print.

Each chart is an ``<svg role="img">`` with a title; the page puts the same figures in a table
(inside ``<details>``) for screen readers and for anyone who wants the numbers.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

WIDTH = 640
BAR_HEIGHT = 22
BAR_GAP = 8
LABEL_WIDTH = 150
VALUE_WIDTH = 52


@dataclass(frozen=True)
class Bar:
    label: str
    percent: int  # 0–100
    note: str = ""  # shown after the value, e.g. "12 / 40"


def bar_chart(bars: list[Bar], *, title: str, chart_id: str, threshold: int | None = None) -> SafeString:
    """Horizontal bars from 0 to 100 %, with an optional vertical line at ``threshold``."""
    span = WIDTH - LABEL_WIDTH - VALUE_WIDTH - 60
    height = len(bars) * (BAR_HEIGHT + BAR_GAP) + BAR_GAP + (18 if threshold is not None else 0)
    rows = []
    for index, bar in enumerate(bars):
        y = BAR_GAP + index * (BAR_HEIGHT + BAR_GAP)
        length = round(span * max(0, min(100, bar.percent)) / 100)
        rows.append((y + BAR_HEIGHT - 6, bar.label, LABEL_WIDTH, y, span, BAR_HEIGHT, LABEL_WIDTH, y, length,
                     BAR_HEIGHT, LABEL_WIDTH + span + 8, y + BAR_HEIGHT - 6, bar.percent, bar.note))
    body = format_html_join(
        "", '<text class="ch-label" x="4" y="{}">{}</text>'
        '<rect class="ch-track" x="{}" y="{}" width="{}" height="{}"/>'
        '<rect class="ch-bar" x="{}" y="{}" width="{}" height="{}"/>'
        '<text class="ch-value" x="{}" y="{}">{} %<tspan class="ch-note"> {}</tspan></text>', rows)
    line = ""
    if threshold is not None:
        x = LABEL_WIDTH + round(span * threshold / 100)
        line = format_html('<line class="ch-threshold" x1="{}" x2="{}" y1="2" y2="{}"/>'
                           '<text class="ch-note" x="{}" y="{}" text-anchor="middle">{} %</text>',
                           x, x, height - 16, x, height - 4, threshold)
    return format_html('<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="{}-title" '
                       'preserveAspectRatio="xMinYMin meet"><title id="{}-title">{}</title>{}{}</svg>',
                       WIDTH, height, chart_id, chart_id, title, body, line)


@dataclass(frozen=True)
class Point:
    label: str
    percent: int | None  # None: no data that time


def line_chart(points: list[Point], *, title: str, chart_id: str, threshold: int | None = None) -> SafeString:
    """Percentages over time (0–100 %); points without data break the line."""
    height, left, right, top, bottom = 200, 40, 12, 10, 30
    span_x, span_y = WIDTH - left - right, height - top - bottom
    step = span_x / max(1, len(points) - 1)

    def y_of(percent: int) -> int:
        return round(top + span_y * (100 - percent) / 100)

    grid = format_html_join("", '<line class="ch-grid" x1="{}" x2="{}" y1="{}" y2="{}"/>'
                            '<text class="ch-note" x="{}" y="{}" text-anchor="end">{} %</text>',
                            ((left, WIDTH - right, y_of(p), y_of(p), left - 4, y_of(p) + 4, p)
                             for p in (0, 50, 100)))
    segments, current = [], []
    for index, point in enumerate(points):
        if point.percent is None:
            if current:
                segments.append(current)
            current = []
            continue
        current.append((round(left + index * step), y_of(point.percent)))
    if current:
        segments.append(current)
    lines = format_html_join("", '<polyline class="ch-line" points="{}"/>',
                             ((" ".join(f"{x},{y}" for x, y in segment),) for segment in segments))
    dots = format_html_join("", '<circle class="ch-dot" cx="{}" cy="{}" r="4"/>',
                            (xy for segment in segments for xy in segment))
    every = max(1, len(points) // 6)
    labels = format_html_join("", '<text class="ch-note" x="{}" y="{}" text-anchor="middle">{}</text>',
                              ((round(left + index * step), height - 8, point.label)
                               for index, point in enumerate(points) if index % every == 0))
    line = ""
    if threshold is not None:
        line = format_html('<line class="ch-threshold" x1="{}" x2="{}" y1="{}" y2="{}"/>',
                           left, WIDTH - right, y_of(threshold), y_of(threshold))
    return format_html('<svg class="chart" viewBox="0 0 {} {}" role="img" aria-labelledby="{}-title" '
                       'preserveAspectRatio="xMinYMin meet"><title id="{}-title">{}</title>{}{}{}{}{}</svg>',
                       WIDTH, height, chart_id, chart_id, title, grid, line, lines, dots, labels)
