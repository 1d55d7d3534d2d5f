// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --verify-diagnostics --iree-stream-split-parameter-encoder %s
// RUN: not sluice-opt --split-input-file --iree-stream-split-parameter-encoder %s 2>/dev/null | FileCheck %s --check-prefix=NOOUT
// NOOUT-NOT: module

// Diagnostics of --iree-stream-split-parameter-encoder (stream-passes-2.md
// §14.2 and §14.3 step d). A failing chunk prints no encoder module.

// The only parameter cannot hold the output: max_allocation_size = 16.
module attributes {stream.resources = #stream.resource_config<{max_allocation_size = 16, min_buffer_offset_alignment = 16, max_buffer_range = 16, min_buffer_range_alignment = 16, index_bits = 64}>} {
  util.global private @too_big : !stream.resource<constant>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    // The expression location is fused from its slice ops; it is reported
    // at the first one.
    // expected-error @+1 {{failed to add expression to parameter index}}
    %c1024 = arith.constant 1024 : index
    %c1_i32 = arith.constant 1 : i32
    %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"big"> : vector<1024xi8>
    %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
    // expected-error @+1 {{failed to reserve parameter space for output}}
    util.global.store %f, @too_big : !stream.resource<constant>
    util.return
  }
}

// -----

// An immutable global load is const-expr but cannot be copied.
stream.executable private @ex {
  stream.executable.export public @mix
}
util.global private @table : !stream.resource<constant>
util.global private @mixed : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"m"> : vector<1024xi8>
  // expected-error @+1 {{reference to non-object-like symbol @table}}
  %g = util.global.load immutable @table : !stream.resource<constant>
  %d = stream.async.dispatch @ex::@mix(%p[%c0 to %c1024 for %c1024], %g[%c0 to %c1024 for %c1024]) : (!stream.resource<constant>{%c1024}, !stream.resource<constant>{%c1024}) -> !stream.resource<constant>{%c1024}
  util.global.store %d, @mixed : !stream.resource<constant>
  util.return
}

// -----

// A dispatch of an executable that does not exist.
util.global private @undefined : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"u"> : vector<1024xi8>
  // expected-error @+1 {{reference to undefined symbol @missing::@fn}}
  %d = stream.async.dispatch @missing::@fn(%p[%c0 to %c1024 for %c1024]) : (!stream.resource<constant>{%c1024}) -> !stream.resource<constant>{%c1024}
  util.global.store %d, @undefined : !stream.resource<constant>
  util.return
}

// -----

// SP3: only the top-level clone loses its affinity; a nested op keeps its
// reference to the device global, which cannot be copied.
util.global private @device_0 : !hal.device
util.global private @nested_affinity : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %true = arith.constant true
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"n"> : vector<1024xi8>
  // expected-error @+1 {{reference to non-object-like symbol @device_0}}
  %r = scf.if %true -> (!stream.resource<constant>) {
    %f = stream.async.fill on(#hal.device.affinity<@device_0>) %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
    scf.yield %f : !stream.resource<constant>
  } else {
    scf.yield %p : !stream.resource<constant>
  }
  util.global.store %r, @nested_affinity : !stream.resource<constant>
  util.return
}
