// REQUIRES: sluice-opt
// --iree-stream-verify-async-access-ranges (stream-passes-1.md §13).

// RUN: sluice-opt --split-input-file --iree-stream-verify-async-access-ranges --verify-diagnostics %s | FileCheck %s

// CHECK-LABEL: @inRangeCopy
util.func public @inRangeCopy(%source: !stream.resource<*>, %target: !stream.resource<*>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  // CHECK: stream.async.copy
  %0 = stream.async.copy %source[%c0 to %c128], %target[%c128 to %c256], %c128 : !stream.resource<*>{%c256} -> %target as !stream.resource<*>{%c256}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @outOfRangeCopy(%source: !stream.resource<*>, %target: !stream.resource<*>) -> !stream.resource<*> {
  %c128 = arith.constant 128 : index
  %c255 = arith.constant 255 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  // expected-error @+3 {{'stream.async.copy' op has invalid Read access range [128 to 512 for 128] of resource %arg0 with size 256; start + length != end}}
  // expected-error @+2 {{'stream.async.copy' op has invalid Write access range [256 to 512 for 128] of resource %arg1 with size 255; start + length != end}}
  // expected-error @+1 {{'stream.async.copy' op has invalid Write access range [256 to 512 for 128] of resource %0 with size 255; start + length != end}}
  %0 = stream.async.copy %source[%c128 to %c512], %target[%c256 to %c512], %c128 : !stream.resource<*>{%c256} -> %target as !stream.resource<*>{%c255}
  util.return %0 : !stream.resource<*>
}

// -----

// Dynamic sizes and bounds are not checked.

// CHECK-LABEL: @dynamicSizes
util.func public @dynamicSizes(%source: !stream.resource<*>, %source_size: index, %target: !stream.resource<*>, %target_size: index, %offset: index, %end: index, %length: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: stream.async.copy
  %0 = stream.async.copy %source[%c0 to %length], %target[%offset to %end], %length : !stream.resource<*>{%source_size} -> %target as !stream.resource<*>{%target_size}
  util.return %0 : !stream.resource<*>
}

// -----

// Each check in turn: start > end.

util.func public @startAfterEnd(%target: !stream.resource<*>) -> !stream.resource<*> {
  %c0_i32 = arith.constant 0 : i32
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  // expected-error @+2 {{'stream.async.fill' op has invalid Write access range [8 to 4 for 4] of resource %arg0 with size 64; start > end}}
  // expected-error @+1 {{'stream.async.fill' op has invalid Write access range [8 to 4 for 4] of resource %0 with size 64; start > end}}
  %0 = stream.async.fill %c0_i32, %target[%c8 to %c4 for %c4] : i32 -> %target as !stream.resource<*>{%c64}
  util.return %0 : !stream.resource<*>
}

// -----

// length > end.

util.func public @lengthAfterEnd(%target: !stream.resource<*>, %offset: index) -> !stream.resource<*> {
  %c0_i32 = arith.constant 0 : i32
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  // expected-error @+2 {{'stream.async.fill' op has invalid Write access range [? to 8 for 16] of resource %arg0 with size 64; length > end}}
  // expected-error @+1 {{'stream.async.fill' op has invalid Write access range [? to 8 for 16] of resource %0 with size 64; length > end}}
  %0 = stream.async.fill %c0_i32, %target[%offset to %c8 for %c16] : i32 -> %target as !stream.resource<*>{%c64}
  util.return %0 : !stream.resource<*>
}

// -----

// start > resource size, length > resource size, end > resource size; a
// resource size found through the defining op.

util.func public @beyondSize(%value: i32) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %c64 = arith.constant 64 : index
  %c80 = arith.constant 80 : index
  %splat = stream.async.splat %value : i32 -> !stream.resource<*>{%c32}
  // The write of the slice result is in range; only the read fails.
  // expected-error @+1 {{'stream.async.slice' op has invalid Read access range [48 to 64 for 16] of resource %0 with size 32; start > resource size}}
  %slice = stream.async.slice %splat[%c48 to %c64] : !stream.resource<*>{%c32} -> !stream.resource<*>{%c16}
  util.return %slice, %splat : !stream.resource<*>, !stream.resource<*>
}

// -----

util.func public @lengthBeyondSize(%value: i32, %target: !stream.resource<*>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // expected-error @+2 {{'stream.async.fill' op has invalid Write access range [0 to 64 for 64] of resource %arg1 with size 32; length > resource size}}
  // expected-error @+1 {{'stream.async.fill' op has invalid Write access range [0 to 64 for 64] of resource %0 with size 32; length > resource size}}
  %0 = stream.async.fill %value, %target[%c0 to %c64 for %c64] : i32 -> %target as !stream.resource<*>{%c32}
  util.return %0 : !stream.resource<*>
}

// -----

// Only the first op with a violation is reported.

util.func public @stopsAtFirstOp(%value: i32, %target: !stream.resource<*>, %offset: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c32 = arith.constant 32 : index
  %c40 = arith.constant 40 : index
  %c64 = arith.constant 64 : index
  // expected-error @+2 {{'stream.async.fill' op has invalid Write access range [? to 64 for 64] of resource %arg1 with size 32; length > resource size}}
  // expected-error @+1 {{'stream.async.fill' op has invalid Write access range [? to 64 for 64] of resource %0 with size 32; length > resource size}}
  %0 = stream.async.fill %value, %target[%offset to %c64 for %c64] : i32 -> %target as !stream.resource<*>{%c32}
  %1 = stream.async.fill %value, %0[%c0 to %c40 for %c40] : i32 -> %0 as !stream.resource<*>{%c32}
  util.return %1 : !stream.resource<*>
}

// -----

// Dispatch ranges (Read|Write for a tied operand) and ranges inside an
// execute region are checked.

util.func public @dispatchInExecute(%target: !stream.resource<*>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %0:2 = stream.async.execute with(%target as %captured: !stream.resource<*>{%c32}) -> %target{%c32} {
    // expected-error @+2 {{'stream.async.dispatch' op has invalid Read|Write access range [16 to 48 for 32] of resource %arg1 with size 32; end > resource size}}
    // expected-error @+1 {{'stream.async.dispatch' op has invalid Read|Write access range [16 to 48 for 32] of resource %0 with size 32; end > resource size}}
    %1 = stream.async.dispatch @ex::@entry(%captured[%c16 to %c48 for %c32]) : (!stream.resource<*>{%c32}) -> %captured{%c32}
    stream.yield %1 : !stream.resource<*>{%c32}
  } => !stream.timepoint
  util.return %0#0 : !stream.resource<*>
}
