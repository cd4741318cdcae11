#!/bin/sh
# `make fuzz [FUZZ_RUNS=N]`: libFuzzer with address sanitizer on every model entry point that
# takes user text or files (Tests/TriadModelTests/Fuzz/FuzzTargets.swift, with the oracles in
# Fuzz/Oracles/ that check the imports' counts and round trips). Each target runs N inputs
# (default 200,000; FUZZ_SEED picks the random seed, 1 by default so CI runs are repeatable)
# starting from its committed corpus; a crash, a sanitizer report, a failed check or an input
# running longer than libFuzzer's -timeout below fails. Its clock is the wall's, and make test
# runs the fuzzer beside the flatpak and fresh-machine checks on two cores: the limit is set so
# that a stall of the machine is not taken for a hang (an input that loops forever still ends the
# run; a slow one shows in the log's slowest-unit line). Crashing inputs are left in build/fuzz/ —
# fix the bug, then add the input to Tests/Fuzz/corpus/<target>/ so the model tests replay it
# forever.
set -eu
cd "$(dirname "$0")/.."
runs=${FUZZ_RUNS:-200000}
export SWIFT_BACKTRACE=enable=no  # let the sanitizer report crashes, not the Swift backtracer
out=build/fuzz
mkdir -p "$out"
swiftc=$(dirname "$(command -v swift)")/swiftc
glib_flags=$(pkg-config --cflags glib-2.0 | sed 's/-I/-Xcc -I/g')
# shellcheck disable=SC2086
"$swiftc" -sanitize=fuzzer,address -use-ld=lld -parse-as-library -D FUZZING -O -swift-version 6 -module-name TriadFuzz \
    $(find Sources/TriadModel -name "*.swift" | sort) $(find Tests/TriadModelTests/Fuzz -name "*.swift" ! -name "*Tests.swift" | sort) \
    -I Sources/CSQLite -I Sources/CCrypt -I Sources/CIntl -I Sources/CGLib -I Sources/CPWQuality $glib_flags \
    -lsqlite3 -lcrypt -lglib-2.0 -lpwquality -o "$out/triad-fuzz"
passed=0
failed=0
for target in adder address username password csv json decode sniff table; do
    mkdir -p "$out/corpus-$target"
    if FUZZ_TARGET=$target "$out/triad-fuzz" -runs="$runs" -seed="${FUZZ_SEED:-1}" -timeout=10 -max_len=8192 -print_final_stats=1 \
        -artifact_prefix="$out/$target-" "$out/corpus-$target" "Tests/Fuzz/corpus/$target" >"$out/$target.log" 2>&1; then
        passed=$((passed + 1))
        execs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$out/$target.log" | grep -o '[0-9]*$')
        echo "PASS fuzz $target ($execs inputs)"
    else
        failed=$((failed + 1))
        echo "FAIL fuzz $target"; grep -E "ERROR|SUMMARY|Fatal|==[0-9]+==" "$out/$target.log" | head -8
    fi
done
echo "fuzz: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
