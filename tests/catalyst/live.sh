#!/usr/bin/env bash
# Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
# live.py on 2 ranks. A Live client (live_client.py, pvpython, listening as
# the ParaView GUI does) receives a non-empty isosurface. With no GUI the run
# is not held up: first nothing listens on the port; then a listener that
# accepts and drops connections shows that Live really tries to connect at
# every in-situ call, and the run still ends. Rank 0 says once, at the
# script's load, that nothing listens when nothing does (the closed port, and
# only then: not with the client or the listener).
source "$(dirname "$0")/common.sh"
in=$SRC/inputs/default-3d.toml
# said NAME COUNT: the run's log holds the no-listener line COUNT times (naming host:port).
said() {
  local n
  n=$(grep -c "nothing listens" "$WORK/$1.log" || true)
  echo "$1: the no-listener line appears $n time(s)"
  [[ $n == "$2" ]] || { cat "$WORK/$1.log"; echo "FAIL: expected it $2 time(s)"; exit 1; }
  [[ $2 == 0 ]] || grep -qF "$warning" "$WORK/$1.log" || { echo "FAIL: the line does not say '$warning'"; exit 1; }
}
small=(grid.n=24 grid.L=24 time.steps=30 insitu.every=10 insitu.script="$SRC/inputs/catalyst/live.py")
port=$($PY -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
warning="grayscott: warning: insitu: live.py: nothing listens at localhost:$port for Catalyst Live"

# A client that extracts the isosurface (v at the default iso value is above
# it at step 0 only, on this small grid: the first update must hold cells).
timeout -k 5 150 pvpython "$SRC/tests/catalyst/live_client.py" "$port" "$WORK/ready" "$WORK/client.json" 120 \
  </dev/null >"$WORK/client.log" 2>&1 &
client=$!
for _ in $(seq 300); do [[ -e $WORK/ready ]] && break; sleep 0.1; done
[[ -e $WORK/ready ]] || { kill $client; cat "$WORK/client.log"; echo "FAIL: the Live client did not start listening"; exit 1; }
GS_INSITU_LIVE_URL=localhost:$port run_gs 2 180 "$in" "${small[@]}" output.dir="$WORK/client" >"$WORK/client-run.log" 2>&1 \
  || { kill $client; cat "$WORK/client-run.log"; echo "FAIL: run with a Live client did not finish cleanly"; exit 1; }
wait $client || true
said client-run 0
# The check looks, it does not connect: a listening GUI would print a failed handshake.
grep -q "failed during handshake" "$WORK/client.log" && { cat "$WORK/client.log"; echo "FAIL: the listener saw a probing connection"; exit 1; }
$PY - "$WORK/client.json" <<'PYEOF'
import json, sys
seen = json.load(open(sys.argv[1]))
print("Live client: connected %s, closed %s, isosurface cells per update %s" % (seen["connected"], seen["closed"], seen["cells"]))
assert seen["connected"], "the simulation never connected to the client"
assert seen["cells"] and seen["cells"][0] > 0, "the client received an empty isosurface"
PYEOF

start=$(date +%s)
GS_INSITU_LIVE_URL=localhost:$port run_gs 2 180 "$in" "${small[@]}" output.dir="$WORK/nogui" >"$WORK/nogui.log" 2>&1 \
  || { cat "$WORK/nogui.log"; echo "FAIL: run with Live and no GUI did not finish cleanly"; exit 1; }
echo "no GUI on port $port: run finished in $(($(date +%s) - start)) s"
said nogui 1

$PY - "$port" "$WORK/attempts" <<'PYEOF' &
import socket, sys
s = socket.socket()
s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
s.bind(("127.0.0.1", int(sys.argv[1])))
s.listen(8)
s.settimeout(120)
n = 0
try:
    while True:
        c, _ = s.accept()
        n += 1
        open(sys.argv[2], "w").write(str(n))
        c.close()
except socket.timeout:
    pass
PYEOF
listener=$!
sleep 0.5
GS_INSITU_LIVE_URL=localhost:$port run_gs 2 180 "$in" "${small[@]}" output.dir="$WORK/dropped" >"$WORK/dropped.log" 2>&1 \
  || { kill $listener; cat "$WORK/dropped.log"; echo "FAIL: run with a dropping listener did not finish cleanly"; exit 1; }
kill $listener 2>/dev/null || true
said dropped 0
attempts=$(cat "$WORK/attempts" 2>/dev/null || echo 0)
echo "listener that drops connections: $attempts connection attempts for 4 in-situ calls"
[[ $attempts -ge 1 ]] || { echo "FAIL: Live never tried to connect"; exit 1; }
echo "all checks passed"
