#!/bin/sh
# Starts gateway as the local stack does (gateway/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs gateway). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/.."
exec node --enable-source-maps gateway/dist/server.mjs "$@"
