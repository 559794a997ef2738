#!/bin/sh
# Starts todo as the local stack does (services/todo/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs services/todo). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps services/todo/dist/server.mjs "$@"
