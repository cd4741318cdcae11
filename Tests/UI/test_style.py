"""The desktop's light and dark style (GNOME Settings → Appearance, through the Settings portal,
played here by fake_portal.py): every page in both styles, screenshots in docs/screenshots/, and
every message on them at a contrast of at least 4.5:1 (WCAG AA for text), measured on the
screen's pixels."""
import os
import subprocess
import sys

from harness import App, TestFailure, check, wait_for

PORTAL = os.path.join(os.path.dirname(os.path.abspath(__file__)), "fake_portal.py")
STYLES = {0: "light", 1: "dark"}


class FakePortal:
    def __init__(self, scheme):
        self.process = subprocess.Popen([sys.executable, PORTAL, str(scheme)], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True)

    def __enter__(self):
        if self.process.stdout.readline().strip() != "ready":
            raise TestFailure("the stand-in portal did not start")
        return self

    def set(self, scheme):
        self.process.stdin.write(f"{scheme}\n")
        self.process.stdin.flush()

    def __exit__(self, *exc):
        self.process.stdin.close()
        self.process.wait(timeout=10)


def luminance(rgb):
    def linear(c):
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def measured(app, name):
    """(text colour, background, contrast) of a label on screen: the background is the
    commonest pixel, the text the pixel farthest from it (glyph stems are fully covered)."""
    pixels = app.pixels(name)
    background = max(set(pixels), key=pixels.count)
    text = max(pixels, key=lambda p: contrast(p, background))
    return text, background, contrast(text, background)


def check_messages(app, style, names):
    for name in names:
        # A page that has just appeared may still be fading in (GtkStack's crossfade): measure
        # again for a while until the colours settle.
        try:
            wait_for(lambda: measured(app, name)[2] >= 4.5, timeout=2, interval=0.1, what=f"{name!r} to be legible")
        except TestFailure:
            pass  # measured once more below, to say what it shows
        text, background, ratio = measured(app, name)
        check(ratio >= 4.5, f"{style}: {name!r} has contrast {ratio:.2f}:1 (#{bytes(text).hex()} on #{bytes(background).hex()})")
        dark = luminance(background) < 0.2
        check(dark == (style == "dark"), f"{style}: the background behind {name!r} is #{bytes(background).hex()}")
        print(f"     {style}: {name}: {ratio:.1f}:1 (#{bytes(text).hex()} on #{bytes(background).hex()})")


def show_every_page(app, style):
    app.set_text("First number", "12x")
    app.click("Add")
    app.wait_find("Adder error")
    check_messages(app, style, ["Adder error"])
    app.screenshot(f"adder-{style}.png")

    app.open_page("Address")
    app.wait_find("Street")
    app.set_text("Postal code", "bad#")
    app.click("Save address")
    app.wait_find("Postal code error")
    check_messages(app, style, ["Postal code error", "Address status"])
    app.screenshot(f"address-{style}.png")
    app.click("Revert address")

    app.open_page("Login")
    app.wait_find("User name")
    app.set_text("User name", "nobody")
    app.set_text("Password", "wrong password")
    app.click("Log in")
    # The refusal, the error style being checked; "Checking…" comes first, in the plain style.
    app.wait_text("Login message", "User name or password is wrong", timeout=15)
    check_messages(app, style, ["Login message"])
    app.screenshot(f"login-{style}.png")

    app.open_page("Users")
    wait_for(lambda: app.find("User count", required=False) and app.text("User count") != "", what="the list")
    check_messages(app, style, ["User count"])
    app.screenshot(f"users-{style}.png")

    app.open_page("Note")
    app.wait_find("Edit note")
    app.screenshot(f"note-{style}.png")


def test_light_and_dark_style_with_readable_messages():
    for scheme, style in STYLES.items():
        with FakePortal(scheme), App() as app:
            show_every_page(app, style)


def test_style_follows_a_change_while_running():
    with FakePortal(0) as portal, App() as app:
        app.set_text("First number", "12x")
        app.click("Add")
        app.wait_find("Adder error")
        check_messages(app, "light", ["Adder error"])
        portal.set(1)
        wait_for(lambda: luminance(measured(app, "Adder error")[1]) < 0.2, what="the window to turn dark")
        check_messages(app, "dark", ["Adder error"])
        portal.set(0)
        wait_for(lambda: luminance(measured(app, "Adder error")[1]) > 0.5, what="the window to turn light again")


TESTS = [test_light_and_dark_style_with_readable_messages, test_style_follows_a_change_while_running]
