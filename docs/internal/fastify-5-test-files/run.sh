#!/usr/bin/env bash
# usage: run-v5.sh OUTDIR [test files relative to the Fastify copy, e.g. test/hooks.test.js]
# env: V5DIR (the Fastify v5.12.1 copy, default /tmp/ft/v5), FRAMEWORK_DIST (the framework build's
# dist/index.cjs), FRAMEWORK_PLUGIN (framework-plugin's dist/index.cjs).
# Writes one TAP file per test file into OUTDIR; summarise with
#   python3 docs/internal/fastify-5-test-files/sum.py OUTDIR files      (per-file pass/fail, total)
#   python3 docs/internal/fastify-5-test-files/sum.py OUTDIR fails NAME (failing tests of files whose name contains NAME)
out=$(realpath -m "$1"); shift
cd "${V5DIR:-/tmp/ft/v5}"
mkdir -p "$out"
if [ $# -eq 0 ]; then set -- $(find test -name '*.test.js' -o -name '*.test.mjs' | sort); fi
printf '%s\n' "$@" | xargs -P 2 -I{} sh -c 'f="{}"; timeout 300 node --test --test-reporter=tap --test-timeout=60000 "$f" > "'"$out"'/$(echo $f | tr / _).tap" 2>&1'
echo done
