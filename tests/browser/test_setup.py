"""The browser tests' set-up: without Chromium a developer sees one line, CI sees failures.

These tests carry no `browser` mark: they run a nested pytest and need no browser themselves.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a nested pytest each

ROOT = Path(__file__).resolve().parents[2]


def _run_browser_tests(tmp_path, **env) -> subprocess.CompletedProcess:
    environment = {k: v for k, v in os.environ.items() if k not in ("CI", "PYTEST_ADDOPTS")}
    environment.update(BANKER_CHROMIUM=str(tmp_path / "no-chromium-here"), **env)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-m", "browser",
         "tests/browser/test_login.py"],
        cwd=ROOT, env=environment, capture_output=True, text=True, timeout=300,
    )


def test_without_chromium_the_browser_tests_skip_with_one_clear_line(tmp_path):
    done = _run_browser_tests(tmp_path)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    lines = [line for line in out.splitlines() if "Chromium" in line or "chromium" in line]
    assert lines == [f"Chromium not found at {tmp_path / 'no-chromium-here'}: 2 browser tests "
                     "skipped; apt-get install chromium"], out


def test_in_ci_a_missing_chromium_fails_the_browser_tests(tmp_path):
    done = _run_browser_tests(tmp_path, CI="true")
    out = done.stdout + done.stderr
    assert done.returncode != 0, out
    assert "Chromium not found at" in out and "skipped" not in out
