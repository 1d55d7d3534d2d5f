// RUN: sluice-opt --split-input-file --verify-diagnostics --sluice-link-executables %s | FileCheck %s
// REQUIRES: sluice-opt

// The variant's functions move to the top level under flat names (uses
// inside the variant follow), each export gets a sluice_rt.executable_info,
// dispatches name the flat function and the executable is gone.

// CHECK-NOT: hal.executable
// CHECK-DAG: llvm.func @sluice_dispatch__ex__add(
// CHECK-DAG: llvm.call @sluice_dispatch__ex__helper(
// CHECK-DAG: llvm.func internal @sluice_dispatch__ex__helper(
// CHECK-DAG: sluice_rt.executable_info @sluice_dispatch__ex__add executable("ex") export("add") layout(#{{.+}}) cost(7) workgroup_size([4, 1, 1])
// CHECK-DAG: sluice_rt.dispatch @sluice_dispatch__ex__add workgroups(
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @add ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    } attributes {sluice.workgroup_cost_ns = 7 : i64, workgroup_size = [4 : index, 1 : index, 1 : index]}
    builtin.module {
      llvm.func internal @helper() {
        llvm.return
      }
      llvm.func @add(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        llvm.call @helper() : () -> ()
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
util.func private @f$cmd0(%b: !hal.buffer) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  sluice_rt.wave {
    sluice_rt.dispatch @ex::@sluice_native::@add workgroups([%c1, %c1, %c1]) bindings([%b[%c0, %c4]])
  }
  util.return
}

// -----

// An export whose variant has no workgroup function.
#layout = #hal.pipeline.layout<bindings = []>
hal.executable private @ex {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    // expected-error @+1 {{export '@missing' of '@ex' has no workgroup function (run --sluice-cpu-codegen-pipeline first)}}
    hal.executable.export public @missing ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
    }
  }
}

// -----

// Only LLVM functions and globals can be linked.
#layout = #hal.pipeline.layout<bindings = []>
hal.executable private @ex {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    builtin.module {
      // expected-error @+1 {{'func.func' op cannot be linked into the host module}}
      func.func @not_lowered() {
        return
      }
    }
  }
}

// -----

// Every symbol of a variant is renamed at once: globals (and their uses),
// functions called before their definition, and a symbol whose name is the
// flat name of another one (renames do not chain). Two executables keep their
// own names.

// CHECK-LABEL: util.func private @g$cmd0(
// CHECK: sluice_rt.dispatch @sluice_dispatch__a__first workgroups(
// CHECK: sluice_rt.dispatch @sluice_dispatch__b__first workgroups(
// CHECK: sluice_rt.executable_info @sluice_dispatch__a__first executable("a") export("first")
// CHECK: llvm.mlir.global internal constant @sluice_dispatch__a__table(3 : i32)
// CHECK: llvm.func @sluice_dispatch__a__first(
// CHECK-NEXT: llvm.call @sluice_dispatch__a__later() : () -> ()
// CHECK-NEXT: llvm.mlir.addressof @sluice_dispatch__a__table : !llvm.ptr
// CHECK: llvm.func internal @sluice_dispatch__a__later()
// CHECK-NEXT: llvm.call @sluice_dispatch__a__sluice_dispatch__a__later() : () -> ()
// CHECK: llvm.func internal @sluice_dispatch__a__sluice_dispatch__a__later()
// CHECK: sluice_rt.executable_info @sluice_dispatch__b__first executable("b") export("first")
// CHECK: llvm.func @sluice_dispatch__b__first(
// CHECK-NEXT: llvm.call @sluice_dispatch__b__later() : () -> ()
// CHECK: llvm.func internal @sluice_dispatch__b__later()
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @a {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @first ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.mlir.global internal constant @table(3 : i32) : i32
      llvm.func @first(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        llvm.call @later() : () -> ()
        %p = llvm.mlir.addressof @table : !llvm.ptr
        %z = llvm.load %p : !llvm.ptr -> i32
        llvm.return %z : i32
      }
      llvm.func internal @later() {
        llvm.call @sluice_dispatch__a__later() : () -> ()
        llvm.return
      }
      llvm.func internal @sluice_dispatch__a__later() {
        llvm.return
      }
    }
  }
}
hal.executable private @b {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @first ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.func @first(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        llvm.call @later() : () -> ()
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
      llvm.func internal @later() {
        llvm.return
      }
    }
  }
}
util.func private @g$cmd0(%b: !hal.buffer) attributes {sluice_rt.command_function} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  sluice_rt.wave {
    sluice_rt.dispatch @a::@sluice_native::@first workgroups([%c1, %c1, %c1]) bindings([%b[%c0, %c4]])
  }
  sluice_rt.wave {
    sluice_rt.dispatch @b::@sluice_native::@first workgroups([%c1, %c1, %c1]) bindings([%b[%c0, %c4]])
  }
  util.return
}

