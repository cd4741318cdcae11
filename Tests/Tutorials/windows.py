"""`make test-tutorials`: each tutorial's complete project, run in a real window and used as its
tutorial says (the adder adds; the note edited in one window shows in the other; the presenter's
list fills), through AT-SPI under Xvfb.

The programs are those `make check-tutorials` built from docs/Tutorials/*/Complete and kept in
build/tutorials/<Tutorial>/; a missing one is built here first (build-aux/tutorial_steps.py).

    /usr/bin/python3 Tests/Tutorials/windows.py     (inside Xvfb and a D-Bus session)

Prints one line per test and `N passed, N failed`.
"""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(ROOT, "build-aux"))
import tutorial_steps  # noqa: E402
from program import Program, check, harness, wait_for  # noqa: E402

CATALOG = os.path.join(ROOT, "docs", "Triad.docc")


def program(tutorial_name, product):
    """The path of `product`, built from the tutorial's complete project (built now if missing)."""
    tutorials, _ = tutorial_steps.catalog_tutorials(CATALOG, [])
    tutorial = next(t for t in tutorials if t.name == tutorial_name)
    path = os.path.join(tutorial_steps.programs(tutorial), product)
    if not os.path.exists(path):
        project = os.path.join(ROOT, tutorial.project)
        built, output = tutorial_steps.build(project)
        check(built, f"{tutorial.project} does not build:\n{output[-2000:]}")
        package, why = tutorial_steps.describe(project)
        check(package is not None, why)
        tutorial_steps.keep_programs(tutorial, package)
    return path


def test_adder_in_mvc_adds():
    """AdderInMVC: 100 + 200 shows 300; abc in the first field shows the model's sentence, a dash
    for the sum, and no stale 300."""
    with Program(program("AdderInMVC", "Adder")) as adder:
        adder.set_text("First number", "100")
        adder.set_text("Second number", "200")
        adder.click("Add")
        adder.wait_text("Sum result", "300")
        adder.set_text("First number", "abc")
        adder.click("Add")
        adder.wait_text("Sum result", "–")
        adder.wait_text("Error", "Enter a whole number in the first field")


def test_shared_note_edited_in_one_window_shows_in_the_other():
    """SharedNote: text typed in the Edit Note window shows in the Note window (the model's
    observer), whose title bar says Note edited (the hub's listener); after a restart the note is
    the one typed (the optional file)."""
    with Program(program("SharedNote", "Note")) as note:
        note.wait_text("Note content", "Hello, flipside")
        note.click("Edit…")
        note.set_text("Note editor", "Typed in the other window")
        note.wait_text("Note content", "Typed in the other window")
        wait_for(lambda: note.find("Note edited", required=False), what="the subtitle Note edited")
        check("Edit Note" in note.window_titles() and "Note" in note.window_titles(),
              f"two windows, Note and Edit Note (the app has {note.window_titles()})")
        note.stop()
        note.start()
        note.wait_text("Note content", "Typed in the other window")


def test_adder_three_ways_each_adds():
    """AdderThreeWays: the MVC, MVP and MVVM columns each add 100 and 200, and each refuses abc
    with the model's sentence."""
    with Program(program("AdderThreeWays", "Adder")) as adder:
        for pattern in ("MVC adder", "MVP adder", "MVVM adder"):
            adder.set_text_within(pattern, "First number", "100")
            adder.set_text_within(pattern, "Second number", "200")
            adder.click_within(pattern, "Add")
            wait_for(lambda: adder.text_within(pattern, "Sum result") == "300",
                     what=lambda: f"300 in {pattern} (it shows {adder.text_within(pattern, 'Sum result')!r})")
            adder.set_text_within(pattern, "First number", "abc")
            adder.click_within(pattern, "Add")
            wait_for(lambda: adder.text_within(pattern, "Error") == "Enter a whole number in the first field",
                     what=lambda: f"the error in {pattern} (it shows {adder.text_within(pattern, 'Error')!r})")
            check(adder.text_within(pattern, "Sum result") == "–", f"{pattern}: a dash for the sum after abc")


def test_user_list_presenter_fills_the_list():
    """UserListInMVP: the presenter's list fills: the count says 3 users once the demo service
    answers, and the table shows the seed's three users, row by row from its data source."""
    with Program(program("UserListInMVP", "Users")) as users:
        users.wait_text("User count", "3 users")
        for name in ("Iyad Agha", "Mila Haward", "Mark Astun", "mark@test.com", "39 years"):
            users.wait_find(name)


def test_address_form_refuses_then_saves_trimmed():
    """AddressForm: Save with the city empty and the postal code 12# lists both problems and says
    Not saved (the book's delegate); a good address is saved, and the fields show it trimmed (the
    property observer)."""
    with Program(program("AddressForm", "Address")) as form:
        form.set_text("Street", "  1 Main Street ")
        form.set_text("State", "Kent")
        form.set_text("Postal code", "12#")
        form.click("Save")
        form.wait_text("Problems", "The city is required\nA postal code is 3 to 10 letters, digits, spaces or hyphens")
        form.wait_text("Save status", "Not saved")
        form.set_text("City", "Canterbury")
        form.set_text("Postal code", "CT1 2AB")
        form.click("Save")
        form.wait_text("Save status", "Saved")
        form.wait_text("Street", "1 Main Street")


def test_login_registers_then_logs_in():
    """LoginAndRegistration: no account lets nobody in; the registration dialog refuses a common
    password with the model's sentence, then makes the account and hands its name back to the
    login form (the delegate), where its password logs in."""
    with Program(program("LoginAndRegistration", "Login")) as login:
        login.set_text("User name", "alice")
        login.set_text("Password", "correct horse")
        login.click("Log In")
        login.wait_text("Login status", "Wrong user name or password")
        login.click("Register…")
        login.set_text("New user name", "alice")
        login.set_text("New password", "iloveyou")
        login.click("Register")
        login.wait_text("Registration problem", "This password is too common; choose another")
        login.set_text("New password", "correct horse")
        login.click("Register")
        login.wait_text("Login status", "Account alice created. Enter its password to log in.")
        wait_for(lambda: "Register" not in login.window_titles(), what="the Register dialog to close")
        login.wait_text("User name", "alice")
        login.set_text("Password", "correct horse")
        login.click("Log In")
        login.wait_text("Login status", "Welcome, alice")


TESTS = [test_adder_in_mvc_adds, test_shared_note_edited_in_one_window_shows_in_the_other, test_adder_three_ways_each_adds,
         test_user_list_presenter_fills_the_list, test_address_form_refuses_then_saves_trimmed,
         test_login_registers_then_logs_in]

if __name__ == "__main__":
    sys.exit(harness.run_tests(TESTS, runner="test-tutorials"))
