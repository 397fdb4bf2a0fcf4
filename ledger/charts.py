"""Charts drawn on the server as small SVG: a pure function of the numbers, no JavaScript,
no style attribute (the CSP is default-src 'self'), nothing fetched.

`night_chart` draws each night's result as a bar (green: won, red: lost) and THE BOOK balance
after each night as a line with dots, on one axis in the house's currency. Amounts are integer
cents; the drawing's coordinates are integer tenths of a unit, so no float reaches the money.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from html import escape
from typing import Protocol

from django.utils.translation import get_language, gettext_lazy, ngettext

from ledger.house_settings import shown
from ledger.languages import day_text

WIDTH, HEIGHT = 480, 240
LEFT, RIGHT, TOP, BOTTOM = 70, 10, 14, 44
WON, LOST, BOOK, GRID = "#0b5d3b", "#a0131c", "#1f4fbf", "#c9cdd2"


@dataclass(frozen=True)
class Point:
    """One night (or `nights` nights together): its label (a date, a month), its result and
    THE BOOK after it, in cents."""

    label: str
    net: int
    book: int
    nights: int = 1


class ChartedNight(Protocol):
    """A player's closed night as the selectors give it (selectors.NightResult)."""

    @property
    def date(self) -> datetime.date: ...
    @property
    def net(self) -> int: ...
    book_after: int


MAX_BARS = 24   # a summary chart draws at most this many bars


def chart_points(nights: Iterable[ChartedNight]) -> list[Point]:
    """Each night a point, oldest first."""
    return [Point(label=day_text(n.date, "M j") if not _english() else
                  f"{n.date:%b} {n.date.day}", net=n.net, book=n.book_after)
            for n in nights]


def _english() -> bool:
    return (get_language() or "en").split("-")[0] == "en"


_PERIODS: list[Callable[[datetime.date], tuple[object, str]]] = [
    lambda d: ((d.year, d.month), f"{d:%b %Y}" if _english() else day_text(d, "M Y")),
    lambda d: ((d.year, (d.month - 1) // 3), f"Q{(d.month - 1) // 3 + 1} {d.year}"),
    lambda d: (d.year, str(d.year)),
]


def summary_points(nights: Sequence[ChartedNight], *, most: int = MAX_BARS) -> list[Point]:
    """The nights as at most `most` bars, oldest first: each night its own while they fit,
    else the nights of a month together (a quarter's, a year's when the months do not fit):
    the bar is their results added up, the line THE BOOK after the last of them."""
    if len(nights) <= most:
        return chart_points(nights)
    points: list[Point] = []
    for period in _PERIODS:
        points = []
        last: object = None
        for n in nights:
            key, label = period(n.date)
            if points and key == last:
                p = points[-1]
                points[-1] = Point(label=label, net=p.net + n.net, book=n.book_after,
                                   nights=p.nights + 1)
            else:
                points.append(Point(label=label, net=n.net, book=n.book_after))
            last = key
        if len(points) <= most:
            break
    return points


def _nice_step(span: int) -> int:
    """A round grid step in cents ($1, $2, $5, $10, $20 ...) giving at most 5 lines."""
    power = 100
    while True:
        for step in (power, 2 * power, 5 * power):
            if span // step <= 5:
                return step
        power *= 10


# The chart's words, in the page's language.
NO_NIGHTS = gettext_lazy("No closed nights yet.")
NIGHT_WON = gettext_lazy("night won")
NIGHT_LOST = gettext_lazy("night lost")
BOOK_AFTER = gettext_lazy("THE BOOK after")


def night_chart(points: list[Point], *, title: str) -> str:
    """An SVG chart of night results (bars) and THE BOOK after each night (line)."""
    label = escape(title)
    if not points:
        return (f'<svg class="chart" viewBox="0 0 {WIDTH} 60" role="img" aria-label="{label}">'
                f'<title>{label}</title><text x="8" y="36" fill="#4a4f55" font-size="16">'
                f"{escape(str(NO_NIGHTS))}</text></svg>")
    values = [0] + [p.net for p in points] + [p.book for p in points]
    top, bottom = max(values), min(values)
    step = _nice_step(max(top - bottom, 100))
    top = -(-top // step) * step
    bottom = (bottom // step) * step
    if top == bottom:
        top += step
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(cents: int) -> int:
        return TOP + (top - cents) * plot_h // (top - bottom)

    slot = plot_w // len(points)
    bar = max(2, min(40, slot * 6 // 10))
    parts = [
        f'<svg class="chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="{label}">',
        f"<title>{label}</title>",
    ]
    for tick in range(bottom, top + 1, step):
        ty = y(tick)
        colour = "#111" if tick == 0 else GRID
        parts.append(f'<line x1="{LEFT}" y1="{ty}" x2="{WIDTH - RIGHT}" y2="{ty}" '
                     f'stroke="{colour}" stroke-width="1"/>')
        parts.append(f'<text x="{LEFT - 6}" y="{ty + 5}" text-anchor="end" font-size="14" '
                     f'fill="#4a4f55">{escape(shown().money(tick))}</text>')
    zero = y(0)
    line: list[tuple[int, int]] = []   # THE BOOK after each night: (x, y)
    every = max(1, -(-len(points) * 64 // plot_w))  # a label every so many nights, no overlap
    for i, point in enumerate(points):
        cx = LEFT + slot * i + slot // 2
        ny = y(point.net)
        colour = WON if point.net >= 0 else LOST
        height = abs(zero - ny)
        said = escape(ngettext("%(label)s: night %(net)s, THE BOOK after %(book)s",
                               "%(label)s: %(count)s nights %(net)s, THE BOOK after %(book)s",
                               point.nights) % {
            "label": point.label, "count": point.nights, "net": shown().money(point.net),
            "book": shown().money(point.book)})
        parts.append(f'<rect x="{cx - bar // 2}" y="{min(zero, ny)}" width="{bar}" '
                     f'height="{max(height, 1)}" fill="{colour}">'
                     f"<title>{said}</title></rect>")
        line.append((cx, y(point.book)))
        if i % every == 0:
            parts.append(f'<text x="{cx}" y="{HEIGHT - BOTTOM + 18}" text-anchor="middle" '
                         f'font-size="14" fill="#4a4f55">{escape(point.label)}</text>')
    if len(line) > 1:
        points_text = " ".join(f"{cx},{cy}" for cx, cy in line)
        parts.append(f'<polyline points="{points_text}" fill="none" stroke="{BOOK}" '
                     'stroke-width="3"/>')
    for cx, cy in line:
        parts.append(f'<circle cx="{cx}" cy="{cy}" r="5" fill="{BOOK}"/>')
    legend_y = HEIGHT - 8
    parts.append(f'<rect x="{LEFT}" y="{legend_y - 11}" width="12" height="12" fill="{WON}"/>'
                 f'<text x="{LEFT + 18}" y="{legend_y}" font-size="14">'
                 f'{escape(str(NIGHT_WON))}</text>'
                 f'<rect x="{LEFT + 104}" y="{legend_y - 11}" width="12" height="12" '
                 f'fill="{LOST}"/><text x="{LEFT + 122}" y="{legend_y}" font-size="14">'
                 f'{escape(str(NIGHT_LOST))}</text>'
                 f'<circle cx="{LEFT + 214}" cy="{legend_y - 5}" r="5" fill="{BOOK}"/>'
                 f'<text x="{LEFT + 226}" y="{legend_y}" font-size="14">'
                 f'{escape(str(BOOK_AFTER))}</text>')
    parts.append("</svg>")
    return "".join(parts)
