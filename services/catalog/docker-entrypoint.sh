#!/bin/sh
# Starts catalog as the local stack does (services/catalog/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs services/catalog). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps services/catalog/dist/server.mjs "$@"
