// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @bad_alignment() -> !util.buffer {
  // expected-error @+1 {{'util.buffer.constant' op invalid alignment; must be a power of two}}
  %0 = util.buffer.constant {alignment = 3 : index} : !util.buffer = "x"
  util.return %0 : !util.buffer
}

// -----

util.func public @bad_value() -> !util.buffer {
  // expected-error @+1 {{'util.buffer.constant' op unsupported non-serializable constant attribute type}}
  %0 = util.buffer.constant : !util.buffer = 4 : i32
  util.return %0 : !util.buffer
}
