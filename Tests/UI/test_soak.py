"""Soak: 1,000 sums and 200 logins through AT-SPI; memory must not keep growing. RSS is read
after the first tenth of the sums and after all of them, after the first half of the logins and
after all of them: what grew in those two later stretches, added up, must stay under 1 MiB, so a
leak of a page per sum (900 × 4 KiB) or of a hash buffer per login fails it. The figures are
printed; docs/BENCHMARKS.md has what a full run measures.

Each widget is found once and then used through the same accessible object. Finding a widget by
name walks the whole tree over D-Bus, and the app serves each of those requests with short-lived
allocations: searched for at every step, as the other tests do, nearly all the app's allocations
during a sum were that traffic, and the slow growth of its heap (memory freed but kept, not
memory held: heaptrack found nothing left allocated per sum) measured the harness more than the
sums, and varied more from run to run.

TRIAD_SOAK_SUMS and TRIAD_SOAK_LOGINS set the numbers: `make test` runs the full soak in one pass
and a short one in the others, `make check` a short one. The growth is measured after the first
tenth of the sums and the first half of the logins, as in the full soak."""
import os

import pyatspi

from harness import SANITIZED, App, TestFailure, check, wait_for

PASSWORD = "soak test password 1"
SUMS = int(os.environ.get("TRIAD_SOAK_SUMS") or 1000)
LOGINS = int(os.environ.get("TRIAD_SOAK_LOGINS") or 200)
# What the two measured stretches may grow by together, in KiB.
LIMIT_KIB = 1024


def rss_kb(app):
    """The app's resident memory (VmRSS), in KiB."""
    for line in open(f"/proc/{app.process.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise TestFailure(f"no VmRSS in /proc/{app.process.pid}/status")


def text_of(widget):
    text = widget.queryText()
    return text.getText(0, text.characterCount)


def set_text_of(widget, text):
    widget.queryEditableText().setTextContents(text)


def press(widget):
    """Presses a button found once (as App.click does, without searching for it again)."""
    action = widget.queryAction()
    for i in range(action.nActions):
        if action.getName(i) in ("click", "press", "activate"):
            action.doAction(i)
            return
    raise TestFailure(f"{widget.name!r} has no click action")


def showing(widget):
    return widget.getState().contains(pyatspi.STATE_SHOWING)


def test_thousand_sums_and_two_hundred_logins():
    with App() as app:
        first, second, result = (app.wait_find(name) for name in ("First number", "Second number", "Sum result"))
        add_button = app.wait_find("Add", actionable=True)

        def add(i):
            set_text_of(first, str(i))
            set_text_of(second, str(1000 - i))
            press(add_button)
            wait_for(lambda: text_of(result) == "1000" and text_of(first) == str(i), what=f"sum {i}")
            set_text_of(first, "")  # make the next sum observable
        warm_sums = max(1, SUMS // 10)
        for i in range(warm_sums):
            add(i)
        after_warm_sums = rss_kb(app)
        for i in range(warm_sums, SUMS):
            add(i % 1000)
        after_all_sums = rss_kb(app)

        app.open_page("Login")
        app.click("Register…")
        app.wait_find("New user name")
        app.set_text("New user name", "soak")
        app.set_text("New password", PASSWORD)
        app.set_text("Confirm password", PASSWORD)
        app.click("Register", role="push button")
        app.wait_text("User name", "soak", timeout=15)
        user_name, password = app.wait_find("User name"), app.wait_find("Password")
        log_in = app.wait_find("Log in", actionable=True)
        # The signed-in state's widgets, found at the first login.
        signed_in = {}

        def login():
            set_text_of(password, PASSWORD)
            press(log_in)
            if not signed_in:
                signed_in["user"] = app.wait_find("Signed in user", timeout=15)
                signed_in["log out"] = app.wait_find("Log out", actionable=True)
            wait_for(lambda: showing(signed_in["user"]), timeout=15, what="signed in")
            press(signed_in["log out"])
            wait_for(lambda: showing(user_name) and not showing(signed_in["user"]), what="logged out")
        warm_logins = max(1, LOGINS // 2)
        for _ in range(warm_logins):
            login()
        after_warm_logins = rss_kb(app)
        for _ in range(warm_logins, LOGINS):
            login()
        after_all_logins = rss_kb(app)

        sums_growth = after_all_sums - after_warm_sums
        logins_growth = after_all_logins - after_warm_logins
        print(f"  soak: RSS after {warm_sums} sums {after_warm_sums} KiB, after {SUMS} {after_all_sums} KiB "
              f"(+{sums_growth}); after {warm_logins} logins {after_warm_logins} KiB, after {LOGINS} "
              f"{after_all_logins} KiB (+{logins_growth})")
        if SANITIZED:
            return  # ASan keeps freed memory in quarantine (256 MB): RSS says nothing; leaks are checked at exit
        check(sums_growth + logins_growth < LIMIT_KIB,
              f"{SUMS - warm_sums} more sums and {LOGINS - warm_logins} more logins grew RSS by "
              f"{sums_growth} + {logins_growth} KiB, over the limit of {LIMIT_KIB} KiB")


TESTS = [test_thousand_sums_and_two_hundred_logins]
