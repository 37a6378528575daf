"""Where the tests find the checkout's files, wherever a test file stands in tests/."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
SAMPLES = ROOT / "sample_sites"
FIXTURES = TESTS / "fixtures"
