#!/usr/bin/env bash
# usage: run.sh OUT.tap [test files relative to the Fastify copy; default: what its .taprc lists]
# env: V4DIR (the Fastify v4.29.1 copy made by setup.sh, default /tmp/ft/v4), FRAMEWORK_DIST (the
# framework build's dist/index.cjs), FRAMEWORK_PLUGIN (framework-plugin's dist/index.cjs).
# Runs Fastify's test files with its own runner (tap 16, its .taprc: 30 s per file, two at a time)
# and writes tap's TAP output to OUT.tap; count it with classify.py.
out=$(realpath -m "$1"); shift
cd "${V4DIR:-/tmp/ft/v4}"
node_modules/.bin/tap --no-coverage -R tap -j2 "$@" > "$out"
echo "done: $out"
