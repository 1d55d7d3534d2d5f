// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// hal.return checks the signature of a function-like parent.
// CHECK-LABEL: func.func @return_in_func
func.func @return_in_func(%arg0: index, %arg1: i32) -> (index, i32) {
  // CHECK: hal.return %arg0, %arg1 : index, i32
  hal.return %arg0, %arg1 : index, i32
}

// -----

// CHECK-LABEL: func.func @return_empty
func.func @return_empty() {
  // CHECK: hal.return{{$}}
  hal.return
}

// -----

// The export of the encoding test (spec example).
// CHECK: #pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK-LABEL: hal.executable.source public @executable {
// CHECK-NEXT: hal.executable.export public @dispatch ordinal(0) layout(#pipeline_layout)
// CHECK-NEXT: }
hal.executable.source public @executable {
  hal.executable.export public @dispatch ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
}

// -----

// Argument attribute dictionaries are accepted but not kept.
// CHECK-LABEL: hal.executable.source private @full attributes {hal.x} {
hal.executable.source private @full attributes {hal.x} {
  // CHECK: hal.executable.export public @a layout(#pipeline_layout) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
  // CHECK-NEXT: hal.return %arg1, %arg1, %arg1 : index, index, index
  // CHECK-NEXT: } attributes {workgroup_size = [4 : index, 1 : index, 1 : index]}
  hal.executable.export @a layout(#hal.pipeline.layout<constants = 2, bindings = []>) count(%device: !hal.device, %x: index {hal.y}) -> (index, index, index) {
    hal.return %x, %x, %x : index, index, index
  } attributes {workgroup_size = [4 : index, 1 : index, 1 : index]}
  // CHECK: hal.executable.export private @b ordinal(1) layout(#pipeline_layout1) condition(%arg0: !hal.device) -> i1 {
  // CHECK-NEXT: %true = arith.constant true
  // CHECK-NEXT: hal.return %true : i1
  // CHECK-NEXT: } fallback(@a)
  hal.executable.export private @b ordinal(1) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<uniform_buffer>]>) condition(%device: !hal.device) -> i1 {
    %true = arith.constant true
    hal.return %true : i1
  } fallback(@a)
}

// -----

// CHECK-LABEL: hal.executable.source public @empty {
// CHECK-NEXT: }
hal.executable.source @empty {
}

// -----

// Full executables round-trip (HALToStream leaves them alone).
// CHECK: #executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
// CHECK-LABEL: hal.executable private @ex {
// CHECK-NEXT: hal.executable.variant public @vmvx target(#executable_target_vmvx_bytecode_fb) objects([#hal.device.promise<@o>]) {
// CHECK-NEXT: hal.executable.export public @entry ordinal(0) layout(#pipeline_layout) count(%arg0: !hal.device) -> (index, index, index) {
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: hal.return %c1, %c1, %c1 : index, index, index
// CHECK-NEXT: }
// CHECK-NEXT: builtin.module {
// CHECK-NEXT: func.func @entry()
// CHECK: }
// CHECK-NEXT: }
// CHECK-NEXT: }
hal.executable private @ex {
  hal.executable.variant public @vmvx target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) objects([#hal.device.promise<@o>]) {
    hal.executable.export public @entry ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @entry() {
        return
      }
    }
  }
}

// -----

// CHECK-LABEL: hal.executable private @conditional
hal.executable private @conditional {
  // CHECK: hal.executable.variant public @x86_64 target(#executable_target_embedded_elf_x86_64) {
  hal.executable.variant public @x86_64 target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    //      CHECK: hal.executable.condition(%arg0: !hal.device) -> i1 {
    // CHECK-NEXT:   %{{.+}}, %[[V:.+]] = hal.device.query<%arg0 : !hal.device> key("some" :: "feature") : i1, i1
    // CHECK-NEXT:   hal.return %[[V]] : i1
    // CHECK-NEXT: }
    hal.executable.condition(%device: !hal.device) -> i1 {
      %ok, %v = hal.device.query<%device : !hal.device> key("some" :: "feature") : i1, i1
      hal.return %v : i1
    }
    hal.executable.export public @entry ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) condition(%device: !hal.device, %w: index) -> i1 {
      %true = arith.constant true
      hal.return %true : i1
    } fallback(@fallback)
    hal.executable.export public @fallback ordinal(1) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  }
}

// -----

// CHECK-LABEL: util.func public @executable_lookup
util.func public @executable_lookup(%device: !hal.device, %w: index) -> (i64, index, index, index) {
  // CHECK: %exe = hal.executable.lookup device(%arg0 : !hal.device) executable(@ex) : !hal.executable
  %exe = hal.executable.lookup device(%device : !hal.device) executable(@ex) : !hal.executable
  // CHECK: %function_id = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@x86_64::@entry) : i64
  %fn = hal.executable.lookup.function target(%exe : !hal.executable) function(@ex::@x86_64::@entry) : i64
  // CHECK: hal.executable.calculate_workgroups device(%arg0 : !hal.device) target(@ex::@x86_64::@entry) workload([%arg1, %arg1]) : index, index, index
  %x, %y, %z = hal.executable.calculate_workgroups device(%device : !hal.device) target(@ex::@x86_64::@entry) workload([%w, %w]) : index, index, index
  // CHECK: hal.executable.calculate_workgroups device(%arg0 : !hal.device) target(@ex::@x86_64::@entry) : index, index, index
  %x2, %y2, %z2 = hal.executable.calculate_workgroups device(%device : !hal.device) target(@ex::@x86_64::@entry) : index, index, index
  util.return %fn, %x, %y, %z2 : i64, index, index, index
}
