// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @unknown_case() {
  // expected-error @+1 {{invalid type attribute specification: "HostVisible|Bogus"}}
  %0 = hal.memory_type<"HostVisible|Bogus"> : i32
  util.return
}

// -----

util.func public @unknown_keyword() {
  // expected-error @+1 {{invalid usage attribute specification: "Bogus"}}
  %0 = hal.buffer_usage<Bogus> : i32
  util.return
}

// -----

util.func public @not_a_keyword() {
  // expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'type' [None, Optimal, HostVisible, HostCoherent, HostCached, HostLocal, DeviceVisible, DeviceLocal]}}
  %0 = hal.memory_type<42> : i32
  util.return
}
