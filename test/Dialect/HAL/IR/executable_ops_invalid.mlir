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
