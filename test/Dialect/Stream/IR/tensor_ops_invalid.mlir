// RUN: sluice-opt --split-input-file --verify-diagnostics %s
// REQUIRES: sluice-opt

util.func public @constant_dims() -> !stream.resource<constant> {
  // expected-error @+1 {{'stream.tensor.constant' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.constant : tensor<2x?xi8> in !stream.resource<constant> = dense<7> : tensor<2x3xi8>
  util.return %0 : !stream.resource<constant>
}

// -----

util.func public @constant_staging() -> !stream.resource<staging> {
  // expected-error @+1 {{'stream.tensor.constant' op result #0 must be resource or external resource or transient resource or variable resource or constant resource, but got '!stream.resource<staging>'}}
  %0 = stream.tensor.constant : tensor<2xi8> in !stream.resource<staging> = dense<7> : tensor<2xi8>
  util.return %0 : !stream.resource<staging>
}

// -----

util.func public @splat_dims(%v: f32, %sz: index, %d: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.splat' op type set has 1 dynamic dimensions but only 2 dimension values are attached}}
  %0 = stream.tensor.splat %v : f32 -> tensor<?x4xf32>{%d, %d} in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @splat_value(%v: vector<4xf32>, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.splat' op operand #0 must be index or integer or floating-point or complex-type, but got 'vector<4xf32>'}}
  %0 = stream.tensor.splat %v : vector<4xf32> -> tensor<4xf32> in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @clone_source_dims(%a: !stream.resource<*>, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.clone' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.clone %a : tensor<?xf32> in !stream.resource<*>{%sz} -> tensor<4xf32> in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @clone_result_dims(%a: !stream.resource<*>, %sz: index, %n: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.clone' op type set has 0 dynamic dimensions but only 1 dimension values are attached}}
  %0 = stream.tensor.clone %a : tensor<4xf32> in !stream.resource<*>{%sz} -> tensor<4xf32>{%n} in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @encode_dims(%a: !stream.resource<*>, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.encode' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.encode %a : tensor<4xf32> in !stream.resource<*>{%sz} -> tensor<?xf32, "enc"> in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @slice_rank(%a: !stream.resource<*>, %sz: index, %c0: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.slice' op start_indices/lengths rank mismatch}}
  %0 = stream.tensor.slice %a[%c0 for %c0] : tensor<4x4xf32> in !stream.resource<*>{%sz} -> tensor<1x4xf32> in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @slice_lengths_rank(%a: !stream.resource<*>, %sz: index, %c0: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.slice' op start_indices/lengths rank mismatch}}
  %0 = stream.tensor.slice %a[%c0, %c0 for %c0] : tensor<4x4xf32> in !stream.resource<*>{%sz} -> tensor<1x4xf32> in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @slice_dims_first(%a: !stream.resource<*>, %sz: index, %c0: index) -> !stream.resource<*> {
  // The dims check runs before the rank check.
  // expected-error @+1 {{'stream.tensor.slice' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.slice %a[%c0 for %c0] : tensor<4x4xf32> in !stream.resource<*>{%sz} -> tensor<?x4xf32> in !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @fill_types(%t: !stream.resource<*>, %v: i32, %sz: index) -> !stream.resource<transient> {
  // expected-error @+1 {{'stream.tensor.fill' op failed to verify that all of {target, result} have same type}}
  %0 = "stream.tensor.fill"(%t, %sz, %v) <{operandSegmentSizes = array<i32: 1, 0, 1, 0, 0, 1>, target_encoding = tensor<4xi32>}> : (!stream.resource<*>, index, i32) -> !stream.resource<transient>
  util.return %0 : !stream.resource<transient>
}

// -----

util.func public @fill_dims(%t: !stream.resource<*>, %v: i32, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.fill' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.fill %v, %t : i32 -> tensor<?xi32> in %t as !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @update_types(%t: !stream.resource<*>, %u: !stream.resource<*>, %sz: index) -> !stream.resource<external> {
  // expected-error @+1 {{'stream.tensor.update' op failed to verify that all of {target, result} have same type}}
  %0 = "stream.tensor.update"(%t, %sz, %u, %sz) <{operandSegmentSizes = array<i32: 1, 0, 1, 0, 1, 0, 1>, target_encoding = tensor<f32>, update_encoding = tensor<f32>}> : (!stream.resource<*>, index, !stream.resource<*>, index) -> !stream.resource<external>
  util.return %0 : !stream.resource<external>
}

// -----

util.func public @update_dims(%t: !stream.resource<*>, %u: !stream.resource<*>, %sz: index, %c0: index) -> !stream.resource<*> {
  // The update's dims are checked before the target's.
  // expected-error @+1 {{'stream.tensor.update' op type set has 2 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.update %u, %t[%c0] : tensor<?x?xf32> in !stream.resource<*>{%sz} -> tensor<?xf32> in %t as !stream.resource<*>{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @load_rank(%stg: !stream.resource<staging>, %i: index, %sz: index) -> f32 {
  // expected-error @+1 {{'stream.tensor.load' op indices rank mismatch}}
  %0 = stream.tensor.load %stg[%i] : tensor<4x4xf32> in !stream.resource<staging>{%sz} -> f32
  util.return %0 : f32
}

// -----

util.func public @load_staging(%r: !stream.resource<*>, %sz: index) -> f32 {
  // expected-error @+1 {{'stream.tensor.load' op operand #0 must be staging resource, but got '!stream.resource<*>'}}
  %0 = stream.tensor.load %r : tensor<f32> in !stream.resource<*>{%sz} -> f32
  util.return %0 : f32
}

// -----

util.func public @store_rank(%stg: !stream.resource<staging>, %x: f32, %sz: index) -> !stream.resource<staging> {
  // expected-error @+1 {{'stream.tensor.store' op indices rank mismatch}}
  %0 = stream.tensor.store %x, %stg : f32 -> tensor<4xf32> in %stg as !stream.resource<staging>{%sz}
  util.return %0 : !stream.resource<staging>
}

// -----

util.func public @store_dims(%stg: !stream.resource<staging>, %x: f32, %sz: index) -> !stream.resource<staging> {
  // expected-error @+1 {{'stream.tensor.store' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = stream.tensor.store %x, %stg : f32 -> tensor<?xf32> in %stg as !stream.resource<staging>{%sz}
  util.return %0 : !stream.resource<staging>
}

// -----

util.func public @trace_lengths(%a: !stream.resource<staging>, %sz: index) {
  // expected-error @+1 {{'stream.tensor.trace' op each resource needs a matching resource encoding and size (array length mismatch)}}
  "stream.tensor.trace"(%a, %sz) <{key = "k", operandSegmentSizes = array<i32: 1, 1, 0>, resource_encodings = [tensor<f32>, tensor<f32>]}> : (!stream.resource<staging>, index) -> ()
  util.return
}

// -----

util.func public @trace_sizes(%a: !stream.resource<staging>) {
  // expected-error @+1 {{'stream.tensor.trace' op each resource needs a matching resource encoding and size (array length mismatch)}}
  "stream.tensor.trace"(%a) <{key = "k", operandSegmentSizes = array<i32: 1, 0, 0>, resource_encodings = [tensor<f32>]}> : (!stream.resource<staging>) -> ()
  util.return
}

// -----

util.func public @trace_dims(%a: !stream.resource<staging>, %sz: index) {
  // expected-error @+1 {{'stream.tensor.trace' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  "stream.tensor.trace"(%a, %sz) <{key = "k", operandSegmentSizes = array<i32: 1, 1, 0>, resource_encodings = [tensor<?xf32>]}> : (!stream.resource<staging>, index) -> ()
  util.return
}

// -----

util.func public @trace_empty() {
  // expected-error @+1 {{expected SSA operand}}
  stream.tensor.trace "k" = []
  util.return
}

// -----

util.func public @trace_braces(%a: !stream.resource<staging>, %sz: index, %d: index) {
  // expected-error @+1 {{expected 'in'}}
  stream.tensor.trace "k" = [%a : tensor<4xf32>{%d} in !stream.resource<staging>{%sz}]
  util.return
}

// -----

util.func public @dispatch_tied_encoding(%x: !stream.resource<*>, %d: index, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{the 0-th operandEncoding (tensor<4x?xf32>) does not match the resultEncoding (tensor<?x4xf32>)}}
  %0 = stream.tensor.dispatch @ex::@fn(%x) : (tensor<4x?xf32>{%d} in !stream.resource<*>{%sz}) -> tensor<?x4xf32>{%d} in %x{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_tied_encoding_after_workload(%x: !stream.resource<*>, %n: index, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{the 1-th operandEncoding (tensor<4xf32>) does not match the resultEncoding (tensor<8xf32>)}}
  %0 = stream.tensor.dispatch @ex::@fn[%n](%n, %x) : (index, tensor<4xf32> in !stream.resource<*>{%sz}) -> tensor<8xf32> in %x{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_tied_untyped_encoding(%x: !stream.resource<*>, %sz: index) -> !stream.resource<*> {
  // An operand without encoding (!util.unused) tied to an encoded result.
  // expected-error @+1 {{the 0-th operandEncoding (!util.unused) does not match the resultEncoding (tensor<8xf32>)}}
  %0 = stream.tensor.dispatch @ex::@fn(%x) : (!stream.resource<*>{%sz}) -> tensor<8xf32> in %x{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_tied_out_of_range(%x: !stream.resource<*>, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.dispatch' op tied operand index 0 is out of range of the 0 operand encoding(s)}}
  %0 = "stream.tensor.dispatch"(%x, %sz, %sz) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 1, 0, 1, 0>, operand_encodings = [], result_encodings = [tensor<f32>], tied_operands = [0 : index]}> : (!stream.resource<*>, index, index) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_operand_sizes(%x: !stream.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream.tensor.dispatch' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  "stream.tensor.dispatch"(%x) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 0, 0, 0, 0>, operand_encodings = [!util.unused], result_encodings = []}> : (!stream.resource<*>) -> ()
  util.return
}

// -----

util.func public @dispatch_result_sizes(%x: !stream.resource<*>, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.dispatch' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "stream.tensor.dispatch"(%x, %sz) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 1, 0, 0, 0>, operand_encodings = [!util.unused], result_encodings = [!util.unused]}> : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_encoding_dims(%x: !stream.resource<*>, %sz: index) {
  // expected-error @+1 {{'stream.tensor.dispatch' op type set has 2 dynamic dimensions but only 0 dimension values are attached}}
  "stream.tensor.dispatch"(%x, %sz) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 1, 0, 0, 0>, operand_encodings = [tensor<?x?xf32>], result_encodings = []}> : (!stream.resource<*>, index) -> ()
  util.return
}

// -----

util.func public @dispatch_result_encoding_dims(%x: !stream.resource<*>, %sz: index, %d: index) -> !stream.resource<*> {
  // expected-error @+1 {{'stream.tensor.dispatch' op type set has 0 dynamic dimensions but only 1 dimension values are attached}}
  %0 = "stream.tensor.dispatch"(%x, %sz, %sz, %d) <{entry_points = [@ex::@fn], operandSegmentSizes = array<i32: 0, 1, 1, 0, 1, 1>, operand_encodings = [!util.unused], result_encodings = [tensor<4xf32>]}> : (!stream.resource<*>, index, index, index) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_staging(%x: !stream.resource<staging>, %sz: index) {
  // expected-error @+1 {{'stream.tensor.dispatch' op operand #0 must be variadic of resource or external resource or transient resource or variable resource or constant resource or index or integer or floating-point or complex-type, but got '!stream.resource<staging>'}}
  stream.tensor.dispatch @ex::@fn(%x) : (!stream.resource<staging>{%sz}) -> ()
  util.return
}

// -----

util.func public @dispatch_tied_not_found(%x: !stream.resource<*>, %sz: index) -> !stream.resource<*> {
  // expected-error @+1 {{tied operand not found for result reference %y}}
  %0 = stream.tensor.dispatch @ex::@fn(%x) : (!stream.resource<*>{%sz}) -> tensor<4xf32> in %y{%sz}
  util.return %0 : !stream.resource<*>
}

// -----

util.func public @dispatch_no_entry_points(%n: index) {
  // expected-error @+1 {{'stream.tensor.dispatch' op at least one entry point must be defined}}
  "stream.tensor.dispatch"() <{entry_points = [], operandSegmentSizes = array<i32: 0, 0, 0, 0, 0, 0>, operand_encodings = [], result_encodings = []}> : () -> ()
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn workgroups(%a: index, %b: index) -> (index, index, index) {
    stream.return %a, %b, %b : index, index, index
  }
}
util.func public @dispatch_workload_count(%n: index) {
  // expected-error @+1 {{'stream.tensor.dispatch' op workload mismatch; entry point expects 2 arguments but dispatch provides 1}}
  stream.tensor.dispatch @ex::@fn[%n]() : () -> ()
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn workgroups(%a: i32) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}
util.func public @dispatch_workload_type(%n: index) {
  // expected-error @+1 {{'stream.tensor.dispatch' op workload operand 0 type mismatch; expected 'i32' but passed 'index'}}
  stream.tensor.dispatch @ex::@fn[%n]() : () -> ()
  util.return
}

// -----

stream.executable private @ex {
  stream.executable.export public @fn workgroups(%a: index) -> (index, index, index) {
    stream.return %a, %a, %a : index, index, index
  }
}
util.func public @dispatch_workload_ok(%n: index) {
  // A matching workload verifies; an unknown later entry point is not checked.
  stream.tensor.dispatch {@ex::@fn, @unknown::@fn}[%n]() : () -> ()
  util.return
}
