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
