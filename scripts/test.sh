#!/usr/bin/env bash
# The one test command: installs what is missing, configures, builds, runs the lit suite and every
# GoogleTest binary, and ends with a summary line "N passed, N failed" (non-zero exit on any failure).
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SLUICE_BUILD_DIR:-$root/build}"
start=$(date +%s)

"$root/scripts/setup.sh" || { echo "setup failed"; exit 1; }
"$root/scripts/build.sh" "$build" || { echo "build failed"; echo "0 passed, 1 failed"; exit 1; }

log_dir="$build/test-logs"
mkdir -p "$log_dir"

# lit
lit_bin=/usr/lib/llvm-22/bin/lit
"$lit_bin" -sv --xunit-xml-output="$log_dir/lit.xml" "$build/test" 2>&1 | tee "$log_dir/lit.log"
lit_rc=${PIPESTATUS[0]}
lit_passed=$(grep -Eo '^ *Passed *: *[0-9]+' "$log_dir/lit.log" | grep -Eo '[0-9]+' || echo 0)
lit_xfail=$(grep -Eo '^ *Expectedly Failed *: *[0-9]+' "$log_dir/lit.log" | grep -Eo '[0-9]+' || echo 0)
lit_unsupported=$(grep -Eo '^ *Unsupported *: *[0-9]+' "$log_dir/lit.log" | grep -Eo '[0-9]+' || echo 0)
lit_failed=$(grep -Eo '^ *(Failed|Unexpectedly Passed|Unresolved|Timed Out) *: *[0-9]+' "$log_dir/lit.log" | awk -F: '{s += $2} END {print s + 0}')
[ -n "$lit_failed" ] || lit_failed=0
if [ "$lit_rc" -ne 0 ] && [ "$lit_failed" -eq 0 ]; then lit_failed=1; fi

# GoogleTest (through CTest)
(cd "$build" && ctest --output-on-failure -j "$(nproc)" 2>&1) | tee "$log_dir/ctest.log"
ctest_rc=${PIPESTATUS[0]}
ct_line=$(grep -E 'tests passed, [0-9]+ tests failed out of [0-9]+' "$log_dir/ctest.log" | tail -1)
ct_failed=$(echo "$ct_line" | sed -E 's/.*tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\1/')
ct_total=$(echo "$ct_line" | sed -E 's/.*tests passed, ([0-9]+) tests failed out of ([0-9]+).*/\2/')
[ -n "$ct_line" ] || { ct_failed=0; ct_total=0; }
if [ "$ctest_rc" -ne 0 ] && [ "$ct_failed" -eq 0 ]; then ct_failed=1; fi
ct_passed=$((ct_total - ct_failed))

passed=$((lit_passed + lit_xfail + ct_passed))
failed=$((lit_failed + ct_failed))
end=$(date +%s)
echo
echo "=== Sluice test summary ==="
echo "lit:        $((lit_passed + lit_xfail)) passed, $lit_failed failed, $lit_unsupported unsupported"
echo "GoogleTest: $ct_passed passed, $ct_failed failed"
echo "time:       $((end - start)) s (setup + build + tests)"
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
