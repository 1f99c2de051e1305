#!/bin/sh
# Runs startup-exp.mjs N times with the given options; prints min and median of process-total ms.
opts=${1:-'{}'}; n=${2:-5}
for i in $(seq $n); do node "$(dirname "$0")/startup-exp.mjs" "$opts"; done | node -e '
const rows = require("fs").readFileSync(0, "utf8").trim().split("\n").map(JSON.parse)
const t = rows.map(r => r.total).sort((a,b)=>a-b), rss = rows.map(r=>r.rss).sort((a,b)=>a-b)
console.log(process.argv[1], "total min", t[0], "median", t[t.length>>1], "rss median", rss[rss.length>>1])' "$opts"
