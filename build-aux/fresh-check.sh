#!/bin/sh
# `make fresh-check`: the README's commands on a fresh Debian 12 machine.
#
# A minimal Debian 12 tree (debootstrap --variant=minbase) with only Swift's documented
# prerequisites (swift.org, "Installation via Tarball", Debian 12) plus make, git and
# ca-certificates is kept in the user's cache folder (build-aux/debootstrap-tree.sh: remade when
# that list or the mirror changes). Each run copies it to build/fresh/root, clones the committed
# tree (HEAD, not the work tree) into the copy, and runs inside it, as root, with /opt/swift bound
# read-only and nothing else of the host's but apt's download folder (see below): `make build`
# (which installs what `make run` needs), `triad --version`, the model tests and the adder
# real-window tests (which install what `make test` needs). It prints what each step had to
# install, and the time.
set -eu
cd "$(dirname "$0")/.."
top=$(pwd)
work="$top/build/fresh"
started=$(date +%s)
[ -x /opt/swift/usr/bin/swift ] || { echo "fresh-check: needs Swift in /opt/swift"; exit 1; }
command -v bwrap >/dev/null || { echo "fresh-check: needs bwrap (bubblewrap, pulled in by flatpak)"; exit 1; }

# Swift's prerequisites for Debian 12 (binutils-gold is a virtual package there: binutils).
prerequisites="binutils gcc git libcurl4-openssl-dev libedit-dev libicu-dev libncurses-dev libpython3-dev \
libsqlite3-dev libxml2-dev pkg-config tzdata uuid-dev make ca-certificates"
base=$(build-aux/debootstrap-tree.sh fresh "$(echo $prerequisites | tr ' ' ',')")
# The packages the steps download are kept between runs (apt checks each against the index it has
# just fetched, so a kept one is used only if it is the very package the index names). What is
# installed, and how, is what a fresh machine does.
archives="${XDG_CACHE_HOME:-$HOME/.cache}/triad/fresh-apt-archives"
mkdir -p "$work" "$archives/partial"

echo "== a fresh copy of the tree, and a clone of the committed Triad in /root/triad"
rm -rf "$work/root"
cp -a "$base" "$work/root"
cp /etc/resolv.conf "$work/root/etc/resolv.conf" 2>/dev/null || true
git clone -q "$top" "$work/root/root/triad"
git -C "$work/root/root/triad" log -1 --format='   commit %h %s'

cat >"$work/root/root/fresh-steps.sh" <<'STEPS'
set -eu
cd /root/triad
step() { printf '\n== fresh: %s\n' "$*"; }
step "make build (installs what make run needs)"
make build 2>&1 | tee /root/build.log | grep -E '^Installing:|error|Build of product|Error' || true
test -x .build/release/triad
step "triad --version"
.build/release/triad --version
step "model tests (with what make run needs alone)"
make test-model 2>&1 | tee /root/model.log | grep -E '^Installing:|^test-model:|Executed [0-9]+ tests|error:' || true
grep -q "with 0 failures" /root/model.log
# make test runs this stage beside others (the fuzzer, flatpak-check's builds): the adder tests here
# check the fresh machine, not latency, so their waits are stretched (TRIAD_TIMEOUT_SCALE).
step "adder real-window tests (installs what make test needs)"
make test-ui TRIAD_UI_ONLY=test_adder. 2>&1 | tee /root/ui.log | grep -E '^(Installing:|PASS|FAIL|SKIP)|passed, ' || true
grep -qE '^[1-9][0-9]* passed, 0 failed' /root/ui.log
STEPS

status=0
bwrap --bind "$work/root" / --ro-bind /opt/swift /opt/swift --bind "$archives" /var/cache/apt/archives --dev /dev --proc /proc --perms 1777 --tmpfs /tmp --tmpfs /run \
    --unshare-pid --unshare-ipc --unshare-uts --die-with-parent --cap-add ALL --clearenv \
    --setenv PATH /opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    --setenv HOME /root --setenv LANG C.UTF-8 --setenv TERM dumb \
    --setenv TRIAD_TIMEOUT_SCALE "${TRIAD_TIMEOUT_SCALE:-3}" \
    /bin/sh /root/fresh-steps.sh || status=$?

echo
echo "== fresh-check summary"
for log in build model ui; do
    installed=$(grep -h '^Installing:' "$work/root/root/$log.log" 2>/dev/null | sed 's/^Installing://' | tr '\n' ' ')
    [ -n "$installed" ] && echo "   make $( [ $log = ui ] && echo test-deps || echo deps ) installed:$installed"
done
echo "   took $(( $(date +%s) - started )) s"
if [ "$status" -ne 0 ]; then
    echo "fresh-check: FAILED (exit $status); logs in $work/root/root/*.log"
    for log in build model ui; do tail -15 "$work/root/root/$log.log" 2>/dev/null; done
    exit "$status"
fi
echo "fresh-check: passed"
