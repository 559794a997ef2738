#!/bin/sh
# Serves mfe-tutor/dist (built by `npm run build --workspace mfe-tutor`) with the static web server.
# Configuration comes from the environment only (see infra/docker/static-server/server.mjs).
set -eu
cd "$(dirname "$0")/.."
exec node infra/docker/static-server/server.mjs "$@"
