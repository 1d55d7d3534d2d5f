// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @join_flags(%a: !hal.fence) {
  // expected-error @+1 {{invalid flags attribute specification: "Signaled"}}
  %0 = hal.fence.join at([%a]) flags(Signaled) -> !hal.fence
  util.return
}

// -----

util.func public @check_ok_type(%s: i64) {
  // expected-error @+1 {{'util.status.check_ok' op operand #0 must be 32-bit signless integer}}
  "util.status.check_ok"(%s) : (i64) -> ()
  util.return
}
