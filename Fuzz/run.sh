#!/usr/bin/env bash
# Fuzz/run.sh TARGET SECONDS SEED_DIR… — one libFuzzer run of .build-fuzz/debug/TARGET
# (called by `make fuzz`). The corpus grows in .build-fuzz/corpus/TARGET; findings land in
# .build-fuzz/artifacts/TARGET-*. Prints executions, CPU time and findings; fails on a finding.
# Findings are crashes, sanitizer reports, leaks, timeouts (-timeout) and OOMs; slow units
# (libFuzzer's slow-unit-*, over 10 s of wall time, common on a loaded machine) are
# counted apart and do not fail the run.
set -uo pipefail
target=$1 seconds=$2; shift 2
root=.build-fuzz
mkdir -p "$root/corpus/$target" "$root/artifacts"
seeds=()
for d in "$@"; do [ -d "$d" ] && seeds+=("$d"); done
log="$root/$target.log"
findings() { ls "$root/artifacts" | grep -cE "^$target-(crash|leak|timeout|oom)-" || true; }
slow() { ls "$root/artifacts" | grep -c "^$target-slow-unit-" || true; }
before=$(findings) slow_before=$(slow)
TIMEFORMAT='%U %S'
cpu=$( { time SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$root/debug/$target" \
          -max_total_time="$seconds" -timeout=30 -rss_limit_mb=3072 -print_final_stats=1 \
          -artifact_prefix="$root/artifacts/$target-" "$root/corpus/$target" "${seeds[@]}" > "$log" 2>&1 ; } 2>&1 )
status=$?
runs=$(grep -E '^stat::number_of_executed_units' "$log" | awk '{print $2}')
cov=$(grep -E '^#[0-9]+[[:space:]]+(DONE|INITED)' "$log" | tail -1 | grep -oE 'cov: [0-9]+ ft: [0-9]+')
after=$(findings) slow_after=$(slow)
minutes=$(echo "$cpu" | awk '{printf "%.1f", ($1 + $2) / 60}')
echo "$target: ${runs:-?} runs, $cov, ${minutes} CPU-minutes, $((after - before)) new findings, $((slow_after - slow_before)) slow units (log $log)"
grep -E 'ERROR: (AddressSanitizer|libFuzzer)|Fatal error' "$log" | head -3
[ "$status" = 0 ] && [ "$after" = "$before" ]
