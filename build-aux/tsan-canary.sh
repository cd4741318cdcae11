#!/bin/sh
# Proves the thread sanitizer reports races on this machine before its silence is trusted:
# builds build-aux/tsan-canary.swift (a deliberate race) with -sanitize=thread and fails unless
# the run prints a ThreadSanitizer report.
set -eu
SWIFTC="$(dirname "$1")/swiftc"
OUT=build/tsan-canary
mkdir -p build
"$SWIFTC" -sanitize=thread -Onone -o "$OUT" build-aux/tsan-canary.swift
if TSAN_OPTIONS=halt_on_error=0:exitcode=0 "$OUT" 2>&1 | grep -q "WARNING: ThreadSanitizer:"; then
    echo "tsan-canary: the sanitizer reported the deliberate race"
    echo "tsan-canary: 1 passed, 0 failed"
else
    echo "tsan-canary: no report for a deliberate race; the sanitizer is not watching"
    echo "tsan-canary: 0 passed, 1 failed"
    exit 1
fi
