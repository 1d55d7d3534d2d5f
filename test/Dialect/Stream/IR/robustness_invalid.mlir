// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// Regression inputs found by scripts/fuzz-ir.py: each used to crash sluice-opt
// (segfault/assertion) and must now get a diagnostic instead.

// A workgroup count region without a terminator: the custom parser used to
// call Block::getTerminator() on the empty block.
stream.executable private @ex {
  // expected-error @+1 {{empty block: expect at least a terminator}}
  stream.executable.export public @gemm workgroups(%arg0: index) -> (index, index, index) {
  }
}

// -----

// Same, in the generic form (reaches ExecutableExportOp::verify, which runs
// before the region verifier).
"stream.executable"() <{sym_name = "ex", sym_visibility = "private"}> ({
  // expected-error @+1 {{empty block: expect at least a terminator}}
  "stream.executable.export"() <{function_ref = @gemm, sym_name = "gemm"}> ({
  ^bb0(%arg0: index):
  }) : () -> ()
  "stream.executable.end"() : () -> ()
}) : () -> ()

// -----

// A tied_operands entry past the tieable operand range used to be accepted and
// then indexed the operand list out of bounds.
util.func public @tied_out_of_range(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  // expected-error @+1 {{op tied operand index 7 is out of range of the 4 tieable operand(s)}}
  %0:2 = "stream.async.execute"(%arg0, %arg1, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, tied_operands = [7 : index]}> ({
  ^bb0(%arg3: !stream.resource<*>):
    "stream.yield"(%arg3, %arg1) : (!stream.resource<*>, index) -> ()
  }) : (!stream.resource<*>, index, index, !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint)
  util.return %0#0, %0#1 : !stream.resource<*>, !stream.timepoint
}

// -----

util.func public @tied_negative(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  // expected-error @+1 {{op tied operand index -2 is out of range of the 4 tieable operand(s)}}
  %0:2 = "stream.async.execute"(%arg0, %arg1, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, tied_operands = [-2 : index]}> ({
  ^bb0(%arg3: !stream.resource<*>):
    "stream.yield"(%arg3, %arg1) : (!stream.resource<*>, index) -> ()
  }) : (!stream.resource<*>, index, index, !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint)
  util.return %0#0, %0#1 : !stream.resource<*>, !stream.timepoint
}

// -----

// Found by the ASan+UBSan fuzz run (2026-12-02): shifting an entry this large by
// the dispatch's leading (workload) operands overflowed int64_t.
stream.executable private @ex {
  stream.executable.export public @dispatch workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}
util.func public @tied_int64_max(%arg0: !stream.resource<*>, %arg1: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{op tied operand index 9223372036854775807 is out of range of the 1 tieable operand(s)}}
  %0 = "stream.async.dispatch"(%arg1, %arg0, %arg1, %c0, %arg1, %arg1, %arg1) <{entry_points = [@ex::@dispatch], operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>, tied_operands = [9223372036854775807 : index]}> : (index, !stream.resource<*>, index, index, index, index, index) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}
