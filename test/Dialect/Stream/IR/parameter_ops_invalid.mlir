// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @tensor_parameter_write_type_mismatch(%acc: !stream.resource<*>, %size: index, %key: !util.buffer, %off: i64) {
  // expected-error @+1 {{'stream.tensor.parameter.write' op failed to verify that all of {source, result} have same type}}
  %0 = "stream.tensor.parameter.write"(%acc, %size, %key, %off) <{operandSegmentSizes = array<i32: 1, 0, 1, 0, 1, 1>, source_encoding = tensor<4xf32>}> : (!stream.resource<*>, index, !util.buffer, i64) -> !stream.resource<external>
  util.return
}

// -----

util.func public @async_parameter_read_type_mismatch(%buf: !stream.resource<transient>, %n: index, %key: !util.buffer, %off: i64) {
  // expected-error @+1 {{'stream.async.parameter.read' op failed to verify that all of {target, result} have same type}}
  %0:2 = "stream.async.parameter.read"(%buf, %n, %n, %n, %n, %key, %off) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1, 1, 0>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, i64) -> (!stream.resource<*>, !stream.timepoint)
  util.return
}

// -----

util.func public @async_parameter_write_type_mismatch(%buf: !stream.resource<transient>, %n: index, %key: !util.buffer, %off: i64) {
  // expected-error @+1 {{'stream.async.parameter.write' op failed to verify that all of {source, result} have same type}}
  %0:2 = "stream.async.parameter.write"(%buf, %n, %n, %n, %n, %key, %off) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 1, 1, 0>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, i64) -> (!stream.resource<*>, !stream.timepoint)
  util.return
}

// -----

util.func public @async_parameter_gather_counts(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  // expected-error @+1 {{'stream.async.parameter.gather' op requires that the source keys, source offsets, target offsets, target ends, and lengths are all 1:1}}
  %0:2 = "stream.async.parameter.gather"(%key, %key, %off, %off, %buf, %n, %n, %n, %n, %n, %n) <{operandSegmentSizes = array<i32: 0, 2, 2, 1, 1, 2, 2, 1, 0>}> : (!util.buffer, !util.buffer, i64, i64, !stream.resource<transient>, index, index, index, index, index, index) -> (!stream.resource<transient>, !stream.timepoint)
  util.return
}

// -----

util.func public @async_parameter_gather_inferred_type(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  // expected-error @+2 {{'stream.async.parameter.gather' op inferred type(s) '!stream.resource<transient>', '!stream.timepoint' are incompatible with return type(s) of operation '!stream.resource<external>', '!stream.timepoint'}}
  // expected-error @+1 {{'stream.async.parameter.gather' op failed to infer returned types}}
  %0:2 = stream.async.parameter.gather {
    %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n}
  } : !stream.resource<external> => !stream.timepoint
  util.return
}

// -----

util.func public @async_parameter_scatter_counts(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  // expected-error @+1 {{'stream.async.parameter.scatter' op requires that the source offsets, source ends, lengths, target keys, and target offsets are all 1:1}}
  %0:2 = "stream.async.parameter.scatter"(%buf, %n, %n, %n, %n, %key, %key, %off, %off) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 2, 2, 0>}> : (!stream.resource<transient>, index, index, index, index, !util.buffer, !util.buffer, i64, i64) -> (!stream.resource<transient>, !stream.timepoint)
  util.return
}

// -----

util.func public @async_parameter_scatter_inferred_type(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  // expected-error @+2 {{'stream.async.parameter.scatter' op inferred type(s) '!stream.resource<transient>', '!stream.timepoint' are incompatible with return type(s) of operation '!stream.resource<*>', '!stream.timepoint'}}
  // expected-error @+1 {{'stream.async.parameter.scatter' op failed to infer returned types}}
  %0:2 = stream.async.parameter.scatter {
    %buf[%n to %n for %n] : !stream.resource<transient>{%n} -> %key[%off]
  } : !stream.resource<*> => !stream.timepoint
  util.return
}

// -----

util.func public @cmd_parameter_load_counts(%key: !util.buffer, %off: i64, %n: index) {
  // expected-error @+1 {{'stream.cmd.parameter.load' op requires that the source keys, source offsets, and result sizes are all 1:1}}
  %0:2 = "stream.cmd.parameter.load"(%key, %off, %off) <{operandSegmentSizes = array<i32: 0, 1, 2, 0, 0>}> : (!util.buffer, i64, i64) -> (!stream.resource<constant>, !stream.timepoint)
  util.return
}

// -----

