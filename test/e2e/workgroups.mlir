// REQUIRES: sluice-compile, sluice-run
// Dispatches that run as several workgroups (execution.md §5.1 steps 4-6):
// the root is tiled over workgroups and the count region is computed from
// the tiles, statically (@iota: 3x40 -> tiles 3x32, counts (2, 1, 1)) and
// from a workload operand (@add: ? elements -> tiles of 4096, count
// ceil(n / 4096)). JIT and AOT.
// RUN: sluice-compile --compile-from=stream --compile-to=hal %s | FileCheck %s --check-prefix=HAL
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=1" --function=iota | FileCheck %s --check-prefix=IOTA --match-full-lines
// RUN: sluice-compile --compile-from=stream %s -o %t.so
// RUN: sluice-run --module=%t.so --function=iota | FileCheck %s --check-prefix=IOTA --match-full-lines
// RUN: sluice-run --module=%t.so --function=add --input=5000xf32=1 --input=5000xf32=2 --input=5000 --output_max_element_count=3 --expected_output=5000xf32=3 | FileCheck %s --check-prefix=ADD
// RUN: sluice-run --module=%s --jit_flags="--compile-from=stream --sluice-opt-level=1" --function=add --input=9000xf32=1.5 --input=9000xf32=2 --input=9000 --output_max_element_count=3 --expected_output=9000xf32=3.5 | FileCheck %s --check-prefix=ADD
// RUN: sluice-run --module=%t.so --function=add --input=5xf32=1,2,3,4,5 --input=5xf32=10 --input=5 | FileCheck %s --check-prefix=SMALL --match-full-lines
// Five workgroups on two workers, repeated (scripts/sanitizers.sh e2e runs
// this under TSan).
// RUN: sluice-run --module=%t.so --function=add --input=20000xf32=1 --input=20000xf32=2 --input=20000 --output_max_element_count=3 --expected_output=20000xf32=3 --worker_threads=2 --inline_threshold_ns=1 --benchmark=10 --benchmark_warmup=2 | FileCheck %s --check-prefix=BENCH
// BENCH: [SUCCESS]
// BENCH-NEXT: BENCHMARK @add calls=10 warmup=2
// RUN: sluice-compile --compile-from=stream --sluice-cpu-strategy=loops %s -o %t.loops.so
// RUN: sluice-run --module=%t.loops.so --function=iota | FileCheck %s --check-prefix=IOTA --match-full-lines

// The iota dispatch runs as two workgroups along x.
// HAL-LABEL: util.func public @iota
// HAL: %[[C2:.+]] = arith.constant 2 : index
// HAL: hal.command_buffer.dispatch{{.+}} workgroups([%[[C2]], %{{.+}}, %{{.+}}])

// IOTA:      EXEC @iota
// IOTA-NEXT: result[0]: hal.buffer_view
// IOTA-NEXT: 3x40xf32=[0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39][1000 1001 1002 1003 1004 1005 1006 1007 1008 1009 1010 1011 1012 1013 1014 1015 1016 1017 1018 1019 1020 1021 1022 1023 1024 1025 1026 1027 1028 1029 1030 1031 1032 1033 1034 1035 1036 1037 1038 1039][2000 2001 2002 2003 2004 2005 2006 2007 2008 2009 2010 2011 2012 2013 2014 2015 2016 2017 2018 2019 2020 2021 2022 2023 2024 2025 2026 2027 2028 2029 2030 2031 2032 2033 2034 2035 2036 2037 2038 2039]

// ADD: EXEC @add
// ADD: [SUCCESS]

// SMALL:      EXEC @add
// SMALL-NEXT: result[0]: hal.buffer_view
// SMALL-NEXT: 5xf32=11 12 13 14 15

