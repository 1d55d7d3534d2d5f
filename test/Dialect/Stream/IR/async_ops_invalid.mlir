// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @slice_types(%a: !stream.resource<*>, %n: index) -> !stream.resource<external> {
  // expected-error @+1 {{'stream.async.slice' op failed to verify that all of {source, result} have same type}}
  %0 = stream.async.slice %a[%n to %n] : !stream.resource<*>{%n} -> !stream.resource<external>{%n}
  util.return %0 : !stream.resource<external>
}

// -----

util.func public @splat_pattern(%n: index, %v: f32) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.splat' op operand #0 must be}}
  %0 = stream.async.splat %v : f32 -> !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @collective_missing_param(%in: !stream.resource<*>, %n: index, %ch: !stream.channel) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.collective' op collective operation requires a target parameter but none present}}
  %0 = "stream.async.collective"(%in, %n, %n, %n, %n, %in, %n, %n, %n, %n, %n, %ch) <{op = #stream.collective<reduce with sum : f32>}> : (!stream.resource<*>, index, index, index, index, !stream.resource<*>, index, index, index, index, index, !stream.channel) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @collective_extra_param(%in: !stream.resource<*>, %n: index, %ch: !stream.channel, %p: i32) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.collective' op collective operation does not require a parameter but one present}}
  %0 = "stream.async.collective"(%in, %n, %n, %n, %n, %in, %n, %n, %n, %n, %n, %ch, %p) <{op = #stream.collective<all_gather : f32>}> : (!stream.resource<*>, index, index, index, index, !stream.resource<*>, index, index, index, index, index, !stream.channel, i32) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @collective_parse_param(%in: !stream.resource<*>, %n: index, %ch: !stream.channel) -> !stream.resource<*> {
  // expected-error @+1 {{expected 'source'}}
  %0 = stream.async.collective<broadcast : f32>[%n] channel(%ch) %in[%n to %n for %n], %in[%n to %n for %n] : !stream.resource<*>{%n} -> %in as !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @barrier_types(%v: !stream.resource<*>, %n: index) -> !stream.resource<external> {
  // expected-error @+1 {{'stream.async.barrier' op failed to verify that all of {source, result} have same type}}
  %0 = "stream.async.barrier"(%v, %n) : (!stream.resource<*>, index) -> !stream.resource<external>
  util.return %0 : !stream.resource<external>
}

// -----

util.func public @cast_sizes(%v: !stream.resource<*>, %n: index, %m: index) -> !stream.resource<external> {
  // expected-error @+1 {{'stream.async.cast' op source and result sizes must be equal (tied storage)}}
  %0 = stream.async.cast %v : !stream.resource<*>{%n} -> !stream.resource<external>{%m}
  util.return %0 : !stream.resource<external>
}

// -----

util.func public @load_staging(%v: !stream.resource<*>, %n: index) -> i32 {
  // expected-error @+1 {{'stream.async.load' op operand #0 must be staging resource}}
  %0 = stream.async.load %v[%n] : !stream.resource<*>{%n} -> i32
  util.return %0 : i32
}

// -----

stream.async.func private @ext(%arg0: !stream.resource<*>, %arg1: index) -> %arg0

util.func public @call_range_counts(%v: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.call' op expects 1 resource range operand sets but 0 are present}}
  %0 = stream.async.call @ext(%v, %n) : (!stream.resource<*>{%n}, index) -> %v{%n}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @call_range_mismatch(%v: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.call' op mismatch on resource range offsets/ends/lengths; counts must match}}
  %0 = "stream.async.call"(%v, %n, %n, %n, %n) <{callee = @ext, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 1>}> : (!stream.resource<*>, index, index, index, index) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}

// -----

stream.async.func private @ext(%arg0: index) -> index

util.func public @call_non_resource(%n: index) -> index {
  // expected-error @+1 {{'stream.async.call' op non-resource return values are not yet supported on async calls}}
  %0 = stream.async.call @ext(%n) : (index) -> index
  util.return %0 : index
}

// -----

util.func public @call_undefined(%v: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.call' op undefined external call: missing}}
  %0 = stream.async.call @missing(%v[%n to %n for %n]) : (!stream.resource<*>{%n}) -> %v{%n}
  util.return %0 : !stream.resource<*>
}

// -----

stream.async.func private @ext(%arg0: !stream.resource<*>) -> %arg0

util.func public @call_count_mismatch(%v: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.call' op function type mismatch; expected '(!stream.resource<*>, index) -> !stream.resource<*>' but callee is '(!stream.resource<*>) -> !stream.resource<*>'}}
  %0 = stream.async.call @ext(%v[%n to %n for %n], %n) : (!stream.resource<*>{%n}, index) -> %v{%n}
  util.return %0 : !stream.resource<*>
}

// -----

stream.async.func private @ext(%arg0: !stream.resource<external>) -> !stream.resource<*>

util.func public @call_arg_mismatch(%v: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.call' op function argument type mismatch; expected '!stream.resource<*>' but callee provides '!stream.resource<external>'}}
  %0 = stream.async.call @ext(%v[%n to %n for %n]) : (!stream.resource<*>{%n}) -> !stream.resource<*>{%n}
  util.return %0 : !stream.resource<*>
}

// -----

stream.async.func private @ext(%arg0: !stream.resource<*>) -> !stream.resource<external>

util.func public @call_result_mismatch(%v: !stream.resource<external>, %n: index) -> !stream.resource<transient> {
  // The argument is compatible because the callee's lifetime is `*`.
  // expected-error @+1 {{'stream.async.call' op function result type mismatch; expected '!stream.resource<transient>' but callee provides '!stream.resource<external>'}}
  %0 = stream.async.call @ext(%v[%n to %n for %n]) : (!stream.resource<external>{%n}) -> !stream.resource<transient>{%n}
  util.return %0 : !stream.resource<transient>
}

// -----

util.func public @execute_captured(%a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> !stream.timepoint {
  %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) {
    // expected-error @+1 {{'stream.async.clone' op used resource not listed in explicit captures (or produced internally)}}
    %c = stream.async.clone %b : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @execute_yield_count(%a: !stream.resource<*>, %n: index) -> !stream.timepoint {
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    // expected-error @+1 {{'stream.yield' op yield result count mismatch with parent op}}
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @execute_yield_type(%a: !stream.resource<*>, %n: index) -> !stream.timepoint {
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> !stream.resource<external>{%n} {
    // expected-error @+1 {{'stream.yield' op result type mismatch: expected '!stream.resource<external>' but got '!stream.resource<*>'}}
    stream.yield %x : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @execute_yield_size(%a: !stream.resource<*>, %n: index, %m: index) -> !stream.timepoint {
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> !stream.resource<*>{%m} {
    // expected-error @+1 {{'stream.yield' op result size mismatch}}
    stream.yield %x : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @execute_sizes(%a: !stream.resource<*>, %n: index) -> !stream.timepoint {
  // expected-error @+1 {{'stream.async.execute' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %t = "stream.async.execute"(%a) <{operandSegmentSizes = array<i32: 1, 0, 0, 0>}> ({
  ^bb0(%x: !stream.resource<*>):
    stream.yield
  }) : (!stream.resource<*>) -> !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @execute_terminator(%n: index) -> !stream.timepoint {
  // expected-error @+2 {{'stream.async.execute' op expects regions to end with 'stream.yield', found 'util.unreachable'}}
  // expected-note @+1 {{in custom textual format, the absence of terminator implies 'stream.yield'}}
  %t = stream.async.execute with() {
    util.unreachable "boom"
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @concurrent_parent(%a: !stream.resource<*>, %n: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.concurrent' op expects parent op to be one of 'stream.async.execute, stream.async.concurrent'}}
  %r = stream.async.concurrent with(%a as %x: !stream.resource<*>{%n}) -> %a{%n} {
    stream.yield %x : !stream.resource<*>{%n}
  }
  util.return %r : !stream.resource<*>
}

// -----

util.func public @concurrent_captured(%a: !stream.resource<*>, %b: !stream.resource<*>, %n: index) -> !stream.timepoint {
  %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}, %b as %y: !stream.resource<*>{%n}) {
    stream.async.concurrent with(%x as %x2: !stream.resource<*>{%n}) {
      // expected-error @+1 {{'stream.async.clone' op used resource not listed in explicit captures (or produced internally)}}
      %c = stream.async.clone %y : !stream.resource<*>{%n} -> !stream.resource<*>{%n}
      stream.yield
    }
    stream.yield
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @region_tie_not_found(%a: !stream.resource<*>, %n: index) -> !stream.timepoint {
  // expected-error @+1 {{tied operand not found for result reference %b}}
  %r, %t = stream.async.execute with(%a as %x: !stream.resource<*>{%n}) -> %b{%n} {
    stream.yield %x : !stream.resource<*>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @dispatch_range_counts(%x: !stream.resource<*>, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.async.dispatch' op expects 1 resource range operand sets but 0 are present}}
  %0 = stream.async.dispatch @ex::@fn(%x, %sz) : (!stream.resource<*>{%sz}, index) -> %x{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_range_mismatch(%x: !stream.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream.async.dispatch' op mismatch on resource range offsets/ends/lengths; counts must match}}
  "stream.async.dispatch"(%x, %sz, %sz, %sz) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 0, 0>}> : (!stream.resource<*>, index, index, index) -> ()
  util.return
}

// -----

util.func public @dispatch_sizes(%x: !stream.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream.async.dispatch' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  "stream.async.dispatch"(%x, %sz, %sz, %sz) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 1, 1, 1, 0>}> : (!stream.resource<*>, index, index, index) -> ()
  util.return
}

// -----

util.func public @dispatch_no_entry_points(%n: index) {
  // expected-error @+1 {{'stream.async.dispatch' op at least one entry point must be defined}}
  "stream.async.dispatch"() <{entry_points = [], operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0, 0>}> : () -> ()
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn workgroups(%a: index, %b: index) -> (index, index, index) {
    stream.return %a, %b, %b : index, index, index
  }
}
util.func public @dispatch_workload_count(%n: index) {
  // expected-error @+1 {{'stream.async.dispatch' op workload mismatch; entry point expects 2 arguments but dispatch provides 1}}
  stream.async.dispatch @ex::@fn[%n]() : () -> ()
  util.return
}

// -----

util.func public @dispatch_staging(%x: !stream.resource<staging>, %sz: index) {
  // expected-error @+1 {{'stream.async.dispatch' op operand #0 must be variadic of resource or external resource or transient resource or variable resource or constant resource or index or integer or floating-point or complex-type, but got '!stream.resource<staging>'}}
  stream.async.dispatch @ex::@fn(%x[%sz to %sz for %sz]) : (!stream.resource<staging>{%sz}) -> ()
  util.return
}