// -----

// A module of executables only (no sluice_rt op loaded the dialect before).

// CHECK-LABEL: sluice_rt.executable_info @sluice_dispatch__only__e executable("only") export("e")
// CHECK: llvm.func @sluice_dispatch__only__e(
#layout = #hal.pipeline.layout<bindings = []>
hal.executable private @only {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.func @e(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}

// -----

// External declarations (libm calls from --sluice-cpu-lower-math) keep their
// names; two executables declaring the same function share one declaration.
// CHECK-LABEL: llvm.func @sinf(f32) -> f32
// CHECK-NOT: llvm.func @sinf
// CHECK-NOT: sluice_dispatch__{{.*}}sinf
// CHECK-DAG: llvm.call @sinf(%{{.+}}) : (f32) -> f32
// CHECK-DAG: llvm.func @sluice_dispatch__a__s(
// CHECK-DAG: llvm.func @sluice_dispatch__b__s(
#layout = #hal.pipeline.layout<bindings = []>
hal.executable private @a {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @s ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.func @sinf(f32) -> f32
      llvm.func @s(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %x = llvm.mlir.constant(1.0 : f32) : f32
        %y = llvm.call @sinf(%x) : (f32) -> f32
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
hal.executable private @b {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @s ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.func @sinf(f32) -> f32
      llvm.func @s(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %x = llvm.mlir.constant(2.0 : f32) : f32
        %y = llvm.call @sinf(%x) : (f32) -> f32
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
util.func private @g$cmd0(%b: !hal.buffer) attributes {sluice_rt.command_function} {
  %c1 = arith.constant 1 : index
  sluice_rt.wave {
    sluice_rt.dispatch @a::@sluice_native::@s workgroups([%c1, %c1, %c1]) bindings([])
  }
  util.return
}

// -----

// A host function or global named like a libm function keeps its name; the
// dispatch code's declaration is named sluice_libm__<name> and keeps the
// name to bind to in sluice.link_name (NativeTarget binds it after giving
// every local function a prefixed name). A declaration lower-math already
// renamed (sluice.link_name = "powf") binds to the same one. A host symbol
// with a flat name pushes the flat name aside.

// CHECK-LABEL: util.global private @sinf : i32
// CHECK: util.func public @powf(%{{.+}}: f32) -> f32 {
// CHECK: util.global.load @sinf : i32
// CHECK: util.func private @sluice_dispatch__ex__powf(
// CHECK: util.func private @main$cmd0(
// CHECK: util.call @powf(
// CHECK: sluice_rt.dispatch @sluice_dispatch__ex__powf_1 workgroups(
// CHECK: sluice_rt.executable_info @sluice_dispatch__ex__powf_1 executable("ex") export("powf")
// CHECK: llvm.func @sluice_libm__powf(f32, f32) -> f32 attributes {sluice.link_name = "powf"}
// CHECK: llvm.func @sluice_libm__sinf(f32) -> f32 attributes {sluice.link_name = "sinf"}
// CHECK: llvm.func @cosf(f32) -> f32
// CHECK-NOT: sluice.link_name
// CHECK: llvm.func @sluice_dispatch__ex__powf_1(
// CHECK: llvm.call @sluice_libm__powf(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
// CHECK: llvm.call @sluice_libm__sinf(%{{.+}}) : (f32) -> f32
// CHECK: llvm.call @cosf(%{{.+}}) : (f32) -> f32
// CHECK: llvm.func @sluice_dispatch__ex2__e(
// CHECK: llvm.call @sluice_libm__powf(%{{.+}}, %{{.+}}) : (f32, f32) -> f32
#layout = #hal.pipeline.layout<bindings = []>
util.global private @sinf : i32
util.func public @powf(%x: f32) -> f32 {
  %g = util.global.load @sinf : i32
  util.return %x : f32
}
util.func private @sluice_dispatch__ex__powf() {
  util.return
}
hal.executable private @ex {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @powf ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      // What --sluice-cpu-lower-math leaves when the dispatch function has
      // the libm function's name.
      llvm.func @sluice_libm__powf(f32, f32) -> f32 attributes {sluice.link_name = "powf"}
      llvm.func @sinf(f32) -> f32
      llvm.func @cosf(f32) -> f32
      llvm.func @powf(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %x = llvm.mlir.constant(2.0 : f32) : f32
        %y = llvm.call @sluice_libm__powf(%x, %x) : (f32, f32) -> f32
        %s = llvm.call @sinf(%y) : (f32) -> f32
        %c = llvm.call @cosf(%s) : (f32) -> f32
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
hal.executable private @ex2 {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @e ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.func @powf(f32, f32) -> f32
      llvm.func @e(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %x = llvm.mlir.constant(2.0 : f32) : f32
        %y = llvm.call @powf(%x, %x) : (f32, f32) -> f32
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
util.func private @main$cmd0(%b: !hal.buffer) attributes {sluice_rt.command_function} {
  %c1 = arith.constant 1 : index
  %f = arith.constant 1.0 : f32
  %r = util.call @powf(%f) : (f32) -> f32
  sluice_rt.wave {
    sluice_rt.dispatch @ex::@sluice_native::@powf workgroups([%c1, %c1, %c1]) bindings([])
  }
  sluice_rt.wave {
    sluice_rt.dispatch @ex2::@sluice_native::@e workgroups([%c1, %c1, %c1]) bindings([])
  }
  util.return
}

// -----

// Two pairs of names that flatten to the same string (@a__b::@c and
// @a::@b__c): the second gets a suffix.

// CHECK-LABEL: sluice_rt.dispatch @sluice_dispatch__a__b__c workgroups(
// CHECK: sluice_rt.dispatch @sluice_dispatch__a__b__c_1 workgroups(
// CHECK-DAG: sluice_rt.executable_info @sluice_dispatch__a__b__c executable("a__b") export("c")
// CHECK-DAG: sluice_rt.executable_info @sluice_dispatch__a__b__c_1 executable("a") export("b__c")
#layout = #hal.pipeline.layout<bindings = []>
hal.executable private @a__b {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @c ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.func @c(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
hal.executable private @a {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @b__c ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      llvm.func @b__c(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %z = llvm.mlir.constant(1 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
util.func private @g$cmd0(%b: !hal.buffer) attributes {sluice_rt.command_function} {
  %c1 = arith.constant 1 : index
  sluice_rt.wave {
    sluice_rt.dispatch @a__b::@sluice_native::@c workgroups([%c1, %c1, %c1]) bindings([])
  }
  sluice_rt.wave {
    sluice_rt.dispatch @a::@sluice_native::@b__c workgroups([%c1, %c1, %c1]) bindings([])
  }
  util.return
}

// -----

// A declaration of a function the host module declares with another type.
#layout = #hal.pipeline.layout<bindings = []>
llvm.func @cosf(f64) -> f64
hal.executable private @c {
  hal.executable.variant public @sluice_native target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @s ordinal(0) layout(#layout) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      // expected-error @+1 {{'llvm.func' op declares '@cosf', which the host module declares differently}}
      llvm.func @cosf(f32) -> f32
      llvm.func @s(%env: !llvm.ptr, %d: !llvm.ptr, %w: !llvm.ptr) -> i32 {
        %z = llvm.mlir.constant(0 : i32) : i32
        llvm.return %z : i32
      }
    }
  }
}