#executable_target = #hal.executable.target<"llvm-cpu", "sluice-native">
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
module @workgroups attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target
  stream.executable private @ex {
    stream.executable.export public @iota workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @add workgroups(%n: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @iota(%arg0: !stream.binding) {
        %c0 = arith.constant 0 : index
        %o = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3x40xf32>>
        %e = tensor.empty() : tensor<3x40xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<3x40xf32>) {
        ^bb0(%out: f32):
          %i = linalg.index 0 : index
          %j = linalg.index 1 : index
          %c1000 = arith.constant 1000 : index
          %ij = arith.muli %i, %c1000 : index
          %v = arith.addi %ij, %j : index
          %vi = arith.index_cast %v : index to i32
          %vf = arith.sitofp %vi : i32 to f32
          linalg.yield %vf : f32
        } -> tensor<3x40xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0, 0], sizes = [3, 40], strides = [1, 1] : tensor<3x40xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<3x40xf32>>
        return
      }
      func.func @add(%n32: i32, %arg0: !stream.binding, %arg1: !stream.binding, %arg2: !stream.binding) {
        %c0 = arith.constant 0 : index
        %n0 = arith.index_castui %n32 : i32 to index
        %n = iree_tensor_ext.dispatch.workload.ordinal %n0, 0 : index
        %a = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
        %b = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n}
        %o = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
        %ta = iree_tensor_ext.dispatch.tensor.load %a, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
        %tb = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32>>{%n} -> tensor<?xf32>
        %e = tensor.empty(%n) : tensor<?xf32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%ta, %tb : tensor<?xf32>, tensor<?xf32>) outs(%e : tensor<?xf32>) {
        ^bb0(%x: f32, %y: f32, %out: f32):
          %s = arith.addf %x, %y : f32
          linalg.yield %s : f32
        } -> tensor<?xf32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [%n], strides = [1] : tensor<?xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xf32>>{%n}
        return
      }
    }
  }
  util.func public @iota() -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c480 = arith.constant 480 : index
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%c480} => !stream.timepoint
    %t1 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%t0) => with(%out as %ro: !stream.resource<external>{%c480}) {
      stream.cmd.dispatch @ex::@iota {
        wo %ro[%c0 for %c480] : !stream.resource<external>{%c480}
      }
    } => !stream.timepoint
    %ready = stream.timepoint.await %t1 => %out : !stream.resource<external>{%c480}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<3x40xf32> in !stream.resource<external>{%c480} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
  util.func public @add(%va: !hal.buffer_view, %vb: !hal.buffer_view, %n: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %size = arith.muli %n, %c4 : index
    %n32 = arith.index_castui %n : index to i32
    %a = stream.tensor.import on(#hal.device.affinity<@__device_0>) %va : !hal.buffer_view -> tensor<?xf32>{%n} in !stream.resource<external>{%size}
    %b = stream.tensor.import on(#hal.device.affinity<@__device_0>) %vb : !hal.buffer_view -> tensor<?xf32>{%n} in !stream.resource<external>{%size}
    %out, %t0 = stream.resource.alloca uninitialized on(#hal.device.affinity<@__device_0>) : !stream.resource<external>{%size} => !stream.timepoint
    %t1 = stream.cmd.execute on(#hal.device.affinity<@__device_0>) await(%t0) => with(%a as %ra: !stream.resource<external>{%size}, %b as %rb: !stream.resource<external>{%size}, %out as %ro: !stream.resource<external>{%size}) {
      stream.cmd.dispatch @ex::@add[%n](%n32 : i32) {
        ro %ra[%c0 for %size] : !stream.resource<external>{%size},
        ro %rb[%c0 for %size] : !stream.resource<external>{%size},
        wo %ro[%c0 for %size] : !stream.resource<external>{%size}
      }
    } => !stream.timepoint
    %ready = stream.timepoint.await %t1 => %out : !stream.resource<external>{%size}
    %view = stream.tensor.export on(#hal.device.affinity<@__device_0>) %ready : tensor<?xf32>{%n} in !stream.resource<external>{%size} -> !hal.buffer_view
    util.return %view : !hal.buffer_view
  }
}
