"""`make bench`: start → first frame and peak RSS of triad against the C reference window.

Both programs run alternately, N times each, under one `Xvfb -noreset` and one D-Bus session.
Start → first frame is measured on the harness's own monotonic clock: the time before spawning
to the `monotonic-us` the program prints when its first frame is drawn. Peak RSS is the child's
ru_maxrss from wait4. Medians, min–max and the ratios Triad / C are printed.
No timing is asserted anywhere: this prints figures for people to read.
"""
import os
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TRIAD = os.environ.get("TRIAD_BIN") or os.path.join(ROOT, ".build", "release", "triad")
REFERENCE = os.environ.get("REFERENCE_BIN") or os.path.join(ROOT, "build", "adder-reference")
RUNS = int(os.environ.get("BENCH_RUNS", "20"))


def one_run(command, env):
    started = time.monotonic()
    process = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    output = process.stdout.read()
    _, status, usage = os.wait4(process.pid, 0)
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0 or "monotonic-us=" not in output:
        raise RuntimeError(f"{command[0]} failed ({process.returncode}): {output!r}")
    frame_us = int(output.split("monotonic-us=")[1].split()[0])
    return (frame_us / 1e6 - started) * 1000.0, usage.ru_maxrss / 1024.0


def summary(values):
    return statistics.median(values), min(values), max(values)


def startup_benchmark():
    env = dict(os.environ, TRIAD_DATA_DIR=os.path.join(os.environ.get("TMPDIR", "/tmp"), f"triad-bench-{os.getpid()}"))
    results = {"triad": ([], []), "C": ([], [])}
    commands = {"triad": [TRIAD, "--quit-after-first-frame"], "C": [REFERENCE]}
    for name in commands:  # one warm-up each (page cache, font cache)
        one_run(commands[name], env)
    for _ in range(RUNS):
        for name in ("triad", "C"):  # alternate so drift affects both alike
            ms, rss = one_run(commands[name], env)
            results[name][0].append(ms)
            results[name][1].append(rss)
    print(f"Start → first frame and peak RSS, {RUNS} alternating runs each (adder page)")
    print(f"{'program':<8} {'median ms':>10} {'min–max ms':>16} {'median RSS MB':>14} {'min–max MB':>14}")
    for name in ("triad", "C"):
        t, r = summary(results[name][0]), summary(results[name][1])
        print(f"{name:<8} {t[0]:>10.1f} {t[1]:>7.1f}–{t[2]:<8.1f} {r[0]:>14.1f} {r[1]:>6.1f}–{r[2]:<7.1f}")
    time_ratio = statistics.median(results["triad"][0]) / statistics.median(results["C"][0])
    rss_ratio = statistics.median(results["triad"][1]) / statistics.median(results["C"][1])
    print(f"ratio triad/C: time ×{time_ratio:.2f} (target ≤ 1.10), RSS ×{rss_ratio:.2f} (target ≤ 1.20)")


def login_benchmark():
    """Password verification time and the main loop's longest stall during a login."""
    tool = os.environ.get("TRIAD_BENCH_BIN") or os.path.join(os.path.dirname(TRIAD), "triad-bench")
    output = subprocess.run([tool], capture_output=True, text=True, check=True).stdout
    figures = {line.split()[0]: dict(kv.split("=") for kv in line.split()[1:]) for line in output.splitlines()}
    verify, stall = figures["verify-ms"], figures["login-stall-ms"]
    print()
    print("Password check (yescrypt through libxcrypt) and main-loop stall during a login")
    print(f"verify: median {verify['median']} ms, min–max {verify['min']}–{verify['max']} ms "
          f"over {verify['runs']} runs (target 100–500 ms)")
    ratio = int(stall["worker"]) / max(1, int(stall["on-main-loop"]))
    print(f"longest main-loop stall: {stall['worker']} ms with the check on a worker thread, "
          f"{stall['on-main-loop']} ms when checked on the loop (baseline); ratio ×{ratio:.2f} (target ≤ 20 ms)")


if __name__ == "__main__":
    startup_benchmark()
    login_benchmark()
