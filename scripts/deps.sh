#!/usr/bin/env bash
# Installs what blankshark needs to build on Debian 12, 13 or testing, if
# missing; with --test also what the tests need (headless Chromium for the
# HTML report, xmllint for the JUnit schema, Python's AES for the
# independent decoder of the encrypted Java captures); with --tshark only
# what building the plugin and running the tshark tests needs (CI's Debian
# 13 and testing legs: no clang, no benchmark library).
set -euo pipefail
# What moved between releases: Debian 12 ships clang 14 with its runtime
# (sanitizers, libFuzzer) as libclang-rt-14-dev; 13 and later have the
# unversioned libclang-rt-dev that follows the default clang.
. /etc/os-release
case "${VERSION_ID:-}" in
  12) clang_rt=libclang-rt-14-dev ;;
  *)  clang_rt=libclang-rt-dev ;;
esac
pkgs=(cmake g++ pkg-config make zlib1g-dev libpcap-dev libglib2.0-dev libwireshark-dev tshark
      googletest libgtest-dev libcli11-dev nlohmann-json3-dev libxxhash-dev libgcrypt20-dev libdeflate-dev libsnappy-dev)
case "${1:-}" in
  --tshark) pkgs+=(python3) ;;  # the tshark-labelled oracles are Python
  --test) pkgs+=(clang "$clang_rt" wireshark-common time perl libbenchmark-dev
                 chromium fonts-liberation bsdutils libxml2-utils python3 python3-cryptography) ;;
  *) pkgs+=(clang "$clang_rt" wireshark-common time perl libbenchmark-dev) ;;
esac
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "installing: ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
$sudo apt-get update -qq
# Through env: sudo drops the caller's environment, and debconf would then ask
# wireshark-common's capture question on the user's terminal.
$sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
