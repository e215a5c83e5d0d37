#!/usr/bin/env bash
# Proves the README's two commands on fresh Debian releases, the way a new
# user meets them: in a `debootstrap` chroot of each release, with the
# checkout under /root as root, and under /home as an ordinary user with
# sudo. The commands are read from the README's first ```sh block, so what
# is tested is what the README says.
#
#   Debian 12 bookworm  Wireshark 4.0
#   Debian 13 trixie    Wireshark 4.4
#   Debian testing      Wireshark 4.6 (forky)
#
# Usage (as root: debootstrap, chroot, mount):
#   tests/distros/run.sh [-r "bookworm trixie testing"] [--as root|user|both] [--quick | --stages S]
#     --quick   the main command, then the test command's first stage only
#               (ctest: unit, end-to-end and every tshark test with that
#               release's tshark) instead of all four stages
#     --stages  the main command, then these of the test command's stages
#               ("ctest asan fuzz hostile", scripts/test.sh)
#     --tshark  CI's leg (.ci/run, as root): not the README's commands but
#               `scripts/deps.sh --tshark` and the test command's tshark
#               stage: the plugin built against that release's Wireshark,
#               only what the tests labelled tshark need, and those tests
#               (`ctest -L tshark`)
# The checkout's committed HEAD is what is tested (a `git clone`), with
# ../shared beside it as in CI.
#
# Each release's base system (debootstrap --variant=minbase) is cached in
# $BLANKSHARK_DISTROS_CACHE (default /var/cache/blankshark-distros) and
# brought up to date when older than a week; every leg runs in a fresh copy
# of it, removed afterwards (KEEP=1 keeps it for a look).
#
# Time on 2 cores, measured: debootstrap about 20 s (first run only); a
# --quick leg (deps.sh, the main command's build, the ctest stage) 10 min
# for trixie as root and 16 min for testing as the user, each while another
# build shared the cores. The whole test command is about 35 min on the host
# (CI: 2013 s); a full leg in a chroot has not been timed yet, expect 35-50
# min. `--quick` over three releases and both legs: about 1.5 h; everything:
# about 5 h.
set -euo pipefail
# A mount namespace of our own, private: the chroot's mounts (a bind of /dev
# among them) never propagate to the host's, and vanish with us whatever
# happens to the clean-up.
if [ -z "${BLANKSHARK_DISTROS_NS:-}" ] && unshare --mount --propagation private true 2>/dev/null; then
  export BLANKSHARK_DISTROS_NS=1
  exec unshare --mount --propagation private "$0" "$@"
fi
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
shared=$(cd "$repo/../shared" 2>/dev/null && pwd || true)
cache=${BLANKSHARK_DISTROS_CACHE:-/var/cache/blankshark-distros}
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
releases="bookworm trixie testing"
as=both
stages=""
tshark_leg=0
while [ $# -gt 0 ]; do
  case "$1" in
    -r) releases=$2; shift 2 ;;
    --as) as=$2; shift 2 ;;
    --quick) stages=ctest; shift ;;
    --stages) stages=$2; shift 2 ;;
    --tshark) stages=tshark; tshark_leg=1; shift ;;
    *) echo "usage: $0 [-r RELEASES] [--as root|user|both] [--quick | --stages STAGES | --tshark]" >&2; exit 2 ;;
  esac
done
[ "$(id -u)" -eq 0 ] || { echo "$0: needs root (debootstrap, chroot, mount)" >&2; exit 2; }
[ -n "$shared" ] || { echo "$0: ../shared (the captures) not found beside $repo" >&2; exit 2; }
command -v debootstrap >/dev/null || { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }

