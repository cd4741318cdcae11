#!/bin/sh
# `make fuzz [FUZZ_SECONDS=N]`: libFuzzer with address sanitizer on every model entry point that
# takes user text or files (Tests/TriadModelTests/Fuzz/FuzzTargets.swift, with the oracles in
# Fuzz/Oracles/ that check the imports' counts and round trips). A crash, a sanitizer report (a
# leak among them: libFuzzer's leak check runs after an input that allocated more than it freed),
# a failed check or an input running longer than libFuzzer's -timeout below fails.
#
# Time-boxed, as CIFuzz does: each target fuzzes for FUZZ_SECONDS (libFuzzer's -max_total_time),
# two targets at a time (FUZZ_JOBS; each libFuzzer process uses one processor), so the stage takes
# about the same time whatever the machine; FUZZ_RUNS caps the inputs as well, FUZZ_TARGETS picks
# targets, FUZZ_SEED fixes libFuzzer's seed (otherwise its log names the one it drew).
#
# The corpus is kept and grows from run to run: each target starts from its cached corpus and
# from the committed one (Tests/Fuzz/corpus/<target>/, which the model tests replay), and the inputs
# a run finds that reach new code are merged into the cache (libFuzzer's -merge=1), in
# FUZZ_CORPUS (${XDG_CACHE_HOME:-~/.cache}/triad/fuzz-corpus/<target>/), outside the tree. CI keeps
# it as it keeps the flatpak and fresh-machine trees: in the user's cache folder of the machine it
# runs on; a hosted CI restores and saves that folder between runs (its cache step). A run without
# it starts from the committed corpus.
#
# The clock is the wall's, and make test runs the fuzzer beside other stages on two cores: the
# per-input limit is set so that a stall of the machine is not taken for a hang (an input that
# loops forever still ends the run; a slow one shows in the log's slowest-unit line). Crashing
# inputs are left in build/fuzz/ — fix the bug, then add the input to Tests/Fuzz/corpus/<target>/
# so the model tests replay it forever.
set -eu
cd "$(dirname "$0")/.."
seconds=${FUZZ_SECONDS:-60}
jobs=${FUZZ_JOBS:-2}
targets=${FUZZ_TARGETS:-"adder address username password csv json decode sniff table"}
cache=${FUZZ_CORPUS:-${XDG_CACHE_HOME:-$HOME/.cache}/triad/fuzz-corpus}
export SWIFT_BACKTRACE=enable=no  # let the sanitizer report crashes, not the Swift backtracer
out=build/fuzz
mkdir -p "$out"
swiftc=$(dirname "$(command -v swift)")/swiftc
glib_flags=$(pkg-config --cflags glib-2.0 | sed 's/-I/-Xcc -I/g')
sources="$(find Sources/TriadModel -name "*.swift" | sort) $(find Tests/TriadModelTests/Fuzz -name "*.swift" ! -name "*Tests.swift" | sort)"
# Compiled again only when a source is newer than the fuzzer (a run after a run, e.g. to repeat one).
# shellcheck disable=SC2086
[ -x "$out/triad-fuzz" ] && [ -z "$(find $sources build-aux/fuzz.sh -newer "$out/triad-fuzz")" ] ||
"$swiftc" -sanitize=fuzzer,address -use-ld=lld -parse-as-library -D FUZZING -O -swift-version 6 -module-name TriadFuzz \
    $sources \
    -I Sources/CSQLite -I Sources/CCrypt -I Sources/CIntl -I Sources/CGLib -I Sources/CPWQuality $glib_flags \
    -lsqlite3 -lcrypt -lglib-2.0 -lpwquality -o "$out/triad-fuzz"

# One target: fuzz into a folder of this run's new inputs, then merge those that reach new code
# into the cached corpus. Its outcome goes to $out/<target>.status.
fuzz_one() {
    target=$1
    new="$out/new-$target"
    rm -rf "$new"
    mkdir -p "$new" "$cache/$target"
    # shellcheck disable=SC2086
    if FUZZ_TARGET=$target "$out/triad-fuzz" -max_total_time="$seconds" ${FUZZ_RUNS:+-runs=$FUZZ_RUNS} \
        ${FUZZ_SEED:+-seed=$FUZZ_SEED} -timeout=10 -max_len=8192 -print_final_stats=1 -artifact_prefix="$out/$target-" \
        "$new" "$cache/$target" "Tests/Fuzz/corpus/$target" >"$out/$target.log" 2>&1 &&
        FUZZ_TARGET=$target "$out/triad-fuzz" -merge=1 -timeout=10 -max_len=8192 -artifact_prefix="$out/$target-merge-" \
            "$cache/$target" "$new" >"$out/$target-merge.log" 2>&1; then
        echo passed >"$out/$target.status"
    else
        echo failed >"$out/$target.status"
    fi
}

rm -f "$out"/*.status
started=$(date +%s)
running=0
for target in $targets; do
    fuzz_one "$target" &
    running=$((running + 1))
    # Each target runs for the same time: a batch of FUZZ_JOBS ends together.
    if [ "$running" -ge "$jobs" ]; then
        wait
        running=0
    fi
done
wait
passed=0
failed=0
for target in $targets; do
    if [ "$(cat "$out/$target.status" 2>/dev/null)" = passed ]; then
        passed=$((passed + 1))
        done_line=$(grep -o '^Done [0-9]* runs in [0-9]* second' "$out/$target.log" | tail -1)
        kept=$(find "$cache/$target" -type f | wc -l)
        echo "PASS fuzz $target ($(echo "$done_line" | cut -d' ' -f2) inputs in $(echo "$done_line" | cut -d' ' -f5) s; cached corpus $kept inputs)"
    else
        failed=$((failed + 1))
        echo "FAIL fuzz $target (build/fuzz/$target.log)"
        grep -hE "ERROR|SUMMARY|Fatal|==[0-9]+==" "$out/$target.log" "$out/$target-merge.log" 2>/dev/null | head -8
    fi
done
echo "fuzz: $(( $(date +%s) - started )) s of fuzzing, $jobs targets at a time; corpus cached in $cache"
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
