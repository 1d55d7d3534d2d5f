// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @collective_mismatched_ranges(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.collective' op with 2 resources has mismatched associated ranges}}
  "stream.cmd.collective"(%ch, %n, %r, %r, %n, %n, %c0, %c0, %n) <{op = #stream.collective<all_gather : f32>, operandSegmentSizes = array<i32: 1, 1, 0, 2, 2, 2, 1>, resource_accesses = [1 : i32, 2 : i32]}> : (!stream.channel, index, !stream.resource<transient>, !stream.resource<transient>, index, index, index, index, index) -> ()
  util.return
}

// -----

util.func public @collective_mismatched_accesses(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.collective' op with 1 resources has mismatched associated ranges}}
  "stream.cmd.collective"(%ch, %n, %r, %n, %c0, %n) <{op = #stream.collective<send : f32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32, 2 : i32]}> : (!stream.channel, index, !stream.resource<transient>, index, index, index) -> ()
  util.return
}

// -----

util.func public @collective_send_count(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.collective' op requires 1 resources but 2 provided}}
  stream.cmd.collective<send : f32>[%n] channel(%ch) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n},
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

util.func public @collective_gather_count(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{requires 2 resources but 1 provided}}
  stream.cmd.collective<all_gather : f32>[%n] channel(%ch) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

util.func public @collective_recv_access(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.collective' op resource 0 requires access Write but is declared as Read}}
  stream.cmd.collective<recv : f32>[%n] channel(%ch) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

util.func public @collective_target_access(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{resource 1 requires access Write but is declared as Read}}
  stream.cmd.collective<all_reduce with sum : f32>[%n] channel(%ch) {
    rw %r[%c0 for %n] : !stream.resource<transient>{%n},
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

// Any other keyword silently means no access.
util.func public @collective_no_access(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{resource 0 requires access Read but is declared as None}}
  stream.cmd.collective<send : f32>[%n] channel(%ch) {
    xx %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

util.func public @collective_read_write_ok_then_bad(%r: !stream.resource<transient>, %n: index, %ch: !stream.channel) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{resource 0 requires access Read but is declared as Write}}
  stream.cmd.collective<all_to_all : f32>[%n] channel(%ch) {
    wo %r[%c0 for %n] : !stream.resource<transient>{%n},
    rw %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

util.func public @dispatch_resources_required(%r: !stream.resource<transient>, %n: index) {
  // The resource list must have at least one entry.
  // expected-error @+2 {{expected valid keyword}}
  stream.cmd.dispatch @ex::@fn {
  }
  util.return
}

// -----

util.func public @dispatch_mismatched_ranges(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.dispatch' op dispatch with 1 resources has mismatched associated ranges}}
  "stream.cmd.dispatch"(%r, %n, %c0, %n) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 0, 1, 1, 1, 1>, resource_accesses = []}> : (!stream.resource<transient>, index, index, index) -> ()
  util.return
}

// -----

util.func public @dispatch_no_entry_points(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.dispatch' op at least one entry point must be defined}}
  "stream.cmd.dispatch"(%r, %n, %c0, %n) <{entry_points = [], operandSegmentSizes = array<i32: 0, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32]}> : (!stream.resource<transient>, index, index, index) -> ()
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn workgroups(%x: index, %y: index) -> (index, index, index) {
    stream.return %x, %y, %y : index, index, index
  }
  builtin.module {
    func.func @fn(%arg0: !stream.binding, %arg1: f32) {
      return
    }
  }
}
util.func public @dispatch_workload_count(%r: !stream.resource<transient>, %n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.dispatch' op workload mismatch; entry point expects 2 arguments but dispatch provides 1}}
  stream.cmd.dispatch @ex::@fn[%n](%f : f32) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn workgroups(%x: index, %y: i32) -> (index, index, index) {
    stream.return %x, %x, %x : index, index, index
  }
  builtin.module {
    func.func @fn(%arg0: !stream.binding, %arg1: f32) {
      return
    }
  }
}
util.func public @dispatch_workload_type(%r: !stream.resource<transient>, %n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.dispatch' op workload operand 1 type mismatch; expected 'i32' but passed 'index'}}
  stream.cmd.dispatch @ex::@fn[%n, %n](%f : f32) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn
  builtin.module {
    func.func @fn(%arg0: !stream.binding, %arg1: f32, %arg2: !stream.binding, %arg3: i32) {
      return
    }
  }
}
util.func public @dispatch_uniform_count(%r: !stream.resource<transient>, %n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.dispatch' op function type mismatch; expected 1 uniform arguments on exported function, but has 2}}
  stream.cmd.dispatch @ex::@fn(%f : f32) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n},
    wo %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn
  builtin.module {
    func.func @fn(%arg0: !stream.binding, %arg1: f32, %arg2: !stream.binding, %arg3: i32) {
      return
    }
  }
}
util.func public @dispatch_binding_count(%r: !stream.resource<transient>, %n: index, %f: f32, %i: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.dispatch' op function type mismatch; expected 1 binding arguments on exported function, but has 2}}
  stream.cmd.dispatch @ex::@fn(%f, %i : f32, i32) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn
  builtin.module {
    func.func @fn(%arg0: !stream.binding, %arg1: f32, %arg2: i32) {
      return
    }
  }
}
util.func public @dispatch_uniform_type(%r: !stream.resource<transient>, %n: index, %f: f32, %i: i32) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.dispatch' op uniform dispatch argument type mismatch: expected 'i32' but got 'f32'}}
  stream.cmd.dispatch @ex::@fn(%i, %f : i32, f32) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

// A missing export stops the checks: the second entry point is not examined.
stream.executable private @ex {
  stream.executable.export public @fn
  builtin.module {
    func.func @fn(%arg0: !stream.binding) {
      return
    }
  }
}
util.func public @dispatch_missing_export(%r: !stream.resource<transient>, %n: index, %f: f32) {
  %c0 = arith.constant 0 : index
  stream.cmd.dispatch {@ex::@missing, @ex::@fn}(%f : f32) {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

// The second entry point is checked too.
stream.executable private @ex {
  stream.executable.export public @fn
  stream.executable.export public @fn2
  builtin.module {
    func.func @fn(%arg0: !stream.binding) {
      return
    }
    func.func @fn2(%arg0: !stream.binding, %arg1: f32) {
      return
    }
  }
}
util.func public @dispatch_second_entry(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{function type mismatch; expected 0 uniform arguments on exported function, but has 1}}
  stream.cmd.dispatch {@ex::@fn, @ex::@fn2} {
    ro %r[%c0 for %n] : !stream.resource<transient>{%n}
  }
  util.return
}

// -----

util.func public @call_undefined(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.call' op undefined external call: missing}}
  stream.cmd.call @missing(ro %r[%c0 for %n]) : (!stream.resource<transient>{%n}) -> ()
  util.return
}

// -----

stream.cmd.func private @fn(%arg0[%arg1 for %arg2]: !stream.resource<*>)
util.func public @call_offsets_lengths(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.call' op mismatch on resource range offsets/lengths; counts must match}}
  "stream.cmd.call"(%r, %n, %c0) <{callee = @fn, operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, resource_operand_accesses = [1 : i32]}> : (!stream.resource<transient>, index, index) -> ()
  util.return
}

// -----

stream.cmd.func private @fn(%arg0[%arg1 for %arg2]: !stream.resource<*>)
util.func public @call_range_count(%r: !stream.resource<transient>, %n: index) {
  // expected-error @+1 {{'stream.cmd.call' op expects 1 resource range operand sets but 0 are present}}
  "stream.cmd.call"(%r, %n) <{callee = @fn, operandSegmentSizes = array<i32: 1, 1, 0, 0, 0>, resource_operand_accesses = [1 : i32]}> : (!stream.resource<transient>, index) -> ()
  util.return
}

// -----

stream.cmd.func private @fn(%arg0[%arg1 for %arg2]: !stream.resource<*>)
util.func public @call_access_count(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.call' op expects 1 resource access specifiers but 2 are present}}
  "stream.cmd.call"(%r, %n, %c0, %n) <{callee = @fn, operandSegmentSizes = array<i32: 1, 1, 1, 1, 0>, resource_operand_accesses = [1 : i32, 1 : i32]}> : (!stream.resource<transient>, index, index, index) -> ()
  util.return
}

// -----

stream.cmd.func private @fn(%arg0[%arg1 for %arg2]: !stream.resource<*>)
util.func public @call_sizes(%r: !stream.resource<transient>, %n: index) {
  %c0 = arith.constant 0 : index
  // expected-error @+1 {{'stream.cmd.call' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  "stream.cmd.call"(%r, %c0, %n) <{callee = @fn, operandSegmentSizes = array<i32: 1, 0, 1, 1, 0>, resource_operand_accesses = [1 : i32]}> : (!stream.resource<transient>, index, index) -> ()
  util.return
}

// -----

util.func public @execute_sizes(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  // expected-error @+1 {{'stream.cmd.execute' op value set has 1 dynamic dimensions but only 2 dimension values are attached}}
  %0 = "stream.cmd.execute"(%r, %n, %n) <{operandSegmentSizes = array<i32: 1, 2, 0>}> ({
  ^bb0(%arg0: !stream.resource<transient>):
    "stream.yield"() : () -> ()
  }) : (!stream.resource<transient>, index, index) -> !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.func public @execute_uncaptured(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%r as %arg0: !stream.resource<transient>{%n}) {
    // expected-error @+1 {{'stream.cmd.discard' op used resource not listed in explicit captures (or produced internally)}}
    stream.cmd.discard %r[%c0 for %n] : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

// Resources produced inside the region may be used.
util.func public @execute_internal_subview(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %0 = stream.cmd.execute with(%r as %arg0: !stream.resource<transient>{%n}) {
    %v = stream.resource.subview %arg0[%c4] : !stream.resource<transient>{%n} -> !stream.resource<transient>{%c4}
    stream.cmd.discard %v[%c0 for %c4] : !stream.resource<transient>{%c4}
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.func public @execute_contents(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %0 = stream.cmd.execute with(%r as %arg0: !stream.resource<transient>{%n}) {
    // expected-error @+1 {{'arith.constant' op explicit execution regions must only contain explicit ops}}
    %c0 = arith.constant 0 : index
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.func public @serial_contents(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %0 = stream.cmd.execute with(%r as %arg0: !stream.resource<transient>{%n}) {
    stream.cmd.concurrent {
      // expected-error @+1 {{'arith.constant' op explicit execution regions must only contain explicit ops}}
      %c0 = arith.constant 0 : index
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}

// -----

util.func public @serial_parent() {
  // expected-error @+1 {{'stream.cmd.serial' op expects parent op to be one of 'stream.cmd.execute, stream.cmd.serial, stream.cmd.concurrent'}}
  stream.cmd.serial {
  }
  util.return
}

// -----

util.func public @concurrent_parent() {
  // expected-error @+1 {{'stream.cmd.concurrent' op expects parent op to be one of 'stream.cmd.execute, stream.cmd.serial, stream.cmd.concurrent'}}
  stream.cmd.concurrent {
  }
  util.return
}

// -----

// cmd.func is always a declaration, so it cannot be public.
// expected-error @+1 {{'stream.cmd.func' op symbol declaration cannot have public visibility}}
stream.cmd.func @public_declaration(%arg0: index)
