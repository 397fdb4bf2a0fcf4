"""The schemes the house plays (S2-S9), registered by name."""

from __future__ import annotations

from typing import Any

from . import scorers as s
from .values import HIGH_CATEGORIES, register_scheme
from .wildfill import Doogie, ScoredScheme

A5_CATEGORIES = s.A5_ORDER


def _high(name: str, size: int, order: tuple[str, ...], **flags: Any) -> None:
    register_scheme(name, size, "high", ScoredScheme(name, s.high_scorer(order, **flags), "high"),
                    categories=order)


def _low(name: str, scorer: s.Scorer, categories: tuple[str, ...],
         default_qualifier: int | None = None) -> None:
    fn = ScoredScheme(name, scorer, "low", takes_qualifier=True,
                      default_qualifier=default_qualifier)
    register_scheme(name, 5, "low", fn, categories=tuple(reversed(categories)),
                    takes_qualifier=True, default_qualifier=default_qualifier)


def register_builtins() -> None:
    _high("high", 5, HIGH_CATEGORIES)
    _high("three", 3, s.THREE_ORDER)
    _high("three-plain", 3, s.THREE_PLAIN_ORDER, straights=False, flushes=False)
    _high("three-sf-top", 3, s.THREE_SF_TOP_ORDER)
    _high("four", 4, s.FOUR_ORDER, straights=False, flushes=False)
    _high("two", 2, s.TWO_ORDER, straights=False, flushes=False)
    register_scheme("one", 1, "high", ScoredScheme("one", s.score_one, "high"),
                    categories=s.ONE_ORDER)
    register_scheme("one-low", 1, "low", ScoredScheme("one-low", s.score_one_low, "low"),
                    categories=s.ONE_ORDER)
    _low("low", s.score_low_house, HIGH_CATEGORIES)
    _low("low-a5", s.score_low_a5, A5_CATEGORIES)
    _low("low-27", s.score_low_27, HIGH_CATEGORIES)
    _low("low-a6", s.score_low_a6, HIGH_CATEGORIES)
    _low("low-8", s.score_low_a5, A5_CATEGORIES, default_qualifier=8)
    register_scheme("doogie", 4, "low", Doogie(), categories=("high_card",),
                    takes_qualifier=True, default_qualifier=7)
