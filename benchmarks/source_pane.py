"""`make bench`: a message's code on screen. The Messages pane's Code tab shows the selected
message's source; the app (with TRIAD_PHASES) prints `code-shown-us=N` from the selection to the
end of the next frame. The baseline is the same selection with the State tab in front, where the
code view is filled but not drawn. The first selection after a start also opens GtkSourceView and
reads its Swift language file; it is measured on fresh starts."""
import os
import statistics
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CODE_TAB, STATE_TAB = 0, 1


def _figures(app):
    return [int(line.split("=")[1]) / 1000 for line in app.output().splitlines() if line.startswith("code-shown-us=")]


def _pane_with_rows(app, harness, messages):
    messages.toggle_pane(app)
    app.wait_find("Messages pane")
    app.set_text("First number", "40")
    app.set_text("Second number", "2")
    app.click("Add")
    harness.wait_for(lambda: len(messages.message_rows(app)) >= 6, what="the Add's messages")
    return app.find("Messages list").queryTable()


def _select(app, harness, table, row):
    """Selects `row` and returns the new figure the app printed for it."""
    before = len(_figures(app))
    table.addRowSelection(row)
    return harness.wait_for(lambda: len(_figures(app)) > before and _figures(app)[-1], what="the code-shown figure")


def source_pane_benchmark(report, targets, triad, selections=40, fresh_starts=5):
    os.environ["TRIAD_BIN"] = triad
    sys.path.insert(0, os.path.join(ROOT, "Tests", "UI"))
    import harness
    import test_messages as messages
    env = {"TRIAD_PHASES": "1"}
    first = []
    for _ in range(fresh_starts):
        with harness.App(env=env) as app:
            table = _pane_with_rows(app, harness, messages)
            first.append(_select(app, harness, table, 1))
    shown = {CODE_TAB: [], STATE_TAB: []}
    with harness.App(env=env) as app:
        table = _pane_with_rows(app, harness, messages)
        _select(app, harness, table, 5)  # GtkSourceView opened before the timed selections
        details = app.find("Message details").querySelection()
        for index in range(selections):
            tab = CODE_TAB if index % 2 == 0 else STATE_TAB
            details.selectChild(tab)
            # Rows whose code alternates between two files (the controller's, the model's); a row
            # already selected would not be selected again, so each selection takes another one.
            shown[tab].append(_select(app, harness, table, [1, 3, 2, 4][index % 4]))
    code, state = statistics.median(shown[CODE_TAB]), statistics.median(shown[STATE_TAB])
    section = "A message's code on screen"
    report.section(section)
    print = report.print
    print("Selection → next frame in the Messages pane, through AT-SPI")
    print(f"first after a start (opens GtkSourceView): median {statistics.median(first):.1f} ms, "
          f"longest {max(first):.1f} ms over {len(first)} starts")
    print(f"Code tab: median {code:.1f} ms, longest {max(shown[CODE_TAB]):.1f} ms; State tab in front (the baseline: "
          f"the code view filled, not drawn): median {state:.1f} ms, over {selections // 2} selections each")
    why = "100 ms: the limit within which a response feels immediate (Card, Moran and Newell 1983; Nielsen 1993)"
    targets.at_most("a message's code on screen, first after a start", max(first), "ms", 100, state,
                    "State tab", section, why)
    targets.at_most("a message's code on screen, Code tab, every selection", max(shown[CODE_TAB]), "ms", 100, state,
                    "State tab", section, why)