# The README's two commands: the non-comment lines of its first ```sh block.
mapfile -t cmds < <(awk '/^```sh/{b++; next} /^```/{if (b==1) exit} b==1 && !/^#/ && NF' "$repo/README.md")
[ ${#cmds[@]} -eq 2 ] || { echo "$0: expected two commands in README.md's first sh block, found ${#cmds[@]}" >&2; exit 2; }
main_cmd=${cmds[0]}
test_cmd=${cmds[1]}
if [ -n "$stages" ]; then
  test_cmd="scripts/deps.sh --test && BLANKSHARK_TEST_STAGES='$stages' scripts/test.sh"
fi
if [ "$tshark_leg" = 1 ]; then
  main_cmd="scripts/deps.sh --tshark"
  test_cmd="BLANKSHARK_TEST_STAGES=tshark scripts/test.sh"
fi

mkdir -p "$cache"
# testing's Release files carry Valid-Until; a mirror that is a snapshot (as
# here) serves them expired. Stable releases have none, so this changes
# nothing there.
apt_conf='Acquire::Check-Valid-Until "false";'

base_of() {  # the cached minbase system of a release, made or refreshed
  local r=$1 b=$cache/$1.base
  local script=$r
  [ -e "/usr/share/debootstrap/scripts/$r" ] || script=sid  # testing: sid's script
  if [ ! -e "$b/.complete" ]; then
    rm -rf --one-file-system "$b"
    echo "== $r: debootstrap (minbase)" >&2
    debootstrap --variant=minbase "$r" "$b" "$mirror" "/usr/share/debootstrap/scripts/$script" >"$cache/$r.debootstrap.log" 2>&1 \
      || { tail -n 20 "$cache/$r.debootstrap.log" >&2; exit 1; }
    echo "$apt_conf" >"$b/etc/apt/apt.conf.d/99blankshark-snapshot-mirror"
    touch "$b/.complete"
  elif [ -n "$(find "$b/.complete" -mtime +7)" ]; then
    echo "== $r: refreshing the cached base" >&2
    cp /etc/resolv.conf "$b/etc/resolv.conf"
    chroot "$b" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get -y -qq dist-upgrade >/dev/null'
    touch "$b/.complete"
  fi
  echo "$b"
}

# The mounts under a chroot, deepest first, from the kernel's table (not a
# list of our own: a mount whose command failed after mounting, or one made
# inside, must go too).
mounts_under() { awk -v r="$1" '$5 == r || index($5, r "/") == 1 {print $5}' /proc/self/mountinfo | sort -r; }

# Ends what still runs in the chroot (a daemon a test started) and unmounts
# everything under it. Fails when a mount stays: then the chroot must not be
# removed (rm would walk into the host's /dev).
release_root() {
  local root=$1 p m
  [ -d "$root" ] || return 0
  for p in /proc/[0-9]*; do
    [ "$(readlink "$p/root" 2>/dev/null)" = "$root" ] && kill -KILL "${p#/proc/}" 2>/dev/null || true
  done
  for m in $(mounts_under "$root"); do umount "$m" 2>/dev/null || umount -l "$m" || true; done
  if [ -n "$(mounts_under "$root")" ]; then
    echo "$0: still mounted under $root, not removing it:" >&2
    mounts_under "$root" >&2
    return 1
  fi
}

# Removes a chroot, never crossing into a mount.
remove_root() { release_root "$1" && rm -rf --one-file-system "$1"; }

current_root=""
cleanup() { [ -z "$current_root" ] || release_root "$current_root" || true; }
trap cleanup EXIT

# Runs one leg: a fresh copy of the release's base, the checkout cloned into
# the user's home with shared/ beside it, then the two commands (with CI as
# set here: CI=true, from .ci/run, makes a test that lacks a tool fail).
leg() {
  local r=$1 who=$2 base root home user log t0 rc=0
  base=$(base_of "$r")
  root=$cache/$r.$who.run
  log=$cache/$r.$who.log
  remove_root "$root" || return 1
  current_root=$root
  cp -a "$base" "$root"
  cp /etc/resolv.conf "$root/etc/resolv.conf"
  mount -t proc proc "$root/proc"
  mount --bind /dev "$root/dev"
  mount --bind /dev/pts "$root/dev/pts"
  mount -t tmpfs tmpfs "$root/tmp"
  chmod 1777 "$root/tmp"
  # /dev/shm is a mount of its own, not in the /dev bind: a user's Chromium
  # (the report test) needs it writable, as on any machine.
  mount -t tmpfs -o mode=1777 tmpfs "$root/dev/shm"
  if [ "$who" = root ]; then
    home=/root user=root
  else
    # An ordinary user who may sudo, as on a developer's machine.
    home=/home/dev user=dev
    chroot "$root" sh -c 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq sudo >/dev/null'
    chroot "$root" useradd -m -s /bin/bash dev
    echo 'dev ALL=(ALL) NOPASSWD: ALL' >"$root/etc/sudoers.d/dev"
    chmod 0440 "$root/etc/sudoers.d/dev"
  fi
  git clone -q "$repo" "$root$home/blankshark"
  cp -a "$shared" "$root$home/shared"
  chroot "$root" chown -R "$user:" "$home/blankshark" "$home/shared"
  echo "== $r as $user: $(chroot "$root" sh -c '. /etc/os-release; echo "$PRETTY_NAME"'), log $log" >&2
  t0=$(date +%s)
  # As a shell a user types into: -e, no pipefail (the main command ends in `| head`).
  local script="set -e; cd $home/blankshark
echo '### main command'; $main_cmd
echo '### tshark'; tshark --version | head -n 1
echo '### test command'; $test_cmd"
  if [ "$who" = root ]; then
    chroot "$root" env -i HOME=/root PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb CI="${CI:-}" bash -c "$script" >"$log" 2>&1 || rc=$?
  else
    chroot "$root" env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin TERM=dumb \
      runuser -u dev -- env HOME=/home/dev CI="${CI:-}" bash -c "$script" >"$log" 2>&1 || rc=$?
  fi
  release_root "$root" || rc=1
  current_root=""
  local secs=$(($(date +%s) - t0))
  local tests
  tests=$(grep -E 'tests passed|tests failed' "$log" | tr '\n' ' ' || true)
  printf '%-9s %-5s %s exit %d in %d min %s\n' "$r" "$who" "$(grep -m1 '^TShark' "$log" || echo '?')" \
    "$rc" $((secs / 60)) "$tests" | tee -a "$cache/summary.txt"
  if [ $rc -ne 0 ]; then
    echo "== $r as $user failed; the end of $log:" >&2
    tail -n 80 "$log" >&2
  fi
  [ "${KEEP:-0}" = 1 ] || remove_root "$root" || rc=1
  return $rc
}

failed=0
for r in $releases; do
  case "$as" in
    root | both) leg "$r" root || failed=1 ;;
  esac
  case "$as" in
    user | both) leg "$r" user || failed=1 ;;
  esac
done
exit $failed
