"""The adder built three ways (MVC, MVP, MVVM): each sums, and each shows its own flow of messages."""
import os
import tempfile

from harness import App, check, wait_for
from test_messages import check_each_row_opens_its_member, clear, message_rows, toggle_pane

FLOWS = {
    "MVC": [
        ("View → View", "target-action", "clicked → AdderView.addPressed()"),
        ("View → Controller", "delegate", 'setTotalVal("40", "2")'),
        ("Controller → Model", "method call", 'model.set("40", "2")'),
        ("View → Controller", "delegate", "getTotalVal()"),
        ("Controller → Model", "method call", "model.total()"),
        ("Controller → View", "delegate", 'getTotalVal() returned total("42")'),
    ],
    "MVP": [
        ("View → View", "target-action", "clicked → AdderPassiveView.addPressed()"),
        ("View → Presenter", "method call", 'add("40", "2")'),
        ("Presenter → Model", "method call", 'model.set("40", "2")'),
        ("Presenter → Model", "method call", "model.total()"),
        ("Presenter → View", "outlet / view update", 'showSum("42")'),
    ],
    "MVVM": [
        ("View → View model", "target-action", "clicked → AdderViewModel.add()"),
        ("View model → Model", "method call", 'model.set("40", "2")'),
        ("View model → Model", "method call", "model.total()"),
        ("View model → View", "binding", 'sum = "42"'),
    ],
}

PARTICIPANTS = {"MVC": ["View", "Controller", "Model"], "MVP": ["View", "Presenter", "Model"],
                "MVVM": ["View", "ViewModel as View model", "Model"]}


def mermaid(pattern):
    """The Mermaid export of a pattern's Add, as the pane writes it."""
    names = {"View": "View", "Controller": "Controller", "Model": "Model", "Presenter": "Presenter", "View model": "ViewModel"}
    lines = ["sequenceDiagram"]
    for participant in PARTICIPANTS[pattern]:
        name, _, title = participant.partition(" as ")
        lines.append(f"    participant {name} as {title or name}")
    for roles, channel, text in FLOWS[pattern]:
        sender, receiver = roles.split(" → ")
        lines.append(f"    {names[sender]}->>{names[receiver]}: {text} [{channel}]")
    return lines


def choose(app, pattern):
    if pattern != "MVC":
        app.click(pattern, role="toggle button")
    wait_for(lambda: app.find(pattern, role="toggle button").getState().contains(__import__("pyatspi").STATE_CHECKED),
             what=f"the {pattern} button pressed")


def test_each_pattern_sums_and_records_its_own_flow():
    with App() as app:
        toggle_pane(app)
        app.wait_find("Messages pane")
        for pattern, flow in FLOWS.items():
            choose(app, pattern)
            app.set_text("First number", "40")
            app.set_text("Second number", "2")
            clear(app)
            app.click("Add")
            app.wait_text("Sum result", "42")
            wait_for(lambda: len(message_rows(app)) >= len(flow), what=f"{pattern}'s messages")
            rows = [r[:3] for r in message_rows(app)]
            for number, (got, expected) in enumerate(zip(rows, flow), 1):
                check(got == expected, f"{pattern} row {number}: {got}, expected {expected}\n(all: {rows})")
            check(len(rows) == len(flow), f"{pattern}: {len(rows)} rows, expected {len(flow)}: {rows}")
            app.screenshot(f"messages-adder-{pattern.lower()}.png")
            check_each_row_opens_its_member(app)

            with tempfile.TemporaryDirectory(prefix="triad-export-") as folder:
                path = os.path.join(folder, f"{pattern.lower()}.mmd")
                app.click("Export messages")
                app.choose_file("Export Messages", path)
                wait_for(lambda: os.path.exists(path), what="the exported file")
                exported = open(path, encoding="utf-8").read().splitlines()
                for number, (got, expected) in enumerate(zip(exported, mermaid(pattern)), 1):
                    check(got == expected, f"{pattern} Mermaid line {number}: {got!r}, expected {expected!r}")
                check(len(exported) == len(mermaid(pattern)), f"{pattern}: {len(exported)} Mermaid lines: {exported}")


def test_the_fields_are_bound_to_the_view_model():
    with App() as app:
        choose(app, "MVVM")
        toggle_pane(app)
        app.wait_find("Messages pane")
        app.set_text("First number", "7")
        wait_for(lambda: ("View → View model", "binding", 'first = "7"') in [r[:3] for r in message_rows(app)],
                 what=f"the field's binding: {message_rows(app)}")
        check(all(r[4] == "sender" for r in message_rows(app) if r[1] == "binding" and r[0].startswith("View →")),
              f"a binding points at the line that made it: {message_rows(app)}")
        app.set_text("Second number", "x")
        app.click("Add")
        app.wait_text("Adder error", "Enter a whole number in the second field")
        check(app.text("Sum result") == "–", "no sum beside the error")
        wait_for(lambda: ("View model → View", "binding", 'error = "Enter a whole number in the second field"')
                 in [r[:3] for r in message_rows(app)], what=f"the error's binding: {message_rows(app)}")
        app.set_text("Second number", "35")
        app.click("Add")
        app.wait_text("Sum result", "42")
        check(app.find("Adder error", required=False) is None, "the error is gone with a sum")
        check_each_row_opens_its_member(app)


TESTS = [test_each_pattern_sums_and_records_its_own_flow, test_the_fields_are_bound_to_the_view_model]
