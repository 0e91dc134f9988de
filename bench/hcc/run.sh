#!/bin/sh
# HCC engine benchmark (not a timed test). Bundles the CLI and harnesses with esbuild so the figures
# are plain Node (no tsx loader thread), pins each run to one core, and prints wall time and peak RSS.
# Usage: sh bench/hcc/run.sh [count=100000]
set -e
N=${1:-100000}
IN=/tmp/hcc-bench.jsonl
OUT=/tmp/hcc-bench-out
mkdir -p "$OUT"
npx tsx bench/hcc/generate.ts "$N" "$IN"
for f in packages/hcc/src/cli.ts bench/hcc/inprocess.ts bench/hcc/memory.ts; do
  npx esbuild "$f" --bundle --platform=node --format=esm --log-level=warning --outfile="$OUT/$(basename "$f" .ts).mjs"
done
uptime
for spec in "V28 2026" "V24 2025"; do
  set -- $spec
  echo "== CLI $1 PY$2 (bundled; tsx adds ~0.5 s startup)"
  taskset -c 1 /usr/bin/time -f "%e s wall, %U s user, peak RSS %M KB" node "$OUT/cli.mjs" --model "$1" --payment-year "$2" < "$IN" > "$OUT/$1.csv"
  echo "== in-process $1 PY$2"
  taskset -c 1 /usr/bin/time -f "peak RSS %M KB (whole process)" node "$OUT/inprocess.mjs" "$IN" "$1" "$2" 5
  taskset -c 1 node "$OUT/memory.mjs" "$N" "$1" "$2"
done
