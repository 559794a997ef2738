#!/bin/sh
# Serves shells/host/dist (built by `npm run build --workspace shells/host`) with the static web server.
# Configuration comes from the environment only (see infra/docker/static-server/server.mjs).
set -eu
cd "$(dirname "$0")/../.."
exec node infra/docker/static-server/server.mjs "$@"
