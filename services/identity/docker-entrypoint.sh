#!/bin/sh
# Starts identity as the local stack does (services/identity/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs services/identity). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps services/identity/dist/server.mjs "$@"
