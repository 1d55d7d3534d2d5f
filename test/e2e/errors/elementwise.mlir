// REQUIRES: sluice-compile, sluice-run
// execution.md §8.5: the invocation errors of sluice-run on a program
// compiled from the flow level (phase input wraps @add). Each prints one
// exact line on stderr and exits with status 1.
// RUN: sluice-compile %s -o %t.so
// RUN: sluice-run --module=%t.so --function=add --input=4xf32=1,2,3,4 --input=4xf32=1 | FileCheck %s --check-prefix=OK --match-full-lines
// OK:      EXEC @add
// OK-NEXT: result[0]: hal.buffer_view
// OK-NEXT: 4xf32=2 3 4 5
//
// RUN: bash -c 'sluice-run --module=%t.so --function=add --input=3xf32=1 --input=4xf32=1 2>&1 >/dev/null; echo "exit status $?"' | FileCheck %s --check-prefix=SHAPE --match-full-lines
// SHAPE-NOT: {{.+}}
// SHAPE:      Error: INVALID_ARGUMENT; input0 shape dimension 0 mismatch; expected 4 but have 3; expected shape `4`, actual shape `3`; invoking function 'add'
// SHAPE-NEXT: exit status 1
// SHAPE-NOT: {{.+}}
// RUN: bash -c 'sluice-run --module=%t.so --function=add --input=4xi32=1 --input=4xf32=1 2>&1 >/dev/null; echo "exit status $?"' | FileCheck %s --check-prefix=ELEMENT --match-full-lines
// ELEMENT-NOT: {{.+}}
// ELEMENT:      Error: INVALID_ARGUMENT; input0 element type mismatch; expected f32 (21000020) but have i32 (10000020); invoking function 'add'
// ELEMENT-NEXT: exit status 1
// ELEMENT-NOT: {{.+}}
// RUN: bash -c 'sluice-run --module=%t.so --function=add --input=4xf32=1 2>&1 >/dev/null; echo "exit status $?"' | FileCheck %s --check-prefix=COUNT --match-full-lines
// COUNT-NOT: {{.+}}
// COUNT:      Error: INVALID_ARGUMENT; function 'add' expects 2 inputs but 1 were given
// COUNT-NEXT: exit status 1
// COUNT-NOT: {{.+}}
// RUN: bash -c 'sluice-run --module=%t.so --function=sub --input=4xf32=1 --input=4xf32=1 2>&1 >/dev/null; echo "exit status $?"' | FileCheck %s --check-prefix=UNKNOWN --match-full-lines
// UNKNOWN-NOT: {{.+}}
// UNKNOWN:      Error: NOT_FOUND; function 'sub' not found in module 'elementwise'; exported functions: add
// UNKNOWN-NEXT: exit status 1
// UNKNOWN-NOT: {{.+}}
// RUN: bash -c 'sluice-run --module=%t.so --function=add --input=4xf32=1,2 --input=4xf32=1 2>&1 >/dev/null; echo "exit status $?"' | FileCheck %s --check-prefix=TEXT --match-full-lines
// TEXT-NOT: {{.+}}
// TEXT:      Error: INVALID_ARGUMENT; expected 4 values for shape 4 but got 2; parsing input `4xf32=1,2`
// TEXT-NEXT: exit status 1
// TEXT-NOT: {{.+}}

#map = affine_map<(d0) -> (d0)>
module @elementwise {
  flow.executable private @ex {
    flow.executable.export public @add workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      flow.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @add(%a: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %b: !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>>, %o: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>) {
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [4], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32>> -> tensor<4xf32>
        %e = tensor.empty() : tensor<4xf32>
        %r = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<4xf32>, tensor<4xf32>) outs(%e : tensor<4xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<4xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [4], strides = [1] : tensor<4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32>>
        return
      }
    }
  }
  util.func public @add(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
    %r = flow.dispatch @ex::@add(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    util.return %r : tensor<4xf32>
  }
}
