"""Fault injection: the real app's saves under failing POSIX I/O (libfiu), driven through AT-SPI.

For each save path (address, note on pause, note on close, registration, the adder's remembered
numbers, an import of 100,000 rows, a change of the chart) a run counts the I/O calls one save makes per failure point
(Tests/Faults/triad-faults.c counts only calls made by SQLite or Triad itself), on a save made
after a first one and a kill, as every fault run's is; then a sweep fails the 1st, 2nd, ... N-th
call of each point with EIO (all of them up to FIU_SWEEP_ALL calls, else the first three, the
middle and the last two), the first and last with ENOSPC, and FIU_RUNS random (point, call,
errno) runs with a fixed seed. Every run checks: the fault it planned fired, once, at the call
it names (the library reports what it failed: a run whose call never came tested nothing and
fails); no crash; a failed save says so in Triad's own words and keeps what was entered; once
the faults stop, the next save works without a restart; after a kill and a restart the window
shows the last reported save and `PRAGMA integrity_check` is ok. Each save path ends with its
coverage: per failure point, the calls one save makes, how many of them were failed, and how
many runs showed the refusal (the others saved all the same, their data checked after the
restart). Closes with the totals and `N passed, N failed`.

Run through `make test-faults` (Xvfb, D-Bus, the preload library built from triad-faults.c).
"""
import errno
import os
import random
import sqlite3
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "UI"))

from harness import TIMEOUT_SCALE, App, TestFailure, check, run_tests, wait_for  # noqa: E402
from test_address import fill, shown  # noqa: E402

LIBRARY = os.environ.get("TRIAD_FAULTS_LIB", "build/libtriad-faults.so")
POSIX_WRAPPER = "/usr/lib/fiu/fiu_posix_preload.so"
POINTS = ["posix/io/rw/write", "posix/io/rw/pwrite", "posix/io/sync/fsync", "posix/io/sync/fdatasync", "posix/io/oc/open"]
SWEEP_ALL = int(os.environ.get("FIU_SWEEP_ALL", "6"))
RANDOM_RUNS = int(os.environ.get("FIU_RUNS", "2"))
SEED = int(os.environ.get("FIU_SEED", "17"))
# SQLite's own wording must never reach the window.
SQLITE_WORDS = ("disk I/O error", "SQLite", "database or disk is full", "database is locked", "SQLITE")
PASSWORD = "correct horse battery"

TOTALS = {"runs": 0, "faults injected": 0, "saves attempted": 0, "saves refused": 0, "crashes": 0, "data lost": 0}
ERRNO_NAMES = {errno.EIO: "EIO", errno.ENOSPC: "ENOSPC"}


class Control:
    """The FIFO of one running app's triad-faults library."""

    def __init__(self, folder):
        self.fifo = os.path.join(folder, f"faults-{time.monotonic_ns()}")
        os.mkfifo(self.fifo)
        self.sequence = 0

    def env(self):
        return {"LD_PRELOAD": f"{POSIX_WRAPPER}:{os.path.abspath(LIBRARY)}", "TRIAD_FAULTS_FIFO": self.fifo}

    def send(self, line):
        self.sequence += 1
        descriptor = wait_for(lambda: self._open(), timeout=10, what="the fault library's control FIFO")
        os.write(descriptor, (line + "\n").encode())
        os.close(descriptor)

        def answered():
            try:
                with open(self.fifo + ".out") as f:
                    number, _, text = f.read().strip().partition(" ")
            except FileNotFoundError:
                return None
            return (text or "ok") if number == str(self.sequence) else None
        answer = wait_for(answered, timeout=10, what=f"an answer to {line!r}")
        if answer.startswith("error"):
            raise TestFailure(f"fault control: {answer}")
        return answer

    def _open(self):
        try:
            return os.open(self.fifo, os.O_WRONLY | os.O_NONBLOCK)
        except OSError as error:
            if error.errno == errno.ENXIO:  # no reader yet
                return None
            raise

    def report(self):
        return self._parse(self.send("report"))

    def final_report(self):
        """The report the library wrote as the app exited normally."""
        try:
            with open(self.fifo + ".final") as f:
                return self._parse(f.read().strip().partition(" ")[2])
        except FileNotFoundError:
            return {}

    @staticmethod
    def _parse(text):
        fields = dict(item.split("=") for item in text.split())
        return {key: int(value) for key, value in fields.items()}


def query(data, sql):
    connection = sqlite3.connect(os.path.join(data, "triad.sqlite3"), timeout=5)
    try:
        return connection.execute(sql).fetchall()
    finally:
        connection.close()


