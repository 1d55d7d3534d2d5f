// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-stream-memory-report=- %s -o /dev/null | FileCheck %s
// RUN: sluice-opt --split-input-file --sluice-stream-memory-report="output-file=- format=json" %s -o /dev/null | FileCheck %s --check-prefix=JSON
// RUN: sluice-opt --split-input-file --sluice-stream-dump-timeline=%t.svg %s | FileCheck %s --check-prefix=IR
// RUN: %python %S/Inputs/check_timeline_svg.py %t.svg | FileCheck %s --check-prefix=SVG

// Robustness of --sluice-stream-memory-report and --sluice-stream-dump-timeline
// (both read MemoryModel.h) on valid IR of unusual shapes. Every split must
// be reported without crashing or hanging, with the sizes the IR states.

// The fuzz reproducer (a mutant of cmd_folding.mlir, rc 139 before the fix):
// a `stream.cmd.call` passes a primitive (i32) before its resources. Its
// offsets and lengths belong to the resource operands only; pairing them
// with every operand read past the end of the ranges. The transient
// storage is a function argument seen through a subview: its size is the
// subview's source size (arg3).

// CHECK-LABEL: function @fold_subviews_into_call
// CHECK:       slab 0 (external): arg3, 1 slot, slots max-live 0 B
// CHECK:       external transients:  accessed storage: 1 buffer, slots max-live lower bound 0 B
// CHECK:       schedule:             1 execution region, 1 level, 0 host waits
// JSON:        "name": "fold_subviews_into_call"
// JSON:        "size_formula": "arg3"
// IR:          stream.cmd.call @hook(%arg4, ro
"builtin.module"() ({
  "stream.cmd.func"() <{arg_attrs = [{}, {}, {}, {}, {}, {}, {}], function_type = (i32, i1, index, index, !stream.resource<*>, index, index) -> (), sym_name = "hook", sym_visibility = "private"}> ({
  }) : () -> ()
  "util.func"() <{function_type = (!stream.resource<external>, index, !stream.resource<transient>, index, i32) -> !stream.timepoint, sym_name = "fold_subviews_into_call", sym_visibility = "public", tied_operands = [-1 : index]}> ({
  ^bb0(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.resource<transient>, %arg3: index, %arg4: i32):
    %0 = "arith.constant"() <{value = 0 : index}> : () -> index
    %1 = "arith.constant"() <{value = 0 : index}> : () -> index
    %2 = "arith.constant"() <{value = 32 : index}> : () -> index
    %3 = "stream.resource.subview"(%arg2, %arg3, %2, %2) : (!stream.resource<transient>, index, index, index) -> !stream.resource<transient>
    %4 = "stream.cmd.execute"(%arg0, %3, %arg1, %2) <{operandSegmentSizes = array<i32: 2, 2, 0>}> ({
    ^bb0(%arg5: !stream.resource<external>, %arg6: !stream.resource<transient>):
      "stream.cmd.call"(%arg4, %arg5, %arg6, %arg1, %2, %0, %1, %arg1, %1) <{callee = @hook, operandSegmentSizes = array<i32: 3, 2, 2, 2, 0>, resource_operand_accesses = [1 : i32, 3 : i32]}> : (i32, !stream.resource<external>, !stream.resource<transient>, index, index, index, index, index, index) -> ()
      "stream.yield"() : () -> ()
    }) : (!stream.resource<external>, !stream.resource<transient>, index, index) -> !stream.timepoint
    "util.return"(%4) : (!stream.timepoint) -> ()
  }) : () -> ()
}) : () -> ()

// -----

// A call with a primitive operand and two ranges of one transient storage:
// the read of [0, 16) and the write of [64, 192) are two slots (144 bytes
// live together), not the i32 paired with the first range.

// CHECK-LABEL: function @call_with_primitive
// CHECK:       slab 0 (external): 256 B, 2 slots, slots max-live 144 B
// CHECK:       accessed storage: 1 buffer, slots max-live lower bound 144 B
// JSON-LABEL:  "name": "call_with_primitive"
// JSON:        "slots_max_live_bytes": 144
// IR-LABEL:    util.func public @call_with_primitive
stream.cmd.func private @hook(%arg0: i32, %arg1[%arg2 for %arg3]: !stream.resource<*>, %arg4[%arg5 for %arg6]: !stream.resource<*>)
util.func public @call_with_primitive(%arg0: !stream.resource<transient>, %arg1: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %t = stream.cmd.execute with(%arg0 as %r: !stream.resource<transient>{%c256}) {
    stream.cmd.call @hook(%arg1, ro %r[%c0 for %c16], wo %r[%c64 for %c128]) : (i32, !stream.resource<transient>{%c256}, !stream.resource<transient>{%c256}) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

// A size defined in terms of itself (valid in an unreachable block, which
// dominance does not constrain): the formula printer used to loop forever.

// CHECK-LABEL: function @self_referencing_size
// CHECK:       1 allocation, <cycle> + arg0 in total
// JSON-LABEL:  "name": "self_referencing_size"
// JSON:        "<cycle> + arg0"
// IR-LABEL:    util.func public @self_referencing_size
util.func public @self_referencing_size(%arg0: index) {
  util.return
^bb1:
  %0 = arith.addi %0, %arg0 : index
  %r, %t = stream.resource.alloca uninitialized : !stream.resource<transient>{%0} => !stream.timepoint
  util.return
}

// -----

// Byte counts beyond int64 and reflection constants that are not byte
// counts: sums saturate at 2^64-1 (JSON prints the unsigned value), a
// negative or wider-than-64-bit constant is reported as such.

// CHECK-LABEL: function @huge
// CHECK:       3 allocations, 18446744073709551615 B (16777216.0 TiB) in total
// CHECK-LABEL: function @negative_constant
// CHECK:       external transients:  unknown [iree.abi.transients.size.constant is not a byte count]
// CHECK-LABEL: function @wide_constant
// CHECK:       external transients:  unknown [iree.abi.transients.size.constant is not a byte count]
// JSON-LABEL:  "name": "huge"
// JSON:        "bytes": 18446744073709551615
// JSON-LABEL:  "name": "negative_constant"
// JSON:        "error": "iree.abi.transients.size.constant is not a byte count"
// IR-LABEL:    util.func public @huge
util.func public @huge() {
  %c = arith.constant 9223372036854775807 : index
  %r0, %t0 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c} => !stream.timepoint
  %r1, %t1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c} => !stream.timepoint
  %r2, %t2 = stream.resource.alloca uninitialized : !stream.resource<transient>{%c} => !stream.timepoint
  util.return
}
util.func public @negative_constant() attributes {iree.reflection = {iree.abi.transients.size.constant = -1 : index}} {
  util.return
}
util.func public @wide_constant() attributes {iree.reflection = {iree.abi.transients.size.constant = 1180591620717411303424 : i128}} {
  util.return
}

// The picture of the last split parses and has its three slabs.
// SVG: function @huge: 0 execution regions, 0 levels, 3 transient slabs
// SVG-NEXT: lane=0 region=0 wait=0 host-wait=0 slab=3 slot=0
