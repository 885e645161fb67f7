"""Item analysis of a paper, as Moodle's quiz statistics report defines it.

Input: one row per attempt, one mark per item (what the candidate earned on that item,
penalties excluded), and each item's maximum. For each item:

- facility index: the mean mark as a percentage of the item's maximum;
- standard deviation of the marks, as a percentage of the maximum (sample SD, n - 1);
- discrimination index: 100 × the correlation between the item's mark and the mark on the
  rest of the paper (the total without this item), so an item does not correlate with itself;
- discriminative efficiency: 100 × the covariance of item and rest divided by the largest
  covariance the two distributions allow (both sorted the same way): how much of the
  discrimination the item could show it actually shows.

For the paper: Cronbach's alpha, k/(k-1) × (1 - Σ item variances / total variance), the mean,
the median and the standard deviation of the totals.

Pure functions in floating point: the figures are statistics to read, not marks to award.
Everything is O(attempts × items) except the efficiency's sort, O(items × attempts log attempts):
2,000 attempts × 60 items take well under a second.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from statistics import median

# Thresholds a trainer reads as "look at this question" (Moodle's guidance: a negative
# discrimination means strong candidates fail the item more often than weak ones).
TOO_EASY = 95.0
TOO_HARD = 10.0
WEAK_DISCRIMINATION = 20.0


@dataclass(frozen=True)
class ItemStatistics:
    index: int
    attempts: int
    facility: float | None
    standard_deviation: float | None
    discrimination: float | None
    efficiency: float | None
    option_counts: dict[str, int] = field(default_factory=dict)

    @property
    def warnings(self) -> list[str]:
        """Codes of what looks wrong, for the bank to flag (see ``papers.models.WARNING_LABELS``)."""
        found = []
        if self.facility is not None and self.facility >= TOO_EASY:
            found.append("too_easy")
        if self.facility is not None and self.facility <= TOO_HARD:
            found.append("too_hard")
        if self.discrimination is not None and self.discrimination < 0:
            found.append("negative_discrimination")
        elif self.discrimination is not None and self.discrimination < WEAK_DISCRIMINATION:
            found.append("weak_discrimination")
        return found


@dataclass(frozen=True)
class PaperStatistics:
    attempts: int
    items: list[ItemStatistics]
    mean: float | None
    median: float | None
    standard_deviation: float | None
    alpha: float | None


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def _covariance(xs: list[float], ys: list[float], mean_x: float, mean_y: float) -> float:
    return sum((x - mean_x) * (y - mean_y) for x, y in zip(xs, ys, strict=True)) / (len(xs) - 1)


def _variance(values: list[float], mean: float) -> float:
    return sum((value - mean) ** 2 for value in values) / (len(values) - 1)


def analyse(marks: list[list[float]], maxima: list[float],
            choices: list[list[list[str]]] | None = None) -> PaperStatistics:
    """Statistics of a paper from ``marks[attempt][item]`` and each item's maximum.

    ``choices[attempt][item]`` (optional) lists the option keys a candidate chose, counted
    into each item's option frequencies.
    """
    count = len(marks)
    width = len(maxima)
    if any(len(row) != width for row in marks):
        raise ValueError("Every attempt has one mark per item.")
    totals = [sum(row) for row in marks]
    columns = [[row[index] for row in marks] for index in range(width)]
    items = []
    item_variances = []
    for index, column in enumerate(columns):
        options: dict[str, int] = {}
        if choices is not None:
            for row in choices:
                for key in row[index]:
                    options[key] = options.get(key, 0) + 1
        maximum = maxima[index]
        if count == 0 or maximum <= 0:
            items.append(ItemStatistics(index, count, None, None, None, None, options))
            item_variances.append(0.0)
            continue
        mean = _mean(column)
        facility = 100 * mean / maximum
        if count < 2:
            items.append(ItemStatistics(index, count, facility, None, None, None, options))
            item_variances.append(0.0)
            continue
        variance = _variance(column, mean)
        item_variances.append(variance)
        rest = [total - mark for total, mark in zip(totals, column, strict=True)]
        rest_mean = _mean(rest)
        rest_variance = _variance(rest, rest_mean)
        covariance = _covariance(column, rest, mean, rest_mean)
        discrimination = efficiency = None
        if variance > 0 and rest_variance > 0:
            discrimination = 100 * covariance / math.sqrt(variance * rest_variance)
            best = _covariance(sorted(column), sorted(rest), mean, rest_mean)
            efficiency = 100 * covariance / best if best > 0 else None
        items.append(ItemStatistics(index, count, facility, 100 * math.sqrt(variance) / maximum,
                                    discrimination, efficiency, options))
    if count == 0:
        return PaperStatistics(0, items, None, None, None, None)
    total_mean = _mean(totals)
    total_variance = _variance(totals, total_mean) if count > 1 else 0.0
    alpha = None
    if width > 1 and total_variance > 0:
        alpha = width / (width - 1) * (1 - sum(item_variances) / total_variance)
    return PaperStatistics(
        attempts=count, items=items, mean=total_mean, median=median(totals),
        standard_deviation=math.sqrt(total_variance) if count > 1 else None, alpha=alpha,
    )
