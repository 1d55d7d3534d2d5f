// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --sluice-verify-input --verify-diagnostics %s | FileCheck %s

// Every rejection of execution.md §1.4 that applies before phase stream.

func.func @tosa(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+3 {{'tosa.add' op is not supported as sluice-compile input}}
  // expected-note @+2 {{sluice-compile accepts flow-level programs (util, flow, hal ABI ops) and linalg-on-tensors programs (linalg, tensor, arith, math, scf, cf, func, ml_program)}}
  // expected-note @+1 {{convert the program to linalg on tensors first}}
  %0 = tosa.add %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// An unlisted op of a listed dialect gets only the first note.
func.func @alloc(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'tensor.generate' op is not supported as sluice-compile input}}
  // expected-note @+1 {{sluice-compile accepts flow-level programs (util, flow, hal ABI ops) and linalg-on-tensors programs (linalg, tensor, arith, math, scf, cf, func, ml_program)}}
  %0 = tensor.generate {
  ^bb0(%i: index):
    %c = arith.constant 1.0 : f32
    tensor.yield %c : f32
  } : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Every violation is reported, not only the first; hal ops that are not ABI
// ops are rejected.
util.func public @several(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'affine.apply' op is not supported as sluice-compile input}}
  // expected-note @+1 {{sluice-compile accepts}}
  %i = affine.apply affine_map<() -> (0)>()
  // expected-error @+2 {{'hal.device.resolve' op is not supported as sluice-compile input}}
  // expected-note @+1 {{sluice-compile accepts}}
  %d = hal.device.resolve : !hal.device
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{'util.func' op uses memref types; sluice-compile accepts tensor programs only}}
util.func private @memref(%a: tensor<4xf32>, %m: memref<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'util.optimization_barrier' op uses memref types; sluice-compile accepts tensor programs only}}
  %b = util.optimization_barrier %m : memref<4xf32>
  util.return %a : tensor<4xf32>
}

// -----

// expected-error @+1 {{'func.func' op uses memref types; sluice-compile accepts tensor programs only}}
func.func private @memrefArg(%m: memref<4xf32>) {
  return
}

// -----

// expected-error @+1 {{function '@unranked' has an unranked tensor in its signature; ranked tensors are required}}
func.func @unranked(%a: tensor<*xf32>) -> tensor<*xf32> {
  return %a : tensor<*xf32>
}

// -----

// expected-error @+1 {{function '@unrankedResult' has an unranked tensor in its signature; ranked tensors are required}}
util.func public @unrankedResult(%a: tensor<4xf32>) -> tensor<*xf32> {
  %0 = tensor.cast %a : tensor<4xf32> to tensor<*xf32>
  util.return %0 : tensor<*xf32>
}

// -----

// expected-error @+1 {{function '@indices' passes tensors of index elements across the ABI}}
func.func @indices(%a: tensor<4xindex>) -> tensor<4xindex> {
  return %a : tensor<4xindex>
}

// -----

// expected-error @+1 {{external function '@imported' is not supported; Sluice modules cannot import functions}}
func.func private @imported(tensor<4xf32>) -> tensor<4xf32>

// -----

// expected-error @+1 {{external function '@importedUtil' is not supported; Sluice modules cannot import functions}}
util.func private @importedUtil(%a: tensor<4xf32>) -> tensor<4xf32>

// -----

// Valid programs: private functions may use index tensors and unranked
// tensors (they are not part of the ABI); executables are not inspected
// (memrefs and unlisted ops inside are the codegen's business); form A with
// ABI stubs and device globals; form B with every listed dialect.
// The pass is read-only: the module comes out unchanged.
// CHECK-LABEL: func.func private @helper
// CHECK: flow.executable private @ex
// CHECK: memref.alloca
// CHECK: ml_program.global private mutable @state
// CHECK: func.func @formB
// CHECK: ml_program.global_load @state
// CHECK: cf.assert
// CHECK: func.call @formBHelper
// CHECK: util.func public @stub
// CHECK: util.initializer

func.func private @helper(%a: tensor<4xindex>) -> tensor<*xindex> {
  %0 = tensor.cast %a : tensor<4xindex> to tensor<*xindex>
  return %0 : tensor<*xindex>
}
flow.executable private @ex {
  flow.executable.export public @ex workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    flow.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @ex() {
      %m = memref.alloca() : memref<4xf32>
      %i = affine.apply affine_map<() -> (0)>()
      return
    }
  }
}
ml_program.global private mutable @state(dense<0.0> : tensor<4xf32>) : tensor<4xf32>
util.global private @__device_0 : !hal.device
func.func @formB(%a: tensor<?xf32>, %n: index) -> tensor<?xf32> {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %a, %c0 : tensor<?xf32>
  %s = ml_program.global_load @state : tensor<4xf32>
  ml_program.global_store @state = %s : tensor<4xf32>
  %e = tensor.empty(%d) : tensor<?xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a : tensor<?xf32>) outs(%e : tensor<?xf32>) {
  ^bb0(%x: f32, %y: f32):
    %m = math.exp %x : f32
    linalg.yield %m : f32
  } -> tensor<?xf32>
  %ok = arith.cmpi sge, %d, %n : index
  cf.assert %ok, "too small"
  %f = scf.if %ok -> tensor<?xf32> {
    scf.yield %r : tensor<?xf32>
  } else {
    %c = func.call @formBHelper(%r) : (tensor<?xf32>) -> tensor<?xf32>
    scf.yield %c : tensor<?xf32>
  }
  return %f : tensor<?xf32>
}
func.func private @formBHelper(%a: tensor<?xf32>) -> tensor<?xf32> {
  return %a : tensor<?xf32>
}
util.func public @stub(%v: !hal.buffer_view, %wait: !hal.fence, %signal: !hal.fence) -> !hal.buffer_view attributes {iree.abi.stub} {
  %c4 = arith.constant 4 : index
  %t = hal.tensor.import wait(%wait) => %v "input0" : !hal.buffer_view -> tensor<4xf32>
  %b = hal.tensor.barrier join(%t : tensor<4xf32>) => %signal : !hal.fence
  %o = hal.tensor.export %b "output0" : tensor<4xf32> -> !hal.buffer_view
  util.return %o : !hal.buffer_view
}
// An initializer is function-like without a name: no signature checks (this
// crashed the pass, found by scripts/fuzz-ir.py); an unreachable block is
// fine.
util.initializer {
  %true = arith.constant true
  cf.assert %true, "bad"
  util.return
^dead:
  util.return
}
