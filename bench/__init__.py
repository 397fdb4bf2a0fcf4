"""Benchmarks, run outside the test pass by `make bench` (`python -m bench [NAME ...]`)."""
