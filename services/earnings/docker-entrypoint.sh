#!/bin/sh
# Starts earnings as the local stack does (services/earnings/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs services/earnings). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps services/earnings/dist/server.mjs "$@"
