#!/usr/bin/env bash
# One Xvfb for every catalyst test (a ctest fixture):
#   xvfb.sh start STATE_DIR   start it on a free display, write STATE_DIR/display
#   xvfb.sh stop STATE_DIR    stop the one started there
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
    if [[ -f $state/xvfb.pid ]]; then
      kill "$(cat "$state/xvfb.pid")" 2>/dev/null || true
      rm -f "$state/xvfb.pid" "$state/display" "$state/display.num"
    fi
    ;;
  *) echo "usage: xvfb.sh start|stop STATE_DIR" >&2; exit 2 ;;
esac
