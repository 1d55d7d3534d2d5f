// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func private @plain(%arg0: !hal.buffer) {
  util.return
}
util.func public @callee_not_command(%device: !hal.device, %w: !hal.fence, %s: !hal.fence, %b: !hal.buffer) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{'sluice_rt.queue.execute' op callee '@plain' is not a command function}}
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) call(@plain(%b)) : (!hal.buffer)
  util.return
}

// -----

util.func public @callee_missing(%device: !hal.device, %w: !hal.fence, %s: !hal.fence) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{'sluice_rt.queue.execute' op callee '@nowhere' is not a command function}}
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) call(@nowhere()) : ()
  util.return
}

// -----

util.func private @cmd(%arg0: !hal.buffer, %arg1: index) attributes {sluice_rt.command_function} {
  util.return
}
util.func public @type_mismatch(%device: !hal.device, %w: !hal.fence, %s: !hal.fence, %b: !hal.buffer, %n: i32) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{'sluice_rt.queue.execute' op operand types do not match command function '@cmd'}}
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) call(@cmd(%b, %n)) : (!hal.buffer, i32)
  util.return
}

// -----

util.func private @cmd(%arg0: !hal.buffer) attributes {sluice_rt.command_function} {
  util.return
}
util.func public @count_mismatch(%device: !hal.device, %w: !hal.fence, %s: !hal.fence, %b: !hal.buffer) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{'sluice_rt.queue.execute' op operand types do not match command function '@cmd'}}
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%w) signal(%s) call(@cmd(%b, %b)) : (!hal.buffer, !hal.buffer)
  util.return
}

// -----

util.func private @cmd() attributes {sluice_rt.command_function} {
  util.return
}
util.func public @same_fence(%device: !hal.device, %f: !hal.fence) {
  %aff = arith.constant -1 : i64
  // expected-error @+1 {{'sluice_rt.queue.execute' op device queue operations cannot wait and signal on the same fence.}}
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%f) signal(%f) call(@cmd()) : ()
  util.return
}

// -----

// The same null fence on both sides is allowed.
util.func private @cmd() attributes {sluice_rt.command_function} {
  util.return
}
util.func public @same_null_fence(%device: !hal.device) {
  %aff = arith.constant -1 : i64
  %null = util.null : !hal.fence
  sluice_rt.queue.execute<%device : !hal.device> affinity(%aff) wait(%null) signal(%null) call(@cmd()) : ()
  util.return
}

// -----

util.func public @wave_outside_command_function() {
  // expected-error @+1 {{'sluice_rt.wave' op sluice_rt.wave must be directly inside a command function}}
  sluice_rt.wave {
  }
  util.return
}

// -----

util.func private @wave_nested(%c: i1) attributes {sluice_rt.command_function} {
  scf.if %c {
    // expected-error @+1 {{'sluice_rt.wave' op sluice_rt.wave must be directly inside a command function}}
    sluice_rt.wave {
    }
  }
  util.return
}

// -----

util.func private @wave_body() attributes {sluice_rt.command_function} {
  // expected-error @+1 {{'sluice_rt.wave' op wave bodies may only contain sluice_rt.dispatch, sluice_rt.fill and sluice_rt.copy}}
  sluice_rt.wave {
    // expected-note @+1 {{see 'arith.constant'}}
    %c0 = arith.constant 0 : index
  }
  util.return
}

// -----

util.func private @dispatch_outside_wave(%c: index) attributes {sluice_rt.command_function} {
  // expected-error @+1 {{'sluice_rt.dispatch' op expects parent op 'sluice_rt.wave'}}
  sluice_rt.dispatch @ex::@v::@e workgroups([%c, %c, %c]) bindings([])
  util.return
}

// -----

util.func private @undefined_export(%c: index) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{'sluice_rt.dispatch' op undefined executable export @ex::@v::@e}}
    sluice_rt.dispatch @ex::@v::@e workgroups([%c, %c, %c]) bindings([])
  }
  util.return
}

// -----

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = []>)
  }
}
util.func private @wrong_export(%c: index) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{'sluice_rt.dispatch' op undefined executable export @ex::@v::@other}}
    sluice_rt.dispatch @ex::@v::@other workgroups([%c, %c, %c]) bindings([])
  }
  util.return
}

// -----

llvm.func @not_linked(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
util.func private @flat_without_info(%c: index) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{'sluice_rt.dispatch' op undefined executable export @not_linked}}
    sluice_rt.dispatch @not_linked workgroups([%c, %c, %c]) bindings([])
  }
  util.return
}

// -----

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<constants = 2, bindings = []>)
  }
}
util.func private @constant_count(%c: index, %k: i32) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{'sluice_rt.dispatch' op dispatch passes 1 constants but the export layout declares 2}}
    sluice_rt.dispatch @ex::@v::@e workgroups([%c, %c, %c]) constants([%k]) bindings([])
  }
  util.return
}

// -----

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  }
}
util.func private @binding_count(%c: index, %b: !hal.buffer) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{'sluice_rt.dispatch' op dispatch passes 2 bindings but the export layout declares 1}}
    sluice_rt.dispatch @ex::@v::@e workgroups([%c, %c, %c]) bindings([%b[%c, %c], %b[%c, %c]])
  }
  util.return
}

// -----

