// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @select_empty(%mt: i32, %bu: i32) {
  // expected-error @+1 {{'hal.allocator.select' op requires at least one device and queue affinity}}
  %device, %queue = "hal.allocator.select"(%mt, %bu) : (i32, i32) -> (!hal.device, i64)
  util.return
}
