// REQUIRES: sluice-opt, sluice-params
// Every serializable initial value kind is exported with its exact bytes:
// dense resources (read straight from the blob), util composites (packed
// members back to back), and non-tensor globals stay as they are.

// RUN: rm -rf %t && mkdir -p %t
// RUN: sluice-opt --pass-pipeline="builtin.module(iree-io-export-parameters{path=%t/a.irpa})" %s | FileCheck %s
// RUN: sluice-params dump --parameters=%t/a.irpa --extract=composite=%t/composite.bin --extract=resource=%t/resource.bin | FileCheck %s --check-prefix=DUMP
// RUN: od -v -A n -t x1 %t/composite.bin | FileCheck %s --check-prefix=COMPOSITE
// RUN: od -v -A n -t x1 %t/resource.bin | FileCheck %s --check-prefix=RESOURCE

// CHECK: util.global private @composite = #flow.parameter.named<""::"composite"> : tensor<12xi8>
util.global private @composite : tensor<12xi8> = #util.composite<12xi8, [dense<7> : tensor<1xi32>, dense<[1, 2, 3]> : tensor<3xi4>, dense<5> : vector<6xi8>]>
// CHECK: util.global private @buffer : !util.buffer = #composite_of_4b
util.global private @buffer : !util.buffer = #util.composite<4xi8, [dense<7> : tensor<1xi32>]>
// CHECK: util.global private @resource = #flow.parameter.named<""::"resource"> : tensor<2xi32>
util.global private @resource = dense_resource<blob> : tensor<2xi32>

// DUMP: (2 entries, 20 total bytes)
// DUMP: | 12 | `composite`
// DUMP: | 8 | `resource`
// COMPOSITE: 07 00 00 00 21 03 05 05 05 05 05 05
// RESOURCE: 01 00 00 00 02 00 00 00

{-#
  dialect_resources: {
    builtin: {
      blob: "0x040000000100000002000000"
    }
  }
#-}