llvm.func @wg(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
sluice_rt.executable_info @wg executable("ex") export("e") layout(#hal.pipeline.layout<bindings = []>) cost(1)
util.func private @linked_binding_count(%c: index, %b: !hal.buffer) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{'sluice_rt.dispatch' op dispatch passes 1 bindings but the export layout declares 0}}
    sluice_rt.dispatch @wg workgroups([%c, %c, %c]) bindings([%b[%c, %c]])
  }
  util.return
}

// -----

// expected-note @+1 {{prior use here}}
util.func private @constants_are_i32(%c: index, %k: i64) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{use of value '%k' expects different type than prior uses: 'i32' vs 'i64'}}
    sluice_rt.dispatch @ex::@v::@e workgroups([%c, %c, %c]) constants([%k]) bindings([])
  }
  util.return
}

// -----

util.func private @fill_pattern(%b: !hal.buffer, %c: index, %p: i64) attributes {sluice_rt.command_function} {
  sluice_rt.wave {
    // expected-error @+1 {{'sluice_rt.fill' op operand #3 must be 8-bit signless integer or 16-bit signless integer or 32-bit signless integer, but got 'i64'}}
    sluice_rt.fill target(%b : !hal.buffer)[%c, %c] pattern(%p : i64)
  }
  util.return
}

// -----

util.func public @retain_uncounted(%d: !hal.device) {
  // expected-error @+1 {{'sluice_rt.retain' op operand #0 must be a reference-counted HAL object, but got '!hal.device'}}
  %r = sluice_rt.retain %d : !hal.device
  util.return
}

// -----

util.func public @release_uncounted(%b: !util.buffer) {
  // expected-error @+1 {{'sluice_rt.release' op operand #0 must be a reference-counted HAL object, but got '!util.buffer'}}
  sluice_rt.release %b : !util.buffer
  util.return
}

// -----

util.func public @check_status_first() {
  // expected-error @+1 {{'sluice_rt.check_status' op must immediately follow a fallible operation}}
  sluice_rt.check_status ^ok, ^error
^ok:
  util.return
^error:
  sluice_rt.fail
}

// -----

util.func public @check_status_after_pure(%a: index) {
  %0 = arith.addi %a, %a : index
  // expected-error @+1 {{'sluice_rt.check_status' op must immediately follow a fallible operation}}
  sluice_rt.check_status ^ok, ^error
^ok:
  util.return
^error:
  sluice_rt.fail
}

// -----

// hal.devices.get with a constant index is not fallible.
util.func public @check_status_devices_get_constant() {
  %c0 = arith.constant 0 : index
  %d = hal.devices.get %c0 : !hal.device
  // expected-error @+1 {{'sluice_rt.check_status' op must immediately follow a fallible operation}}
  sluice_rt.check_status ^ok, ^error
^ok:
  util.return
^error:
  sluice_rt.fail
}

// -----

// ... and fallible with a dynamic one; hal.device.queue.flush is not.
util.func public @check_status_flush(%i: index, %aff: i64) {
  %d = hal.devices.get %i : !hal.device
  sluice_rt.check_status ^ok, ^error
^ok:
  hal.device.queue.flush<%d : !hal.device> affinity(%aff)
  // expected-error @+1 {{'sluice_rt.check_status' op must immediately follow a fallible operation}}
  sluice_rt.check_status ^ok2, ^error
^ok2:
  util.return
^error:
  sluice_rt.fail
}

// -----

util.func public @check_code_type(%code: i64) {
  // expected-error @+1 {{'sluice_rt.check_code' op operand #0 must be 32-bit signless integer, but got 'i64'}}
  "sluice_rt.check_code"(%code) [^ok, ^error] {message = "m"} : (i64) -> ()
^ok:
  util.return
^error:
  sluice_rt.fail
}

// -----

util.func public @not_llvm_func() {
  util.return
}
// expected-error @+1 {{'sluice_rt.executable_info' op '@not_llvm_func' is not an llvm.func}}
sluice_rt.executable_info @not_llvm_func executable("ex") export("e") layout(#hal.pipeline.layout<bindings = []>) cost(1)

// -----

// expected-error @+1 {{'sluice_rt.executable_info' op '@missing' is not an llvm.func}}
sluice_rt.executable_info @missing executable("ex") export("e") layout(#hal.pipeline.layout<bindings = []>) cost(1)

// -----

llvm.func @wg(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
// expected-error @+1 {{'sluice_rt.executable_info' op workgroup_size must have 3 entries}}
sluice_rt.executable_info @wg executable("ex") export("e") layout(#hal.pipeline.layout<bindings = []>) cost(1) workgroup_size([4, 1])

// -----

llvm.func @wg(%a: !llvm.ptr, %b: !llvm.ptr, %c: !llvm.ptr) -> i32 {
  %0 = llvm.mlir.constant(0 : i32) : i32
  llvm.return %0 : i32
}
// expected-error @+1 {{'sluice_rt.executable_info' op workgroup_size entries must be positive}}
sluice_rt.executable_info @wg executable("ex") export("e") layout(#hal.pipeline.layout<bindings = []>) cost(1) workgroup_size([4, 0, 1])

// -----

// expected-error @+1 {{'util.func' op 'sluice_rt.command_function' must be a unit attribute}}
util.func private @bad_marker() attributes {sluice_rt.command_function = 1 : i32} {
  util.return
}

// -----

// expected-error @+1 {{'func.func' op 'sluice_rt.command_function' may only be attached to a util.func}}
func.func private @marker_on_func() attributes {sluice_rt.command_function} {
  return
}
