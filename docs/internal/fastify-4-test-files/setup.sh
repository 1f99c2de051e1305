#!/usr/bin/env bash
# Lays out a copy of Fastify v4.29.1 whose tests run against this repository's build.
# usage: setup.sh FASTIFY_GIT_DIR [DEST]   (FASTIFY_GIT_DIR: a clone of fastify/fastify with its tags)
# DEST (default /tmp/ft/v4) gets the tagged tree; its dev dependencies are installed from npm
# (linters, coverage and type tools left out); `fastify.js` and fastify-plugin's entry are replaced
# by shims that load the framework's build (FRAMEWORK_DIST and FRAMEWORK_PLUGIN pick another
# build); `FST_ERR` is renamed `FRM_ERR` in the test files (API.md's renaming of error codes).
# The untouched test files go to test-orig/ (the reference run against Fastify itself).
set -euo pipefail
git_dir=$1
dest=${2:-/tmp/ft/v4}
repo=$(cd "$(dirname "$0")/../../.." && pwd)
mkdir -p "$(dirname "$dest")"
rm -rf "$dest"
git -C "$git_dir" archive v4.29.1 --prefix="$(basename "$dest")/" | tar x -C "$(dirname "$dest")"
cd "$dest"
node -e '
const fs = require("fs")
const p = require("./package.json")
const dropped = /eslint|standard|snazzy|markdownlint|tsd|typescript|autocannon|branch-comparer|concurrently|@types\/node|pre-commit|^c8$/
for (const name of Object.keys(p.devDependencies)) if (dropped.test(name)) delete p.devDependencies[name]
fs.writeFileSync("package.json", JSON.stringify(p, null, 2))'
npm install --ignore-scripts --no-audit --no-fund
mv fastify.js fastify.orig.js
# The named exports are assigned by name so that Node's CommonJS lexer lists them for ESM importers
# (`import { fastify } from '../../fastify.js'`), as the real fastify.js does.
cat > fastify.js <<SHIM
'use strict'
const framework = require(process.env.FRAMEWORK_DIST || '$repo/packages/framework/dist/index.cjs')
module.exports = framework
module.exports.fastify = framework.fastify
module.exports.errorCodes = framework.errorCodes
module.exports.default = framework.default
SHIM
# fastify-plugin 4.x: its entry is plugin.js (package.json "main"); the original is kept beside it.
plugin_main=node_modules/fastify-plugin/$(node -p 'require("./node_modules/fastify-plugin/package.json").main || "index.js"')
mv "$plugin_main" "${plugin_main%.js}.orig.js"
cat > "$plugin_main" <<SHIM
'use strict'
const fp = require(process.env.FRAMEWORK_PLUGIN || '$repo/packages/plugin/dist/index.cjs')
const fastifyPlugin = function fastifyPlugin (fn, options) { return fp(fn, options) }
module.exports = fastifyPlugin
module.exports.default = fastifyPlugin
module.exports.fastifyPlugin = fastifyPlugin
SHIM
grep -rl FST_ERR test | xargs sed -i 's/FST_ERR/FRM_ERR/g'
# The tests as Fastify ships them, for the reference run against Fastify itself (classify.py --ref):
# it lists every test, so the ones a run against the framework never reached are counted.
git -C "$git_dir" archive v4.29.1 test | tar x --transform 's,^test,test-orig,' -C .
echo "ready: $dest"
