// RUN: sluice-opt --split-input-file %s | FileCheck %s
// RUN: sluice-opt --split-input-file %s | sluice-opt --split-input-file | FileCheck %s
// REQUIRES: sluice-opt

// A load with no rows is legal: it parses from `{` `}` (with any whitespace
// inside) and prints `{` newline `}` with the brace at the op's indentation.

// CHECK-LABEL: util.func public @zero_row_load
util.func public @zero_row_load(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %mem: i32, %use: i32) {
  //      CHECK: io_parameters.load<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) type(%arg4) usage(%arg5) {
  // CHECK-NEXT: {{^    }}}
  // CHECK-NEXT: io_parameters.load<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) type(%arg4) usage(%arg5) {
  // CHECK-NEXT: {{^    }}}
  io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {}
  io_parameters.load<%device : !hal.device> affinity(%aff) wait(%wait) signal(%signal) type(%mem) usage(%use) {

  }
  util.return
}

// -----

// The generic form of a zero-row load prints in the custom form and re-parses.

// CHECK-LABEL: util.func public @zero_row_load_generic
util.func public @zero_row_load_generic(%device: !hal.device, %aff: i64, %wait: !hal.fence, %signal: !hal.fence, %mem: i32, %use: i32) {
  //      CHECK: io_parameters.load<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) type(%arg4) usage(%arg5) {
  // CHECK-NEXT: {{^    }}}
  "io_parameters.load"(%device, %aff, %wait, %signal, %mem, %use) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 0, 0, 0, 1, 1, 0>}> : (!hal.device, i64, !hal.fence, !hal.fence, i32, i32) -> ()
  util.return
}
