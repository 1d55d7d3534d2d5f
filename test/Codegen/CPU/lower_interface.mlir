// RUN: sluice-opt --allow-unregistered-dialect --split-input-file --pass-pipeline='builtin.module(hal.executable(hal.executable.variant(builtin.module(sluice-cpu-lower-interface))))' %s | FileCheck %s
// REQUIRES: sluice-opt

// The workgroup ABI of execution.md §4.5: workgroup ids from the workgroup
// state (+0, +4 as u32, +8 as u16), counts from the dispatch state (+12,
// +16 as u32, +20 as u16), sizes from the export's workgroup_size or the
// dispatch state (+0, +4, +8), constants through the pointer at +24,
// bindings through the pointer array at +32 plus the byte offset.

#layout = #hal.pipeline.layout<constants = 3, bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    // CHECK: hal.executable.export public @abi
    // CHECK-SAME: sluice.workgroup_cost_ns = {{[1-9][0-9]*}} : i64
    hal.executable.export public @abi ordinal(0) layout(#layout) attributes {workgroup_size = [4 : index, 1 : index, 1 : index]}
    builtin.module {
      // CHECK-LABEL: func.func @abi
      // CHECK-SAME: (%[[ENV:.+]]: !llvm.ptr, %[[DS:.+]]: !llvm.ptr, %[[WS:.+]]: !llvm.ptr) -> i32
      func.func @abi() {
        // CHECK: %[[IDXP:.+]] = llvm.getelementptr %[[WS]][0] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: %[[IDX:.+]] = llvm.load %[[IDXP]] : !llvm.ptr -> i32
        // CHECK-NEXT: arith.index_castui %[[IDX]] : i32 to index
        %idx = hal.interface.workgroup.id[0] : index
        // CHECK: llvm.getelementptr %[[WS]][4] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr -> i32
        %idy = hal.interface.workgroup.id[1] : index
        // CHECK: llvm.getelementptr %[[WS]][8] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: %[[IDZ:.+]] = llvm.load %{{.+}} : !llvm.ptr -> i16
        // CHECK-NEXT: arith.index_castui %[[IDZ]] : i16 to index
        %idz = hal.interface.workgroup.id[2] : index
        // CHECK: llvm.getelementptr %[[DS]][12] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr -> i32
        %cx = hal.interface.workgroup.count[0] : index
        // CHECK: llvm.getelementptr %[[DS]][16] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr -> i32
        %cy = hal.interface.workgroup.count[1] : index
        // CHECK: llvm.getelementptr %[[DS]][20] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr -> i16
        %cz = hal.interface.workgroup.count[2] : index
        // The export's constant size; the state's field where it has none.
        // CHECK: arith.constant 4 : index
        %sx = hal.interface.workgroup.size[0] : index
        // CHECK: arith.constant 1 : index
        %sy = hal.interface.workgroup.size[1] : index
        // CHECK: %[[CP:.+]] = llvm.getelementptr %[[DS]][24] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: %[[C:.+]] = llvm.load %[[CP]] : !llvm.ptr -> !llvm.ptr
        // CHECK-NEXT: %[[K0P:.+]] = llvm.getelementptr %[[C]][0] : (!llvm.ptr) -> !llvm.ptr, i32
        // CHECK-NEXT: %[[K0:.+]] = llvm.load %[[K0P]] : !llvm.ptr -> i32
        %k0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
        // CHECK: llvm.getelementptr %{{.+}}[1] : (!llvm.ptr) -> !llvm.ptr, i32
        // CHECK-NEXT: %[[K1:.+]] = llvm.load %{{.+}} : !llvm.ptr -> i32
        // CHECK-NEXT: arith.bitcast %[[K1]] : i32 to f32
        %k1 = hal.interface.constant.load layout(#layout) ordinal(1) : f32
        // CHECK: llvm.getelementptr %{{.+}}[2] : (!llvm.ptr) -> !llvm.ptr, i32
        // CHECK-NEXT: %[[K2:.+]] = llvm.load %{{.+}} : !llvm.ptr -> i32
        // CHECK-NEXT: %[[N:.+]] = arith.index_castui %[[K2]] : i32 to index
        %n = hal.interface.constant.load layout(#layout) ordinal(2) : index
        // Binding 1 at byte offset %n, memref<?x4xf32>: sizes (n, 4), strides (4, 1).
        // CHECK: %[[BP:.+]] = llvm.getelementptr %[[DS]][32] : (!llvm.ptr) -> !llvm.ptr, i8
        // CHECK-NEXT: %[[BA:.+]] = llvm.load %[[BP]] : !llvm.ptr -> !llvm.ptr
        // CHECK-NEXT: %[[SLOT:.+]] = llvm.getelementptr %[[BA]][1] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
        // CHECK-NEXT: %[[BASE:.+]] = llvm.load %[[SLOT]] : !llvm.ptr -> !llvm.ptr
        // CHECK-NEXT: %[[OFF:.+]] = arith.index_cast %[[N]] : index to i64
        // CHECK-NEXT: %[[PTR:.+]] = llvm.getelementptr %[[BASE]][%[[OFF]]] : (!llvm.ptr, i64) -> !llvm.ptr, i8
        // CHECK-NEXT: %[[D0:.+]] = llvm.mlir.poison : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
        // CHECK-NEXT: %[[D1:.+]] = llvm.insertvalue %[[PTR]], %[[D0]][0]
        // CHECK-NEXT: %[[D2:.+]] = llvm.insertvalue %[[PTR]], %[[D1]][1]
        // CHECK-NEXT: %[[ZERO:.+]] = llvm.mlir.constant(0 : i64) : i64
        // CHECK-NEXT: %[[D3:.+]] = llvm.insertvalue %[[ZERO]], %[[D2]][2]
        // CHECK-NEXT: %[[DIM0:.+]] = arith.index_cast %[[N]] : index to i64
        // CHECK-NEXT: %[[FOUR:.+]] = llvm.mlir.constant(4 : i64) : i64
        // CHECK-NEXT: %[[ONE:.+]] = llvm.mlir.constant(1 : i64) : i64
        // CHECK-NEXT: %[[D4:.+]] = llvm.insertvalue %[[FOUR]], %[[D3]][3, 1]
        // CHECK-NEXT: %[[D5:.+]] = llvm.insertvalue %[[ONE]], %[[D4]][4, 1]
        // CHECK-NEXT: %[[S0:.+]] = llvm.mul %[[ONE]], %[[FOUR]] : i64
        // CHECK-NEXT: %[[D6:.+]] = llvm.insertvalue %[[DIM0]], %[[D5]][3, 0]
        // CHECK-NEXT: %[[D7:.+]] = llvm.insertvalue %[[S0]], %[[D6]][4, 0]
        // CHECK-NEXT: %[[M:.+]] = builtin.unrealized_conversion_cast %[[D7]] : !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)> to memref<?x4xf32>
        // `alignment(64)` becomes memref.assume_alignment, whose result the users take.
        // CHECK-NEXT: %[[AM:.+]] = memref.assume_alignment %[[M]], 64 : memref<?x4xf32>
        %b = hal.interface.binding.subspan layout(#layout) binding(1) alignment(64) offset(%n) : memref<?x4xf32>{%n}
        // A rank-0 binding without offset.
        // CHECK: llvm.getelementptr %{{.+}}[0] : (!llvm.ptr) -> !llvm.ptr, !llvm.ptr
        // CHECK: builtin.unrealized_conversion_cast %{{.+}} : !llvm.struct<(ptr, ptr, i64)> to memref<i32>
        %s = hal.interface.binding.subspan layout(#layout) binding(0) : memref<i32>
        %sum0 = arith.addi %idx, %idy : index
        %sum1 = arith.addi %sum0, %idz : index
        %sum2 = arith.addi %cx, %cy : index
        %sum3 = arith.addi %sum2, %cz : index
        %sum4 = arith.addi %sx, %sy : index
        %v = arith.addi %sum1, %sum3 : index
        %w = arith.addi %v, %sum4 : index
        %i = arith.index_cast %w : index to i32
        %j = arith.addi %i, %k0 : i32
        memref.store %j, %s[] : memref<i32>
        // CHECK: memref.store %{{.+}}, %[[AM]][
        memref.store %k1, %b[%idx, %idy] : memref<?x4xf32>
        // CHECK: %[[RET:.+]] = arith.constant 0 : i32
        // CHECK-NEXT: return %[[RET]] : i32
        return
      }
    }
  }
}

// -----

// Without a constant workgroup_size the state's fields are read.
#layout = #hal.pipeline.layout<bindings = []>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "sluice-native">) {
    hal.executable.export public @sizes ordinal(0) layout(#layout)
    builtin.module {
      // CHECK-LABEL: func.func @sizes
      // CHECK-SAME: (%{{.+}}: !llvm.ptr, %[[DS:.+]]: !llvm.ptr, %{{.+}}: !llvm.ptr) -> i32
      // CHECK: llvm.getelementptr %[[DS]][0] : (!llvm.ptr) -> !llvm.ptr, i8
      // CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr -> i32
      // CHECK: llvm.getelementptr %[[DS]][4] : (!llvm.ptr) -> !llvm.ptr, i8
      // CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr -> i32
      // CHECK: llvm.getelementptr %[[DS]][8] : (!llvm.ptr) -> !llvm.ptr, i8
      // CHECK-NEXT: llvm.load %{{.+}} : !llvm.ptr -> i16
      func.func @sizes() {
        %x = hal.interface.workgroup.size[0] : index
        %y = hal.interface.workgroup.size[1] : index
        %z = hal.interface.workgroup.size[2] : index
        %0 = arith.addi %x, %y : index
        %1 = arith.addi %0, %z : index
        "test.use"(%1) : (index) -> ()
        return
      }
    }
  }
}
