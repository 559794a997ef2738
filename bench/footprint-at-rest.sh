#!/bin/bash
# The platform's footprint at rest on the demo data, for comparing two versions of the code:
#   bench/footprint-at-rest.sh <checkout> <label>
# starts `npm start`'s platform from <checkout> (a clone or worktree with its dependencies
# installed) on a fresh data folder, waits 120 s after it is ready, then prints each process's
# resident (RSS) and proportional (PSS) memory and its CPU over the next 60 s, and stops it.
# Ports 18080 (gateway) and 17880 (media server), and the services' own, must be free.
set -u
dir=$1; label=$2; data=${TMPDIR:-/tmp}/footprint-$label; log=$data.log
rm -rf $data
mkdir -p $data
cd $dir && (DATA_DIR=$data PORT=18080 LIVEKIT_PORT=17880 RAZORPAY_SANDBOX_PORT=0 setsid node --import tsx infra/platform/src/cli.ts > $log 2>&1 & echo $! > $data/launcher.pid)
launcher=$(cat $data/launcher.pid)
# Every process the launcher started, and theirs (the database server's JVM is a grandchild).
descendants() { for child in $(ps -o pid= --ppid "$1"); do echo "$child"; descendants "$child"; done; }
for i in $(seq 1 60); do grep -q "running at" $log && break; sleep 5; done
sleep 120
declare -A a
pids=$(for p in $(descendants $launcher); do ps -o pid=,args= -p $p; done | grep -E "server.ts|server.mjs|java|nats-server|minio|livekit-server" | awk '{print $1}')
for p in $pids; do a[$p]=$(awk '{print $14+$15}' /proc/$p/stat); done
sleep 60
for p in $pids; do
  name=$(ps -o args= -p $p | awk '{print $NF}' | sed -E 's#.*/(services/)?([a-z-]+)/(src/server.ts|dist/server.mjs)#\2#; s#.*/mongo.*|^128$#mongo-java-server#; s#.*nats$#nats#; s#.*minio-certs#minio#; s#.*livekit.yaml#livekit#')
  rss=$(awk '/^Rss/{print int($2/1024)}' /proc/$p/smaps_rollup); pss=$(awk '/^Pss:/{print int($2/1024)}' /proc/$p/smaps_rollup)
  cpu=$(echo "scale=2; ($(awk '{print $14+$15}' /proc/$p/stat)-${a[$p]})/60" | bc)
  echo "$label $name rss=$rss pss=$pss cpu=$cpu%"
done | sort -k2
kill -INT $launcher; sleep 10
