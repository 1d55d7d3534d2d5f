// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

func.func @return_count() -> index {
  // expected-error @+1 {{'hal.return' op return must have the same number of operands as the parent result signature (have 0, expected 1)}}
  hal.return
}

// -----

func.func @return_type(%arg0: i32) -> index {
  // expected-error @+1 {{'hal.return' op parent expected result 0 to be 'index' but returning 'i32'}}
  hal.return %arg0 : i32
}

// -----

hal.executable.source @no_fallback {
  // expected-error @+1 {{'hal.executable.export' op must have a fallback if a condition region is defined}}
  hal.executable.export @a layout(#hal.pipeline.layout<bindings = []>) condition(%device: !hal.device) -> i1 {
    %true = arith.constant true
    hal.return %true : i1
  }
}

// -----

hal.executable.source @no_condition {
  hal.executable.export @a layout(#hal.pipeline.layout<bindings = []>)
  // expected-error @+1 {{'hal.executable.export' op fallback must only be present if a condition region is defined}}
  hal.executable.export @b layout(#hal.pipeline.layout<bindings = []>) fallback(@a)
}

// -----

hal.executable.source @count_types {
  // expected-error @+1 {{workgroup count region must return the XYZ dimension counts}}
  hal.executable.export @a layout(#hal.pipeline.layout<bindings = []>) count(%x: index) -> (index, index) {
    hal.return %x, %x : index, index
  }
}

// -----

hal.executable.source @count_blocks {
  // expected-error @+1 {{'hal.executable.export' op expected a single region block for the workgroup count}}
  hal.executable.export @a layout(#hal.pipeline.layout<bindings = []>) count(%x: index) -> (index, index, index) {
    cf.br ^bb1
  ^bb1:
    hal.return %x, %x, %x : index, index, index
  }
}

// -----

// expected-error @+1 {{'hal.executable.export' op expects parent op to be one of 'hal.executable.source, hal.executable.variant'}}
hal.executable.export @export_parent layout(#hal.pipeline.layout<bindings = []>)

// -----

"hal.executable.source"() <{sym_name = "bad_layout"}> ({
  // expected-error @+1 {{invalid properties {layout = 1 : i32, sym_name = "a"} for op hal.executable.export: Invalid attribute `layout` in property conversion: 1 : i32}}
  "hal.executable.export"() <{sym_name = "a", layout = 1 : i32}> ({}, {}) : () -> ()
  "hal.executable.source_end"() : () -> ()
}) : () -> ()

// -----

hal.executable.source @variant_parent {
  // expected-error @+1 {{'hal.executable.variant' op expects parent op 'hal.executable'}}
  hal.executable.variant @v target(#hal.executable.target<"vmvx", "vmvx-bytecode-fb">) {
  }
}

// -----

// expected-error @+1 {{'hal.executable.source' op only one condition op is allowed in an executable}}
hal.executable.source @two_conditions {
  hal.executable.condition(%device: !hal.device) -> i1 {
    %true = arith.constant true
    hal.return %true : i1
  }
  hal.executable.condition(%device: !hal.device) -> i1 {
    %true = arith.constant true
    hal.return %true : i1
  }
}

// -----

hal.executable.source @condition_blocks {
  hal.executable.export @a layout(#hal.pipeline.layout<bindings = []>)
  // expected-error @+1 {{'hal.executable.export' op expected a single region block for the condition}}
  hal.executable.export @b layout(#hal.pipeline.layout<bindings = []>) condition(%device: !hal.device) -> i1 {
    cf.br ^bb1
  ^bb1:
    %true = arith.constant true
    hal.return %true : i1
  } fallback(@a)
}

// -----

hal.executable private @two_conditions {
  // expected-error @+1 {{'hal.executable.variant' op only one condition op is allowed in a variant}}
  hal.executable.variant public @v target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.condition(%device: !hal.device) -> i1 {
      %true = arith.constant true
      hal.return %true : i1
    }
    hal.executable.condition(%device: !hal.device) -> i1 {
      %true = arith.constant true
      hal.return %true : i1
    }
  }
}

// -----

hal.executable private @condition_results {
  hal.executable.variant public @v target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    // expected-error @+1 {{target condition region must return one i1}}
    hal.executable.condition(%device: !hal.device) -> (i1, i1) {
      %true = arith.constant true
      hal.return %true, %true : i1, i1
    }
  }
}

// -----

hal.executable private @condition_arg {
  hal.executable.variant public @v target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    // expected-error @+1 {{'hal.executable.condition' op target condition region must take a !hal.device}}
    hal.executable.condition(%x: index) -> i1 {
      %true = arith.constant true
      hal.return %true : i1
    }
  }
}

// -----

hal.executable private @condition_return {
  hal.executable.variant public @v target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.condition(%device: !hal.device) -> i1 {
      %c1 = arith.constant 1 : i32
      // expected-error @+1 {{'hal.return' op target condition region must return a single i1 result}}
      hal.return %c1 : i32
    }
  }
}

// -----

hal.executable private @export_condition_args {
  hal.executable.variant public @v target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    // expected-error @+1 {{'hal.executable.export' op expected condition region to take (%device: !hal.device, %workload_0: index, %workload_1: index, ...}}
    hal.executable.export public @e layout(#hal.pipeline.layout<bindings = []>) condition(%x: index) -> i1 {
      %true = arith.constant true
      hal.return %true : i1
    } fallback(@f)
    hal.executable.export public @f layout(#hal.pipeline.layout<bindings = []>)
  }
}

// -----

hal.executable private @export_condition_result {
  hal.executable.variant public @v target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    // expected-error @+1 {{'hal.executable.export' op condition region must return a boolean value}}
    hal.executable.export public @e layout(#hal.pipeline.layout<bindings = []>) condition(%device: !hal.device) -> i1 {
      %c1 = arith.constant 1 : i32
      hal.return %c1 : i32
    } fallback(@f)
    hal.executable.export public @f layout(#hal.pipeline.layout<bindings = []>)
  }
}
