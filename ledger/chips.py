"""The chips: their colours and values in cents (B10), smallest first."""

CHIP_VALUES = {"white": 5, "red": 10, "blue": 25, "yellow": 50, "black": 100, "green": 500}
