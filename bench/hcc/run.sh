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
# RxHCC V08 and ESRD V24 (PY2026) beside V28, on the Part D / ESRD input shape.
OTHER=/tmp/hcc-other.jsonl
npx tsx bench/hcc/generate-other.ts "$N" "$OTHER"
npx esbuild bench/hcc/inprocess-other.ts --bundle --platform=node --format=esm --log-level=warning --outfile="$OUT/inprocess-other.mjs"
for model in V28 RxHCC ESRD-V24; do
  echo "== CLI $model PY2026 (bundled), Part D / ESRD input"
  taskset -c 1 /usr/bin/time -f "%e s wall, %U s user, peak RSS %M KB" node "$OUT/cli.mjs" --model "$model" --payment-year 2026 < "$OTHER" > "$OUT/other-$model.csv"
done
taskset -c 1 node "$OUT/inprocess-other.mjs" "$OTHER" 5
# Independent check: with a checkout of pfehlinger/risk_adjustment_model 0.7.0 in RAM_SRC (its src folder),
# score the same input there and compare the CSVs byte for byte.
if [ -n "$RAM_SRC" ]; then
  for model in RxHCC ESRD-V24; do
    python3 bench/hcc/reference_check.py "$RAM_SRC" "$model" < "$OTHER" > "$OUT/reference-$model.csv"
    cmp "$OUT/reference-$model.csv" "$OUT/other-$model.csv" && echo "$model: every row identical to risk_adjustment_model"
  done
fi
