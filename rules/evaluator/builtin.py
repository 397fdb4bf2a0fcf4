"""The schemes the house plays (S2-S9), registered by name."""

from __future__ import annotations

from . import scorers as s
from .values import HIGH_CATEGORIES, register_scheme
from .wildfill import doogie_fn, scheme_fn

A5_CATEGORIES = s.A5_ORDER


def _high(name, size, order, **flags):
    register_scheme(name, size, "high", scheme_fn(name, s.high_scorer(order, **flags), "high"),
                    categories=order)


def _low(name, scorer, categories, default_qualifier=None):
    fn = scheme_fn(name, scorer, "low", takes_qualifier=True, default_qualifier=default_qualifier)
    register_scheme(name, 5, "low", fn, categories=tuple(reversed(categories)),
                    takes_qualifier=True, default_qualifier=default_qualifier)


def register_builtins():
    _high("high", 5, HIGH_CATEGORIES)
    _high("three", 3, s.THREE_ORDER)
    _high("three-plain", 3, s.THREE_PLAIN_ORDER, straights=False, flushes=False)
    _high("three-sf-top", 3, s.THREE_SF_TOP_ORDER)
    _high("four", 4, s.FOUR_ORDER, straights=False, flushes=False)
    _high("two", 2, s.TWO_ORDER, straights=False, flushes=False)
    register_scheme("one", 1, "high", scheme_fn("one", s.score_one, "high"),
                    categories=s.ONE_ORDER)
    register_scheme("one-low", 1, "low", scheme_fn("one-low", s.score_one_low, "low"),
                    categories=s.ONE_ORDER)
    _low("low", s.score_low_house, HIGH_CATEGORIES)
    _low("low-a5", s.score_low_a5, A5_CATEGORIES)
    _low("low-27", s.score_low_27, HIGH_CATEGORIES)
    _low("low-a6", s.score_low_a6, HIGH_CATEGORIES)
    _low("low-8", s.score_low_a5, A5_CATEGORIES, default_qualifier=8)
    register_scheme("doogie", 4, "low", doogie_fn, categories=("high_card",),
                    takes_qualifier=True, default_qualifier=7)