util.func public @cmd_parameter_load_result_types(%key: !util.buffer, %off: i64, %n: index) {
  // expected-error @+1 {{'stream.cmd.parameter.load' op failed to verify that all of {results} have same type}}
  %0:3 = stream.cmd.parameter.load {
    %key[%off] : !stream.resource<constant>{%n},
    %key[%off] : !stream.resource<variable>{%n}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @cmd_parameter_gather_counts(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  // expected-error @+1 {{'stream.cmd.parameter.gather' op requires that the source keys, source offsets, target offsets, and target lengths are all 1:1}}
  %0 = "stream.cmd.parameter.gather"(%key, %off, %buf, %n, %n, %n, %n) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 1, 2, 0>}> : (!util.buffer, i64, !stream.resource<transient>, index, index, index, index) -> !stream.timepoint
  util.return
}

// -----

util.func public @cmd_parameter_scatter_counts(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  // expected-error @+1 {{'stream.cmd.parameter.scatter' op requires that the source offsets, source lengths, target keys, and target offsets are all 1:1}}
  %0 = "stream.cmd.parameter.scatter"(%buf, %n, %n, %n, %key, %key, %off) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 2, 1, 0>}> : (!stream.resource<transient>, index, index, index, !util.buffer, !util.buffer, i64) -> !stream.timepoint
  util.return
}

// -----

util.func public @cmd_parameter_load_scope_mismatch(%ns: !util.buffer, %key: !util.buffer, %off: i64, %n: index) {
  %0:3 = stream.cmd.parameter.load {
    %ns::%key[%off] : !stream.resource<constant>{%n},
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same scope}}
    %key[%off] : !stream.resource<constant>{%n}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @cmd_parameter_load_scope_name_mismatch(%ns: !util.buffer, %ns2: !util.buffer, %key: !util.buffer, %off: i64, %n: index) {
  %0:3 = stream.cmd.parameter.load {
    %ns::%key[%off] : !stream.resource<constant>{%n},
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same scope}}
    %ns2::%key[%off] : !stream.resource<constant>{%n}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @async_parameter_gather_target_mismatch(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %buf2: !stream.resource<transient>, %n: index) {
  %0:2 = stream.async.parameter.gather {
    %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n},
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same scope and target resource}}
    %key[%off] -> %buf2[%n to %n for %n] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  util.return
}

// -----

util.func public @async_parameter_gather_scope_mismatch(%ns: !util.buffer, %key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  %0:2 = stream.async.parameter.gather {
    %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n},
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same scope and target resource}}
    %ns::%key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n}
  } : !stream.resource<transient> => !stream.timepoint
  util.return
}

// -----

util.func public @async_parameter_gather_size_mismatch(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index, %m: index) {
  %0:2 = stream.async.parameter.gather {
    %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%n},
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same scope and target resource}}
    %key[%off] -> %buf[%n to %n for %n] : !stream.resource<transient>{%m}
  } : !stream.resource<transient> => !stream.timepoint
  util.return
}

// -----

util.func public @cmd_parameter_gather_type_mismatch(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  %0 = stream.cmd.parameter.gather {
    %key[%off] -> %buf[%n for %n] : !stream.resource<transient>{%n},
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same scope and target resource}}
    %key[%off] -> %buf[%n for %n] : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @async_parameter_scatter_source_mismatch(%key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %buf2: !stream.resource<transient>, %n: index) {
  %0:2 = stream.async.parameter.scatter {
    %buf[%n to %n for %n] : !stream.resource<transient>{%n} -> %key[%off],
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same source resource and scope}}
    %buf2[%n to %n for %n] : !stream.resource<transient>{%n} -> %key[%off]
  } : !stream.resource<transient> => !stream.timepoint
  util.return
}

// -----

util.func public @cmd_parameter_scatter_scope_mismatch(%ns: !util.buffer, %key: !util.buffer, %off: i64, %buf: !stream.resource<transient>, %n: index) {
  %0 = stream.cmd.parameter.scatter {
    %buf[%n for %n] : !stream.resource<transient>{%n} -> %ns::%key[%off],
    // The error is reported at the token after the mismatching row.
    // expected-error @+2 {{each operation must use the same source resource and scope}}
    %buf[%n for %n] : !stream.resource<transient>{%n} -> %key[%off]
  } => !stream.timepoint
  util.return
}

// -----

util.func public @async_parameter_load_no_timepoint_type(%key: !util.buffer, %off: i64, %n: index) {
  // expected-error @+1 {{expected '='}}
  %0:2 = stream.async.parameter.load %key[%off] : !stream.resource<constant>{%n}
  util.return
}
