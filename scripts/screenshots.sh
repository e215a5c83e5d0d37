#!/usr/bin/env bash
# Remakes the README's screenshots from this build, so they stay true:
#   docs/images/report.png     the HTML report of a lossy blank session, in headless Chromium
#   docs/images/wireshark.png  Wireshark's window with the plugin, a blank PlayerCorrection
#                              selected and its fields expanded (Xvfb, as an unprivileged user)
# Needs: chromium, wireshark-qt, xvfb, xdotool, imagemagick (apt-get install); a build
# (scripts/build.sh). Look at both PNGs before committing them.
# Usage: scripts/screenshots.sh [BUILD_DIR]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
out=$root/docs/images
for tool in chromium wireshark Xvfb xdotool import convert; do
  command -v "$tool" >/dev/null || { echo "$0: needs $tool (apt-get install chromium wireshark-qt xvfb xdotool imagemagick)" >&2; exit 1; }
done
stage=$(mktemp -d /tmp/blankshark-screenshots.XXXXXX)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$out" "$stage/plugins" "$stage/profile"

# The report: the top of the page (header, conversation table, the
# conversation's figures, sentence and first charts).
(cd "$root" && "$build/analyzer/blankshark" report -q captures/blank-fa73e36-lossy-5pct.pcap -o "$stage/report.html")
timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
  --user-data-dir="$stage/profile" --proxy-server=127.0.0.1:9 --host-resolver-rules='MAP * ~NOTFOUND' \
  --window-size=1100,1900 --screenshot="$stage/report-full.png" "file://$stage/report.html" >/dev/null 2>&1
convert "$stage/report-full.png" -crop 1100x1900+0+0 +repage -strip "$out/report.png"

# Wireshark: runs unprivileged (as root it ignores WIRESHARK_PLUGIN_DIR), so
# the plugin and the capture go where user nobody can read them.
cp -r "$build/plugins/." "$stage/plugins/"
cp "$root/captures/blank-fa73e36-two-clients.pcap" "$stage/capture.pcap"
chmod -R a+rX "$stage"
mkdir -p "$stage/home" && chmod 777 "$stage/home"  # Wireshark's profile folder, writable by the user it runs as
disp=:$((90 + RANDOM % 50))
Xvfb "$disp" -screen 0 1600x1000x24 >/dev/null 2>&1 &
xpid=$!
sleep 1
run_as=()
[ "$(id -u)" -eq 0 ] && run_as=(setpriv --reuid=65534 --regid=65534 --clear-groups)
"${run_as[@]}" env HOME="$stage/home" DISPLAY="$disp" WIRESHARK_PLUGIN_DIR="$stage/plugins" QT_QPA_PLATFORM=xcb \
  wireshark -r "$stage/capture.pcap" -o gui.layout_type:2 -Y 'blank.player_correction' -g 483 >/dev/null 2>&1 &
wpid=$!
sleep "${WAIT:-15}"
wid=$(DISPLAY=$disp xdotool search --onlyvisible --class wireshark 2>/dev/null | tail -1 || true)
if [ -n "$wid" ]; then
  DISPLAY=$disp xdotool windowmove "$wid" 0 0 windowsize "$wid" 1600 1000 2>/dev/null || true
  sleep 2
  # the details pane (lower half of this layout): focus it, collapse all, go to
  # its last item (blank's) and expand that one's subtrees
  DISPLAY=$disp xdotool mousemove 200 560 click 1 key ctrl+Left End shift+Right 2>/dev/null || true
  sleep 2
fi
DISPLAY=$disp import -window root "$stage/wireshark.png"
kill "$wpid" 2>/dev/null || true
sleep 1
kill "$xpid" 2>/dev/null || true
wait 2>/dev/null || true
convert "$stage/wireshark.png" -strip "$out/wireshark.png"
ls -l "$out/report.png" "$out/wireshark.png"
