"""Login and registration (seed 002) with stored, hashed accounts."""
import subprocess
import time

from harness import App, check, pointer_to, wait_for

PASSWORD = "correct horse battery"


def open_registration(app):
    app.open_page("Login")
    app.click("Register…")
    app.wait_find("New user name")


def register(app, name, password, confirmation=None):
    app.set_text("New user name", name)
    app.set_text("New password", password)
    app.set_text("Confirm password", password if confirmation is None else confirmation)
    app.click("Register", role="push button")


def log_in(app, name, password):
    app.set_text("User name", name)
    app.set_text("Password", password)
    app.click("Log in")


def test_register_then_log_in_and_out():
    with App() as app:
        app.open_page("Login")
        app.wait_text("Login hint", "No account exists yet. Choose Register… to create one.")
        open_registration(app)
        register(app, "Alice", PASSWORD)
        wait_for(lambda: app.find("New user name", required=False) is None, what="the dialog to close")
        app.wait_text("User name", "Alice")  # the delegate handed the name back
        check(app.find("Login hint", required=False) is None, "the first-run hint is gone")
        app.wait_text("Login message", "Account Alice created. Enter its password to log in.")
        app.screenshot("login.png")
        app.set_text("Password", PASSWORD)
        app.click("Log in")
        app.wait_text("Signed in user", "Signed in as Alice", timeout=15)
        app.click("Log out")
        app.wait_find("User name")
        app.wait_text("Login message", "You have logged out.")


def test_each_registration_error():
    with App() as app:
        open_registration(app)
        register(app, "Bob", PASSWORD)
        wait_for(lambda: app.find("New user name", required=False) is None, what="the first registration")
        open_registration(app)
        cases = [
            (("", PASSWORD), "Enter a user name"),
            (("Carol", ""), "Enter a password"),
            (("Carol", PASSWORD, ""), "Enter the password a second time to confirm it"),
            (("ｂｏｂ", PASSWORD), "This user name is already registered"),
            (("Carol", PASSWORD, PASSWORD + "!"), "The two passwords differ"),
            (("Carol", "short"), "The password must have at least 8 characters"),
            (("Carol", "iloveyou"), "This password is too common; choose another"),
            (("carol-smith", "Carol-Smith"), "The password must not be the same as the user name"),
        ]
        for args, message in cases:
            register(app, *args)
            app.wait_text("Registration message", message, timeout=15)
            check(app.text("New password") == "" and app.text("Confirm password") == "",
                  "password fields are cleared after each attempt")
            if message.startswith("This password is too common"):
                app.screenshot("register.png")
        check(app.find("New user name") is not None, "the dialog stays open after an error")


def test_back_cancels_without_storing():
    with App() as app:
        open_registration(app)
        app.set_text("New user name", "Dave")
        app.set_text("New password", PASSWORD)
        app.set_text("Confirm password", PASSWORD)
        app.click("Back")
        wait_for(lambda: app.find("New user name", required=False) is None, what="the dialog to close")
        app.wait_text("Login hint", "No account exists yet. Choose Register… to create one.")
        log_in(app, "Dave", PASSWORD)
        app.wait_text("Login message", "User name or password is wrong", timeout=15)


def test_wrong_password_hides_and_clears():
    with App() as app:
        open_registration(app)
        register(app, "Erin", PASSWORD)
        wait_for(lambda: app.find("New user name", required=False) is None, what="registration")
        log_in(app, "Erin", "not the password 123")
        app.wait_text("Login message", "User name or password is wrong", timeout=15)
        check(app.text("Password") == "", "the password field is cleared")
        log_in(app, "Nobody", "not the password 123")
        app.wait_text("Login message", "User name or password is wrong", timeout=15)
        # What AT-SPI exposes of a password field while it holds text: never the text itself.
        app.set_text("Password", "secret-typed-here")
        check("secret" not in app.text("Password"), "AT-SPI never reads out the password")


def test_lock_after_five_failures():
    with App() as app:
        open_registration(app)
        register(app, "Frank", PASSWORD)
        wait_for(lambda: app.find("New user name", required=False) is None, what="registration")
        for attempt in range(4):
            log_in(app, "Frank", f"wrong password {attempt}")
            app.wait_text("Login message", "User name or password is wrong", timeout=15)
            app.set_text("User name", "")
        log_in(app, "frank", "wrong password 5")
        app.wait_text("Login message", "Too many failed attempts. Try again in 30 seconds.", timeout=15)
        log_in(app, "Frank", PASSWORD)
        wait_for(lambda: app.text("Login message").startswith("Too many failed attempts. Try again in"),
                 what="the right password is refused while locked")
        check(app.find("Signed in user", required=False) is None, "not signed in while locked")


def test_password_strength_meter_and_reveal():
    # The meter reads libpwquality through the model as the password is typed, with a hint of
    # its own per reason; the eye icon shows and hides both password fields.
    with App() as app:
        open_registration(app)
        app.focus_window("Register")
        meter = app.find("Password strength")
        app.set_text("New user name", "kim")
        # Each password's hint differs from the one before it, so that each wait sees the hint of
        # the password just typed and cannot be met by the previous one's.
        steps = (("abc", 1, "Use at least 8 characters."),
                 ("qwer1234", 1, "This is one of the most common passwords; it would be guessed first."),
                 ("kim-porcupine-7", 4, "Strong password."),  # a dictionary word among unrelated characters
                 ("porcupine", 1, "This is based on a dictionary word; add unrelated words or characters."),
                 ("Plum tree, 7 ferries & a lantern", 4, "Strong password."))
        for (_, _, before), (_, _, after) in zip(steps, steps[1:]):
            check(before != after, f"two passwords in a row with the hint {after!r}")
        for password, level, hint in steps:
            app.set_text("New password", password)
            app.wait_text("Password strength hint", hint)
            wait_for(lambda: meter.queryValue().currentValue == level, what=f"the meter at {level} for {password!r}")
        app.screenshot("register-strength.png")
        entry = app.find("New password")
        check(entry.getRoleName() == "password text", "the password is hidden at first")
        # The eye icon is pressed with the pointer, as a person does.
        x, y, w, h = app.screen_box("New password")
        pointer_to(x + w - 14, y + h // 2)
        subprocess.run(["xdotool", "click", "1"], check=True)
        wait_for(lambda: app.find("New password").getRoleName() == "text", what="the eye icon to show the password")
        check(app.find("Confirm password").getRoleName() == "text", "the confirmation is shown too")
        time.sleep(0.6)  # past the double-click time, so this is a press of its own
        subprocess.run(["xdotool", "click", "1"], check=True)
        wait_for(lambda: app.find("New password").getRoleName() == "password text", what="a second press to hide it")


TESTS = [test_register_then_log_in_and_out, test_password_strength_meter_and_reveal, test_each_registration_error, test_back_cancels_without_storing,
         test_wrong_password_hides_and_clears, test_lock_after_five_failures]
