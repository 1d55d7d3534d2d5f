#!/usr/bin/env bash
# Regenerates docs/dialects/*.md from the ODS definitions with mlir-tblgen
# (-gen-dialect-doc): every op with its summary, description, syntax, operands,
# results, attributes and traits/interfaces; and docs/passes/<dialect>.md from
# every dialect's Transforms/Passes.td (-gen-pass-doc): flag, summary,
# description and options of every pass.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
tblgen=/usr/lib/llvm-22/bin/mlir-tblgen
out="$root/docs/dialects"
mkdir -p "$out"
inc=(-I "$root/include" -I /usr/lib/llvm-22/include)
gen() { # <td file> <dialect> <output name>
  "$tblgen" -gen-dialect-doc -dialect="$2" "${inc[@]}" "$root/$1" -o "$out/$3.md"
  echo "wrote docs/dialects/$3.md"
}
gen include/sluice/Dialect/Stream/IR/StreamOps.td stream stream
gen include/sluice/Dialect/IOParameters/IR/IOParametersOps.td io_parameters io_parameters
gen include/sluice/Dialect/Util/IR/UtilOps.td util util
gen include/sluice/Dialect/HAL/IR/HALOps.td hal hal
gen include/sluice/Dialect/Flow/IR/FlowOps.td flow flow
gen include/sluice/Dialect/TensorExt/IR/TensorExtOps.td iree_tensor_ext iree_tensor_ext
gen include/sluice/Dialect/Encoding/IR/EncodingOps.td iree_encoding iree_encoding
gen include/sluice/Dialect/Codegen/IR/IREECPUAttrs.td iree_cpu iree_cpu
gen include/sluice/Dialect/Codegen/IR/IREEGPUAttrs.td iree_gpu iree_gpu
gen include/sluice/Dialect/VM/IR/VMOps.td vm vm
# One-table index of the stream ops (phase, interfaces, traits).
json="$(mktemp)"
/usr/lib/llvm-22/bin/llvm-tblgen --dump-json "${inc[@]}" \
  "$root/include/sluice/Dialect/Stream/IR/StreamOps.td" -o "$json"
python3 "$root/scripts/gen-op-index.py" "$json" stream "stream ops: phase and interfaces" \
  > "$out/stream-op-index.md"
rm -f "$json"
echo "wrote docs/dialects/stream-op-index.md"
# Pass reference: one page per dialect with a Transforms/Passes.td.
passes_out="$root/docs/passes"
mkdir -p "$passes_out"
for td in "$root"/include/sluice/Dialect/*/Transforms/Passes.td; do
  dialect="$(basename "$(dirname "$(dirname "$td")")")"
  name="$(echo "$dialect" | tr '[:upper:]' '[:lower:]')"
  {
    echo "# $dialect passes"
    echo
    echo "Generated from \`include/sluice/Dialect/$dialect/Transforms/Passes.td\` by \`scripts/gen-docs.sh\`; do not edit."
    echo
    "$tblgen" -gen-pass-doc "${inc[@]}" "$td"
  } > "$passes_out/$name.md"
  echo "wrote docs/passes/$name.md"
done
# Passes outside the dialects: the native ABI bindings.
{
  echo "# Native ABI binding passes"
  echo
  echo "Generated from \`include/sluice/Bindings/Native/Transforms/Passes.td\` by \`scripts/gen-docs.sh\`; do not edit."
  echo
  "$tblgen" -gen-pass-doc "${inc[@]}" "$root/include/sluice/Bindings/Native/Transforms/Passes.td"
} > "$passes_out/bindings-native.md"
echo "wrote docs/passes/bindings-native.md"
# Phase input passes (lib/Input).
{
  echo "# Phase input passes"
  echo
  echo "Generated from \`include/sluice/Input/Passes.td\` by \`scripts/gen-docs.sh\`; do not edit."
  echo
  "$tblgen" -gen-pass-doc "${inc[@]}" "$root/include/sluice/Input/Passes.td"
} > "$passes_out/input.md"
echo "wrote docs/passes/input.md"
