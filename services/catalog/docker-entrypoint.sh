#!/bin/sh
# Starts catalog as the local stack does (services/catalog/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs services/catalog). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/../.."
# The heap is bounded: the catalog keeps its listing in memory (ADR 6) and would otherwise let
# garbage grow to a share of the machine's memory before collecting it.
exec node --enable-source-maps --max-old-space-size="${CATALOG_HEAP_MB:-480}" services/catalog/dist/server.mjs "$@"
