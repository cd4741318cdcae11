"""Soak: 1,000 sums and 200 logins through AT-SPI; memory must not keep growing. The exact growth
is printed (and reported by the note); the assertion keeps a generous margin so noise cannot fail
it, while a leak per action (a page of memory per sum, a hash buffer per login) would."""

from harness import SANITIZED, App, check, wait_for

PASSWORD = "soak test password 1"


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
        for i in range(100):
            add(i)
        after_100_sums = rss_kb(app)
        for i in range(100, 1000):
            add(i)
        after_1000_sums = rss_kb(app)

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
        for _ in range(100):
            login()
        after_100_logins = rss_kb(app)
        for _ in range(100):
            login()
        after_200_logins = rss_kb(app)

        sums_growth = after_1000_sums - after_100_sums
        logins_growth = after_200_logins - after_100_logins
        print(f"  soak: RSS after 100 sums {after_100_sums} KiB, after 1000 {after_1000_sums} KiB "
              f"(+{sums_growth}); after 100 logins {after_100_logins} KiB, after 200 {after_200_logins} KiB "
              f"(+{logins_growth})")
        if SANITIZED:
            return  # ASan keeps freed memory in quarantine (256 MB): RSS says nothing; leaks are checked at exit
        check(sums_growth < 8 * 1024, f"900 more sums grew RSS by {sums_growth} KiB")
        check(logins_growth < 8 * 1024, f"100 more logins grew RSS by {logins_growth} KiB")


TESTS = [test_thousand_sums_and_two_hundred_logins]
