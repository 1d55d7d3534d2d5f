// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

// expected-error @+1 {{unknown lifetime value: forever}}
util.func private @bad_lifetime(!stream.resource<forever>)

// -----

// expected-error @+1 {{only immediate timepoint attrs are supported}}
util.global private @t = #stream.timepoint<later> : !stream.timepoint

// -----

// expected-error @+1 {{unknown favor value: fast}}
util.global private @p {stream.partitioning = #stream.partitioning_config<"fast">} : i32

// -----

// `*` maps to the string `size`, which is not a favor either.
// expected-error @+1 {{unknown favor value: size}}
util.global private @q {stream.partitioning = #stream.partitioning_config<*>} : i32

// -----

util.func public @pack_intervals(%s: index) -> index {
  // expected-error @+1 {{'stream.resource.pack' op requires a [start, end] range for each slice}}
  %0:2 = "stream.resource.pack"(%s) <{lifetime_intervals = [0 : index], operandSegmentSizes = array<i32: 0, 1>}> : (index) -> (index, index)
  util.return %0#0 : index
}

// -----

util.func public @pack_sizes(%s: index) -> index {
  // expected-error @+1 {{'stream.resource.pack' op requires a size for each slice}}
  %0:2 = "stream.resource.pack"() <{lifetime_intervals = [0 : index, 1 : index], operandSegmentSizes = array<i32: 0, 0>}> : () -> (index, index)
  util.return %0#0 : index
}

// -----

util.func public @constants_count(%n: index) -> !stream.timepoint {
  // expected-error @+1 {{'stream.resource.constants' op mismatched constant/result counts}}
  %0, %t = "stream.resource.constants"(%n) <{values = [dense<1> : tensor<1xi32>, dense<2> : tensor<1xi32>]}> : (index) -> (!stream.resource<constant>, !stream.timepoint)
  util.return %t : !stream.timepoint
}

// -----

util.func public @constants_types(%n: index) -> !stream.timepoint {
  // expected-error @+1 {{'stream.resource.constants' op all results must be of the same type}}
  %0, %1, %t = stream.resource.constants :
    !stream.resource<constant>{%n} = dense<1> : tensor<1xi32>,
    !stream.resource<variable>{%n} = dense<2> : tensor<1xi32>
    => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @subview_types(%r: !stream.resource<*>, %n: index, %o: index) -> !stream.resource<transient> {
  // expected-error @+1 {{'stream.resource.subview' op failed to verify that all of {source, result} have same type}}
  %0 = "stream.resource.subview"(%r, %n, %o, %n) : (!stream.resource<*>, index, index, index) -> !stream.resource<transient>
  util.return %0 : !stream.resource<transient>
}

// -----

util.func public @staging_only(%r: !stream.resource<*>, %n: index, %o: index) -> f32 {
  // expected-error @+1 {{'stream.resource.load' op operand #0 must be staging resource, but got '!stream.resource<*>'}}
  %0 = stream.resource.load %r[%o] : !stream.resource<*>{%n} -> f32
  util.return %0 : f32
}

// -----

stream.executable private @e {
  stream.executable.export public @f workgroups(%n: index) -> (index, index, index) {
    // expected-error @+1 {{'stream.return' op workgroup count region must return the XYZ dimension counts}}
    stream.return %n, %n : index, index
  }
}

// -----

stream.executable private @e {
  // expected-error @+1 {{workgroup count region must return the XYZ dimension counts}}
  stream.executable.export public @f workgroups(%n: index) -> (index, index) {
    stream.return %n, %n : index, index
  }
}

// -----

func.func @dim() -> index {
  // expected-error @+1 {{'stream.dispatch.workgroup.id' op dimension 3 out of bounds of dispatch dimensions; expected [0, 3)}}
  %0 = stream.dispatch.workgroup.id[3] : index
  return %0 : index
}

// -----

func.func @subspan_dims(%b: !stream.binding, %o: index) {
  // expected-error @+1 {{'stream.binding.subspan' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.binding.subspan %b[%o] : !stream.binding -> tensor<?xf32>
  return
}

// -----

func.func @yield_parent() {
  // expected-error @+1 {{'stream.yield' op expects parent op to be one of 'stream.async.execute, stream.async.concurrent, stream.cmd.execute, stream.cmd.serial, stream.cmd.concurrent'}}
  stream.yield
}

// -----

func.func @return_parent(%x: index) {
  // expected-error @+1 {{'stream.return' op expects parent op 'stream.executable.export'}}
  stream.return %x : index
}

// -----

util.func public @await_sizes(%t: !stream.timepoint, %r: !stream.resource<*>, %n: index) {
  // expected-error @+1 {{'stream.timepoint.await' op value set has 2 dynamic dimensions but only 1 dimension values are attached}}
  %0:2 = "stream.timepoint.await"(%r, %r, %n, %t) <{operandSegmentSizes = array<i32: 2, 1, 1>}> : (!stream.resource<*>, !stream.resource<*>, index, !stream.timepoint) -> (!stream.resource<*>, !stream.resource<*>)
  util.return
}

// -----

util.func public @barrier_types(%r: !stream.resource<*>, %n: index) {
  // expected-error @+1 {{'stream.timepoint.barrier' op failed to verify that all of {resource, result} have same type}}
  %0, %t = "stream.timepoint.barrier"(%r, %n) : (!stream.resource<*>, index) -> (!stream.resource<external>, !stream.timepoint)
  util.return
}

// -----

util.func public @transients_types(%r: !stream.resource<*>, %s: !stream.resource<transient>, %n: index) {
  // expected-error @+1 {{'stream.resource.transients' op failed to verify that all of {resource, result} have same type}}
  %0, %t = "stream.resource.transients"(%r, %n, %s, %n) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>}> : (!stream.resource<*>, index, !stream.resource<transient>, index) -> (!stream.resource<external>, !stream.timepoint)
  util.return
}

// -----

stream.executable private @e {
  stream.executable.export public @f workgroups(%n: index) -> (index, index, index) {
    %c = arith.constant 1 : i32
    // expected-error @+1 {{'stream.return' op operands do not match expected region return types}}
    stream.return %n, %c, %n : index, i32, index
  }
}

// -----

// expected-error @+1 {{expects parent op 'stream.executable'}}
stream.executable.export public @orphan


// -----

// expected-error @+1 {{unknown resource config key: bogus_key}}
util.global private @res {stream.resources = #stream.resource_config<{max_allocation_size = 16, bogus_key = 1}>} : i32
