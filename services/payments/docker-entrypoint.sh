#!/bin/sh
# Starts payments as the local stack does (services/payments/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs services/payments). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps services/payments/dist/server.mjs "$@"
