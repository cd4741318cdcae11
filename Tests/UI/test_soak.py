"""Soak: 1,000 sums and 200 logins through AT-SPI; memory must not keep growing. The exact growth
is printed (and reported by the note); the assertion keeps a generous margin so noise cannot fail
it, while a leak per action (a page of memory per sum, a hash buffer per login) would.

TRIAD_SOAK_SUMS and TRIAD_SOAK_LOGINS set the numbers: `make test` runs the full soak in one pass
and a short one in the others, `make check` a short one. The growth is measured after the first
tenth of the sums and the first half of the logins, as in the full soak."""
import os

from harness import SANITIZED, App, check, wait_for

PASSWORD = "soak test password 1"
SUMS = int(os.environ.get("TRIAD_SOAK_SUMS") or 1000)
LOGINS = int(os.environ.get("TRIAD_SOAK_LOGINS") or 200)


def rss_kb(app):
    for line in open(f"/proc/{app.process.pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def test_thousand_sums_and_two_hundred_logins():
    with App() as app:
        def add(i):
            app.set_text("First number", str(i))
            app.set_text("Second number", str(1000 - i))
            app.click("Add")
            wait_for(lambda: app.text("Sum result") == "1000" and app.text("First number") == str(i), what=f"sum {i}")
            app.set_text("First number", "")  # make the next sum observable
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

        def login():
            app.set_text("Password", PASSWORD)
            app.click("Log in")
            app.wait_find("Signed in user", timeout=15)
            app.click("Log out")
            app.wait_find("User name")
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
        check(sums_growth < 8 * 1024, f"{SUMS - warm_sums} more sums grew RSS by {sums_growth} KiB")
        check(logins_growth < 8 * 1024, f"{LOGINS - warm_logins} more logins grew RSS by {logins_growth} KiB")


TESTS = [test_thousand_sums_and_two_hundred_logins]
