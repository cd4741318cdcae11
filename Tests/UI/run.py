"""Real-window tests: the built app, driven through AT-SPI under Xvfb. See harness.py."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from harness import run_tests  # noqa: E402
import test_adder  # noqa: E402
import test_address  # noqa: E402
import test_chart  # noqa: E402
import test_copytest  # noqa: E402
import test_desktop  # noqa: E402
import test_dev  # noqa: E402
import test_i18n  # noqa: E402
import test_import  # noqa: E402
import test_learning  # noqa: E402
import test_lifetime  # noqa: E402
import test_login  # noqa: E402
import test_messages  # noqa: E402
import test_mistakes  # noqa: E402
import test_skip  # noqa: E402
import test_soak  # noqa: E402
import test_style  # noqa: E402
import test_travel  # noqa: E402
import test_sessions  # noqa: E402
import test_note  # noqa: E402
import test_patterns  # noqa: E402
import test_users  # noqa: E402
import test_windows  # noqa: E402

TESTS = test_adder.TESTS + test_address.TESTS + test_login.TESTS + test_users.TESTS + test_import.TESTS + test_note.TESTS + test_chart.TESTS + test_messages.TESTS + test_travel.TESTS + test_skip.TESTS + test_sessions.TESTS + test_copytest.TESTS + test_patterns.TESTS + test_learning.TESTS + test_mistakes.TESTS + test_i18n.TESTS + test_desktop.TESTS + test_dev.TESTS + test_style.TESTS + test_windows.TESTS + test_lifetime.TESTS + test_soak.TESTS

if __name__ == "__main__":
    sys.exit(run_tests(TESTS))
