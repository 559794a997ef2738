#!/bin/sh
# Starts the Node server of this image as the local stack does (<folder>/src/server.ts), from its
# compiled form. app.env (written from the platform registry at build time) names the folder and
# the heap bound; configuration comes from the environment only. `exec`, so signals reach Node.
set -eu
cd "$(dirname "$0")/../.."
. "${APP_PROFILE:-./app.env}"
heap=$(eval "echo \"\${${HEAP_VARIABLE:-NO_HEAP_VARIABLE}:-$DEFAULT_HEAP_MB}\"")
exec node ${heap:+--max-old-space-size="$heap"} "$APP_DIR/dist/server.mjs" "$@"