# --- the save paths ------------------------------------------------------------------------------

class SavePath:
    """Which calls of a point a sweep fails when one save makes `n` of them."""
    random_runs = RANDOM_RUNS

    def calls(self, n):
        return range(1, n + 1) if n <= SWEEP_ALL else sorted({1, 2, 3, (n + 1) // 2, n - 1, n})

    def calls_out_of_space(self, n):
        return sorted({1, n})

    def reset(self, data, expected):
        """Before a run, with the app not running: what the run starts from (the last save)."""
        return expected


class Address(SavePath):
    name = "address save"
    initial = ("", "", "", "")
    refusal = "Your address was not saved; what you typed is still in the form."

    def open(self, app):
        app.open_page("Address")
        app.wait_find("Street")

    def shown(self, app, data):
        return shown(app)

    def prepare(self, app, run):
        self.values = (f"{run} Fault Street", "Faultville", "State", f"{10000 + run}")
        fill(app, self.values)
        app.wait_text("Address status", "Unsaved changes")

    def act(self, app):
        app.click("Save address")
        return self.values

    def outcome(self, app, data, value):
        status = app.text("Address status")
        return "saved" if status.startswith("Saved at") else "failed" if status.startswith("Your address") else None

    def message(self, app):
        return app.text("Address status")

    def kept(self, app, value):
        return self.shown(app, None) == value

    def again(self, app, value):
        app.click("Save address")
        return value

    def stored(self, data):
        rows = query(data, "SELECT street, city, state, postal_code FROM address")
        return tuple(rows[0]) if rows else self.initial


class NoteOnPause(SavePath):
    name = "note save on pause"
    initial = ""
    refusal = "The note was not saved; its text is kept and Triad will try again."

    def open(self, app):
        app.open_page("Note")
        app.wait_find("Edit note")

    def shown(self, app, data):
        return app.text("Note text", required=False)

    def prepare(self, app, run):
        self.value = f"note written in run {run}"
        app.click("Edit note")
        app.wait_find("Note editor")

    def act(self, app):
        app.set_text("Note editor", self.value)  # stored by the autosave 0.5 s later
        return self.value

    def outcome(self, app, data, value):
        if app.text("Note status", required=False).startswith("The note was not saved"):
            return "failed"
        return "saved" if self.stored(data) == value else None

    def message(self, app):
        return app.text("Note status", required=False)

    def kept(self, app, value):
        return app.text("Note editor") == value and app.text("Note text") == value

    def again(self, app, value):
        value += ", and again"
        app.set_text("Note editor", value)
        return value

    def stored(self, data):
        rows = query(data, "SELECT text FROM note")
        return rows[0][0] if rows else ""


class Chart(SavePath):
    """A bar set as a screen reader sets it: the model stores each change by itself."""
    name = "chart save"
    initial = 12  # Apples in the first example, before anything is stored
    refusal = "The chart was not saved; its values are kept and Triad will try again."

    def open(self, app):
        app.open_page("Chart")
        app.wait_find("Apples", role="slider")

    def shown(self, app, data):
        return int(app.find("Apples", role="slider").queryValue().currentValue)

    def prepare(self, app, run):
        # Even, and another than the run before's (`again` makes a value odd); at most 25, the
        # top of the bars' scale while Apples has 12 to 25 votes (a slider's value stops there).
        self.value = 14 + 2 * (run % 5)

    def act(self, app):
        app.find("Apples", role="slider").queryValue().currentValue = self.value
        return self.value

    def outcome(self, app, data, value):
        if app.text("Chart status", required=False).startswith("The chart was not saved"):
            return "failed"
        return "saved" if self.stored(data) == value else None

    def message(self, app):
        return app.text("Chart status", required=False)

    def kept(self, app, value):
        table = app.find("Values", role="table").queryTable()
        return self.shown(app, None) == value and table.getAccessibleAt(0, 1).name == str(value)

    def again(self, app, value):
        app.find("Apples", role="slider").queryValue().currentValue = value + 1
        return value + 1

    def stored(self, data):
        rows = query(data, "SELECT votes FROM chart_options WHERE position = 0")
        return rows[0][0] if rows else self.initial


class NoteOnClose(NoteOnPause):
    name = "note save on close"

    def act(self, app):
        app.set_text("Note editor", self.value)
        app.focus("Note editor")
        app.key("ctrl+q")  # quits before the autosave: the window's close stores the note
        return self.value

    def outcome(self, app, data, value):
        if app.process.poll() is not None:
            return "saved" if app.process.returncode == 0 else "crashed"
        if app.text("Note status", required=False).startswith("The note was not saved"):
            return "failed"
        return None

    def again(self, app, value):
        app.focus("Note editor")
        app.key("ctrl+q")
        return value


class Registration(SavePath):
    name = "registration"
    initial = ()
    refusal = "The account was not created; the form keeps what you entered."

    def open(self, app):
        app.open_page("Login")
        app.wait_find("Register…")

    def shown(self, app, data):
        return self.stored(data)

    def prepare(self, app, run):
        self.value = f"fault{run}"
        app.click("Register…")
        app.wait_find("New user name")
        app.set_text("New user name", self.value)
        app.set_text("New password", PASSWORD)
        app.set_text("Confirm password", PASSWORD)

    def act(self, app):
        app.click("Register", role="push button")
        return tuple(sorted(self.previous + (self.value,)))

    def outcome(self, app, data, value):
        if app.text("Login message", required=False).startswith(f"Account {self.value} created"):
            return "saved"
        return "failed" if app.text("Registration message", required=False).startswith("The account was not") else None

    def message(self, app):
        return app.text("Registration message", required=False)

    def kept(self, app, value):
        return (app.text("New user name") == self.value
                and len(app.text("New password")) == len(PASSWORD) == len(app.text("Confirm password")))

    def again(self, app, value):
        app.click("Register", role="push button")
        return value

    def stored(self, data):
        return tuple(sorted(name for (name,) in query(data, "SELECT display_name FROM accounts")))


class AdderNumbers(SavePath):
    name = "the adder's remembered numbers"
    initial = ("100", "200")  # the page's example numbers before anything was remembered
    refusal = "The numbers were not remembered for next time; the sum is still right."

    def open(self, app):
        app.open_page("Adder")
        app.wait_find("First number")

    def shown(self, app, data):
        return (app.text("First number"), app.text("Second number"))

    def prepare(self, app, run):
        self.value = (str(run), "100")
        app.set_text("First number", self.value[0])
        app.set_text("Second number", self.value[1])

    def act(self, app):
        app.click("Add")
        return self.value

    def outcome(self, app, data, value):
        if app.text("Adder storage status", required=False).startswith("The numbers were not"):
            return "failed"
        return "saved" if self.stored(data) == value and app.text("Sum result") == str(int(value[0]) + 100) else None

    def message(self, app):
        return app.text("Adder storage status", required=False)

    def kept(self, app, value):
        return self.shown(app, None) == value and app.text("Sum result") == str(int(value[0]) + 100)

    def again(self, app, value):
        app.click("Add")
        return value

    def stored(self, data):
        rows = dict(query(data, "SELECT key, value FROM settings WHERE key LIKE 'adder.%'"))
        return (rows.get("adder.first", ""), rows.get("adder.second", ""))


class Import(SavePath):
    """Thousands of writes, each run a second or more: the first, middle and last call of each
    point (FIU_SWEEP_ALL and FIU_RUNS widen the other paths' sweeps, not this one)."""
    name = "import of 100,000 rows"
    random_runs = 1

    def calls(self, n):
        return sorted({1, (n + 1) // 2, n})

    def calls_out_of_space(self, n):
        return [(n + 1) // 2]

    initial = 3  # the demo users
    refusal = "Nothing from the file was added; the user list is as it was."
    ROWS = 100_000

    def reset(self, data, expected):
        """Each run imports into a list of the demo users alone. A list grown by every run before
        would be saved to another way (its indexes kept, not rebuilt), with other calls than the
        ones counted, and a fault planned for one of those would never fire."""
        if os.path.exists(os.path.join(data, "triad.sqlite3")):
            connection = sqlite3.connect(os.path.join(data, "triad.sqlite3"), timeout=5)
            with connection:
                connection.execute("DELETE FROM users WHERE email LIKE 'run%.user%@example.com'")
            connection.close()
        return self.stored(data) if os.path.exists(os.path.join(data, "triad.sqlite3")) else expected

    def open(self, app):
        app.open_page("Users")
        wait_for(lambda: app.find("User count", required=False) and app.text("User count") != "", what="the list")

    def shown(self, app, data):
        return int(app.text("User count").split()[0].replace(",", ""))

    def prepare(self, app, run):
        self.path = os.path.join(self.folder, f"users-{run}.csv")
        with open(self.path, "w", encoding="utf-8") as f:
            f.write("first_name,last_name,email,age\n")
            f.writelines(f"First{i},Last{i},run{run}.user{i}@example.com,{20 + i % 60}\n" for i in range(self.ROWS))
        self.before = self.stored(self.data)

    def act(self, app):
        self._choose(app)
        return self.before + self.ROWS

    def _choose(self, app):
        app.click("Import users")
        app.choose_file("Import Users", self.path)
        app.wait_find("Import preview")  # how the file will be read, confirmed as found
        app.click("Import", role="push button")

    def outcome(self, app, data, value):
        result = app.text("Import result", required=False)
        if result.startswith(f"{self.ROWS} users added"):
            return "saved"
        return "failed" if result.startswith("Nothing from the file") else None

    def message(self, app):
        return app.text("Import result", required=False)

    def kept(self, app, value):
        return self.stored(self.data) == self.before

    def again(self, app, value):
        self._choose(app)
        return value

    def stored(self, data):
        return query(data, "SELECT count(*) FROM users")[0][0]


# --- the runs ------------------------------------------------------------------------------------

def plan(scenario, counts, rng):
    """(point, call, errno) for every run of the sweep, from one save's call counts."""
    runs = []
    for point in POINTS:
        n = counts.get(point, 0)
        if n == 0:
            continue
        runs += [(point, call, errno.EIO) for call in scenario.calls(n)]
        if point in ("posix/io/rw/pwrite", "posix/io/rw/write"):
            runs += [(point, call, errno.ENOSPC) for call in scenario.calls_out_of_space(n)]
    used = [p for p in POINTS if counts.get(p, 0)]
    for _ in range(scenario.random_runs if used else 0):
        point = rng.choice(used)
        runs.append((point, rng.randint(1, counts[point]), rng.choice([errno.EIO, errno.ENOSPC])))
    return runs


def settled(read, expected, timeout=10):
    """What `read` returns once it is `expected`, or when `timeout` has passed: the value itself,
    for the caller to check (the page may still be loading when it is first read)."""
    deadline = time.monotonic() + timeout * TIMEOUT_SCALE
    while True:
        try:
            value = read()
        except Exception as error:  # the tree may change under us while the page loads
            value = f"(not readable: {error})"
        if value == expected or time.monotonic() > deadline:
            return value
        time.sleep(0.05)


def one_run(scenario, data, folder, run, fault, expected):
    """Starts the app, checks the last reported save is shown, saves with `fault` (point, call,
    errno; None to count the calls) armed; returns (the value now stored, the library's report,
    the save's outcome)."""
    command = "count" if fault is None else "fail {} {} {}".format(*fault)
    expected = scenario.reset(data, expected)
    control = Control(folder)
    app = App(data_dir=data, env=control.env())
    with app:
        scenario.open(app)
        shown = settled(lambda: scenario.shown(app, data), expected)
        check(shown == expected, f"{scenario.name}: after a restart the window shows {shown!r}; "
                                 f"the last reported save was {expected!r}")
        scenario.prepare(app, run)
        control.send(command)
        TOTALS["saves attempted"] += 1
        value = scenario.act(app)
        result = wait_for(lambda: scenario.outcome(app, data, value), timeout=30,
                          what=f"{scenario.name}: the save's outcome under {command!r}")
        crashed = result == "crashed" or (result != "saved" and app.process.poll() is not None)
        if app.process.poll() is None:
            control.send("off")
            report = control.report()
        else:
            report = control.final_report()
        if crashed:
            TOTALS["crashes"] += 1
            raise TestFailure(f"{scenario.name}: the app died under {command!r}:\n{app.output()[-2000:]}")
        injected = report.get("injected", 0)
        TOTALS["faults injected"] += injected
        calls = ", ".join(f"{p.split('/')[-1]} {report[p]}" for p in POINTS if report.get(p)) or "no wrapped calls"
        if fault is None:
            check(injected == 0, f"{scenario.name}: a fault was injected while only counting ({report})")
        else:
            fired = report.get("fired_point", -1)
            fired = (POINTS[fired] if 0 <= fired < len(POINTS) else None, report.get("fired_call"), report.get("fired_errno"))
            check(injected == 1 and fired == tuple(fault),
                  f"{scenario.name}: the fault {command!r} did not fire as planned (injected {injected}, last {fired}); "
                  f"this save made {calls}: the run tested nothing")
        if result == "failed":
            TOTALS["saves refused"] += 1
            message = scenario.message(app)
            check(message.startswith(scenario.refusal), f"{scenario.name}: the refusal says what happened: {message!r}")
            check(not any(word in message for word in SQLITE_WORDS), f"{scenario.name}: SQLite's words in {message!r}")
            check(" again" in message, f"{scenario.name}: the message says what to do: {message!r}")
            check(scenario.kept(app, value), f"{scenario.name}: what was entered is kept")
            value = scenario.again(app, value)
            TOTALS["saves attempted"] += 1
            wait_for(lambda: scenario.outcome(app, data, value) == "saved", timeout=30,
                     what=f"{scenario.name}: the next save, with the faults stopped, to work without a restart (after {command!r}; {scenario.message(app)!r})")
        if app.process.poll() is None:
            app.kill()  # a crash as far as the store is concerned
    integrity = query(data, "PRAGMA integrity_check")[0][0]
    check(integrity == "ok", f"{scenario.name}: integrity_check says {integrity!r} after {command!r}")
    if scenario.stored(data) != value:
        TOTALS["data lost"] += 1
        raise TestFailure(f"{scenario.name}: stored {scenario.stored(data)!r}, reported {value!r}, after {command!r}")
    return value, report, result


def coverage(scenario, counts, runs):
    """Per failure point: the calls one save makes, the ones failed, the runs that showed the
    refusal and those that saved all the same (`runs`: (point, call, errno, outcome) of each run
    whose fault fired)."""
    lines = []
    for point in POINTS:
        if not counts.get(point):
            continue
        mine = [run for run in runs if run[0] == point]
        failed = sorted({call for _, call, _, _ in mine})
        refused = sum(1 for run in mine if run[3] == "failed")
        errors = "/".join(sorted({ERRNO_NAMES.get(e, str(e)) for _, _, e, _ in mine})) or "-"
        lines.append(f"       {point.split('/')[-1]:9} {counts[point]:6} calls, {len(failed):3} failed ({errors}) in {len(mine)} runs: "
                     f"{refused} showed the refusal, {len(mine) - refused} saved all the same")
    print(f"     {scenario.name}, coverage:\n" + "\n".join(lines), flush=True)


def sweep(scenario):
    def test():
        rng = random.Random(f"{SEED}-{scenario.name}")
        with tempfile.TemporaryDirectory(prefix="triad-faults-", ignore_cleanup_errors=True) as folder:
            data = os.path.join(folder, "data")
            scenario.folder, scenario.data = folder, data
            scenario.previous = ()
            expected = scenario.initial
            # The first save of a new store creates files that later saves find there, and a save
            # after a kill (as every fault run is) opens and syncs what a clean start did not: the
            # calls are counted on a second save, made as the fault runs make theirs.
            for number in (0, 1):
                expected, counts, _ = one_run(scenario, data, folder, number, None, expected)
                scenario.previous = expected if isinstance(expected, tuple) else ()
            runs = plan(scenario, counts, rng)
            calls = ", ".join(f"{p.split('/')[-1]} {counts[p]}" for p in POINTS if counts.get(p))
            print(f"     {scenario.name}: one save makes {calls or 'no wrapped calls'}; {len(runs)} fault runs", flush=True)
            check(runs, f"{scenario.name}: the save made no I/O call the library could fail ({counts})")
            done = []
            try:
                for number, fault in enumerate(runs, start=2):
                    TOTALS["runs"] += 1
                    expected, _, outcome = one_run(scenario, data, folder, number, fault, expected)
                    done.append((*fault, outcome))
                    scenario.previous = expected if isinstance(expected, tuple) else ()
            finally:
                coverage(scenario, counts, done)
            with App(data_dir=data) as app:  # the last restart, without the library
                scenario.open(app)
                shown = settled(lambda: scenario.shown(app, data), expected)
                check(shown == expected, f"{scenario.name}: the last restart shows {shown!r}, the last save was {expected!r}")
    test.__name__ = "test_" + scenario.name.replace(" ", "_").replace("'", "").replace(",", "")
    # The name docs/BAD-INPUT.md gives this save path; the results file records it under it.
    test.result_name = f"faults.{type(scenario).__name__}"
    return test


SCENARIOS = [Address(), NoteOnPause(), NoteOnClose(), Registration(), AdderNumbers(), Import(), Chart()]

if __name__ == "__main__":
    status = run_tests([sweep(s) for s in SCENARIOS], runner="test-faults")
    print("fault injection: " + ", ".join(f"{key} {value}" for key, value in TOTALS.items()), flush=True)
    sys.exit(status)
