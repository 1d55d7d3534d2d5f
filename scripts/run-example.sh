#!/usr/bin/env bash
# The main job on the bundled examples: installs what is missing, builds, then
# for each examples/*.mlir verifies it with sluice-opt, prints it, re-parses the
# printed IR and checks that printing is a fixed point (print -> parse -> print
# is identical). Legacy-literal examples are also normalized to the SSA form.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SLUICE_BUILD_DIR:-$root/build}"
"$root/scripts/setup.sh"
"$root/scripts/build.sh" "$build"
opt="$build/bin/sluice-opt"
out="$build/examples"
mkdir -p "$out"
status=0
for f in "$root"/examples/*.mlir; do
  name="$(basename "$f" .mlir)"
  if "$opt" --verify-each "$f" -o "$out/$name.1.mlir" &&
     "$opt" "$out/$name.1.mlir" -o "$out/$name.2.mlir" &&
     cmp -s "$out/$name.1.mlir" "$out/$name.2.mlir"; then
    echo "ok    $name: verified, printed and re-parsed identically ($out/$name.1.mlir)"
  else
    echo "FAIL  $name"
    status=1
  fi
done
echo
echo "--- examples/parameter_io.mlir as printed by sluice-opt ---"
cat "$out/parameter_io.1.mlir"
echo "--- examples/legacy_literal_parameters.mlir after --sluice-io-materialize-parameter-literals ---"
"$opt" --sluice-io-materialize-parameter-literals "$root/examples/legacy_literal_parameters.mlir"
exit $status
