#!/bin/bash
# Runs a Fastify plugin's own node:test suite twice, against the real Fastify and against the
# framework's build, and prints the pass and fail counts of each.
#
#   bash scripts/plugin-suite.sh <plugin checkout> [<work dir>]
#
# <plugin checkout>: a directory with the plugin's sources and tests at a release tag (e.g.
# `git clone https://github.com/fastify/fastify-cors && git -C fastify-cors checkout v11.3.0`).
# The checkout is copied to <work dir> (default /tmp/plugin-suites/<name>), its dependencies are
# installed with npm, and `node_modules/fastify` is pointed first at the Fastify it installed, then
# at packages/framework (build it first: `npx pnpm@10.34.9 turbo run build --filter=framework...`),
# whose exports also answer `fastify/lib/errors` and `fastify/lib/symbols`. TAP output of each
# run: <work dir>.fastify.tap and <work dir>.framework.tap. Tests that need a service (rate-limit's
# Redis tests) pass only when it runs on 127.0.0.1.
#
# A release whose npm tarball ships its tests can be run from the tarball itself, e.g. @fastify/otel:
#   (cd /tmp && npm pack @fastify/otel@0.21.2 && mkdir -p otel && tar -xzf fastify-otel-0.21.2.tgz -C otel --strip-components=1)
#   bash scripts/plugin-suite.sh /tmp/otel
# (last run, after the hooks-get-done change: otel 84 ok on Fastify 5, 61 ok / 23 not ok on the framework,
# every leaf failure (18) expecting the root plugin's name `fastify` where API.md names it `framework`;
# before it: 43/73, 18 expecting the root plugin's name
# `fastify` where the framework's is `framework`, 12 lose `done` in hooks the instrumentation wraps;
# @fastify/aws-lambda v6.4.0: 35/36 on both, the one failure being light-my-request 6.8's `, `
# join of array header values.)
set -u
source=$(cd "$1" && pwd)
framework=$(cd "$(dirname "$0")/../packages/framework" && pwd)
work=${2:-/tmp/plugin-suites/$(basename "$source")}
if [ ! -d "$work/node_modules" ]; then
  rm -rf "$work" && mkdir -p "$work"
  tar -C "$source" --exclude=./node_modules --exclude=./.git -cf - . | tar -C "$work" -xf -
  (cd "$work" && npm install --ignore-scripts --no-audit --no-fund --loglevel=error >/dev/null) ||
    { echo "npm install failed in $work" >&2; exit 1; }
  mv "$work/node_modules/fastify" "$work/fastify-real"
fi
files=$(cd "$work" && find test -name '*.test.js' -o -name '*.test.mjs' | sort)
run() {
  rm -rf "$work/node_modules/fastify"
  ln -s "$2" "$work/node_modules/fastify"
  (cd "$work" && timeout 600 node --test --test-reporter=tap $files >"$work.$1.tap" 2>&1)
  echo "$(basename "$work") $1: pass=$(grep -ac '^ *ok ' "$work.$1.tap") fail=$(grep -ac '^ *not ok ' "$work.$1.tap")"
}
run fastify "$work/fastify-real"
run framework "$framework"
