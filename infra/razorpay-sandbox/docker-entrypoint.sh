#!/bin/sh
# Starts razorpay-sandbox as the local stack does (infra/razorpay-sandbox/src/server.ts), from its compiled form
# (node infra/docker/build-server.mjs infra/razorpay-sandbox --bundle-all). Configuration comes from the environment only.
set -eu
cd "$(dirname "$0")/../.."
exec node --enable-source-maps infra/razorpay-sandbox/dist/server.mjs "$@"
