#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# One Xvfb for every catalyst test (a ctest fixture):
#   xvfb.sh start STATE_DIR   start it on a free display, write STATE_DIR/display
#   xvfb.sh stop STATE_DIR    stop the one started there; fails if it had already
#                             exited or does not exit cleanly, exit 77 if none was started
# -noreset: without it, multi-rank runs lose their X connection some of the
# time when another client disconnects. Exit 77 (skipped) without Xvfb.
set -euo pipefail
mode=$1 state=$2
case $mode in
  start)
    if ! command -v Xvfb >/dev/null; then
      echo "SKIP: Xvfb is not installed (Debian: apt-get install xvfb); catalyst tests need an X display"
      exit 77
    fi
    mkdir -p "$state"
    rm -f "$state/display" "$state/display.num"
    # -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
    setsid Xvfb -displayfd 3 -screen 0 1280x1024x24 -noreset -nolisten tcp 3>"$state/display.num" \
      >"$state/xvfb.log" 2>&1 </dev/null &
    echo $! >"$state/xvfb.pid"
    for _ in $(seq 100); do
      [[ -s $state/display.num ]] && break
      kill -0 "$(cat "$state/xvfb.pid")" 2>/dev/null || { cat "$state/xvfb.log"; echo "Xvfb exited"; exit 1; }
      sleep 0.1
    done
    [[ -s $state/display.num ]] || { echo "Xvfb did not start within 10 s"; exit 1; }
    echo ":$(tr -d '\n' <"$state/display.num")" >"$state/display"
    echo "Xvfb pid $(cat "$state/xvfb.pid") on display $(cat "$state/display")"
    ;;
  stop)
    [[ -f $state/xvfb.pid ]] || { echo "SKIP: no Xvfb was started in $state: nothing to stop"; exit 77; }
    pid=$(cat "$state/xvfb.pid") num=$(tr -d '\n' <"$state/display.num" 2>/dev/null || true)
    rm -f "$state/xvfb.pid" "$state/display" "$state/display.num"
    gone() {  # an exited process may linger as a zombie: state Z counts as gone
      [[ ! -d /proc/$pid ]] || [[ $(awk '/^State:/ {print $2}' "/proc/$pid/status" 2>/dev/null || echo Z) == Z ]]
    }
    # Our Xvfb only: a pid whose process is gone may since belong to another.
    if gone || [[ $(cat "/proc/$pid/comm" 2>/dev/null) != Xvfb ]]; then
      cat "$state/xvfb.log" 2>/dev/null || true
      echo "FAIL: Xvfb (pid $pid, display :$num) had exited before the stop: the tests after that had no display"
      exit 1
    fi
    kill "$pid"
    for _ in $(seq 100); do gone && break; sleep 0.1; done
    if ! gone; then
      kill -9 "$pid" 2>/dev/null || true
      echo "FAIL: Xvfb (pid $pid) still ran 10 s after SIGTERM (killed)"
      exit 1
    fi
    # A clean exit removes the display's lock file and socket (a display left
    # locked would be skipped by every later Xvfb on this machine).
    for f in "/tmp/.X$num-lock" "/tmp/.X11-unix/X$num"; do
      [[ -n $num && ! -e $f ]] || { echo "FAIL: Xvfb exited but left $f"; exit 1; }
    done
    echo "Xvfb pid $pid on display :$num stopped; its lock file and socket are gone"
    ;;
  *) echo "usage: xvfb.sh start|stop STATE_DIR" >&2; exit 2 ;;
esac
