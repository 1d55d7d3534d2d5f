// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-unify-encoding-for-globals %s | FileCheck %s

// --iree-stream-unify-encoding-for-globals (stream-passes-1.md §7.5,
// encoding.md §8.5, §9.7).

//------------------------------------------------------------------------------
// Unified to identity.
//------------------------------------------------------------------------------

#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.identity_resolver}>
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #device_target
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @weight_size : index
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %cst = util.global.load @weight : !stream.resource<constant>
  %size = util.global.load @weight_size : index
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.sizeof {{.+}} tensor<4096x4096xf32, #iree_encoding.identity>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<4096x4096xf32, #iree_encoding.identity>
// CHECK:         stream.tensor.sizeof {{.+}} tensor<4096x4096xf32, #iree_encoding.identity>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<4096x4096xf32, #iree_encoding.identity>

// -----

// No resolver key: the default identity resolver.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {}>
#device_target = #hal.device.target<"local", [#executable_target]> : !hal.device
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #device_target
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @weight_size : index
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %cst = util.global.load @weight : !stream.resource<constant>
  %size = util.global.load @weight_size : index
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-LABEL: util.initializer
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.identity>
// CHECK:         util.global.store
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.identity>

// -----

// Two devices with different resolvers share the source: identity.
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#executable_target_b = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<456>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target_a]> : !hal.device
util.global private @device_b = #hal.device.target<"local", [#executable_target_b]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @weight_size : index
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %cst = util.global.load @weight : !stream.resource<constant>
  %size = util.global.load @weight_size : index
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_b>) tensor<4096x4096xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_b>) %cst : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-LABEL: util.initializer
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.identity>
// CHECK:         util.global.store
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.identity>

//------------------------------------------------------------------------------
// Unified to the resolver's encoding.
//------------------------------------------------------------------------------

// -----

// Per-device sources; the shared executable is duplicated: the original
// keeps device_a's variant (first by affinity text), `_dup0` device_b's.
#executable_target_a = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#executable_target_b = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<456>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target_a]> : !hal.device
util.global private @device_b = #hal.device.target<"local", [#executable_target_b]> : !hal.device
util.global private @weight_a = #stream.parameter.named<"model"::"weight_a"> : !stream.resource<constant>
util.global private @weight_b = #stream.parameter.named<"model"::"weight_b"> : !stream.resource<constant>
util.global private @weight_size : index
util.global private @a1 : !stream.resource<constant>
util.global private @a2 : !stream.resource<constant>
util.global private @b1 : !stream.resource<constant>
util.global private @b2 : !stream.resource<constant>
stream.executable private @executable {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4096x4096xf32, #encoding1>>
      %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4096x4096xf32>>
      return
    }
  }
}
util.initializer {
  %wa = util.global.load @weight_a : !stream.resource<constant>
  %wb = util.global.load @weight_b : !stream.resource<constant>
  %size = util.global.load @weight_size : index
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %wa : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @a1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %wa : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @a2 : !stream.resource<constant>
  %s3 = stream.tensor.sizeof on(#hal.device.affinity<@device_b>) tensor<4096x4096xf32, #encoding1> : index
  %e3 = stream.tensor.encode on(#hal.device.affinity<@device_b>) %wb : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding1> in !stream.resource<constant>{%s3}
  util.global.store %e3, @b1 : !stream.resource<constant>
  %s4 = stream.tensor.sizeof on(#hal.device.affinity<@device_b>) tensor<4096x4096xf32, #encoding2> : index
  %e4 = stream.tensor.encode on(#hal.device.affinity<@device_b>) %wb : tensor<4096x4096xf32> in !stream.resource<constant>{%size} -> tensor<4096x4096xf32, #encoding2> in !stream.resource<constant>{%s4}
  util.global.store %e4, @b2 : !stream.resource<constant>
  util.return
}
util.func public @main(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %b1 = util.global.load @b1 : !stream.resource<constant>
  %a1 = util.global.load @a1 : !stream.resource<constant>
  %r1 = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @executable::@dispatch(%b1) : (tensor<4096x4096xf32, #encoding1> in !stream.resource<constant>{%size}) -> tensor<4096x4096xf32> in !stream.resource<*>{%size}
  %r0 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch(%a1) : (tensor<4096x4096xf32, #encoding1> in !stream.resource<constant>{%size}) -> tensor<4096x4096xf32> in !stream.resource<*>{%size}
  util.return %r0, %r1 : !stream.resource<*>, !stream.resource<*>
}
// CHECK:       stream.executable private @executable {
// CHECK:         stream.binding.subspan %arg0{{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4096x4096xf32, #iree_encoding.specialized<123>>>
// CHECK:       stream.executable private @executable_dup0 {
// CHECK:         stream.binding.subspan %arg0{{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4096x4096xf32, #iree_encoding.specialized<456>>>
// CHECK-LABEL: util.initializer
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.specialized<123>>
// CHECK:         util.global.store
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.specialized<123>>
// CHECK:         util.global.store
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.specialized<456>>
// CHECK:         util.global.store
// CHECK-COUNT-2: tensor<4096x4096xf32, #iree_encoding.specialized<456>>
// CHECK-LABEL: util.func public @main
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @executable_dup0::@dispatch({{.+}}) : (tensor<4096x4096xf32, #iree_encoding.specialized<456>> in
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @executable::@dispatch({{.+}}) : (tensor<4096x4096xf32, #iree_encoding.specialized<123>> in

// -----

// The source global is stored from a parameter constant; the encoded value
// is stored through stream.async.clone and read through clones in another
// function by a dispatch with index operands between the encoded operands.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @source : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = stream.tensor.constant on(#hal.device.affinity<@device_a>) : tensor<16x16xf32> in !stream.resource<constant> = #stream.parameter.named<"model"::"weight"> : tensor<16x16xf32>
  util.global.store %cst, @source : !stream.resource<constant>
  util.return
}
util.initializer {
  %c1024 = arith.constant 1024 : index
  %src = util.global.load @source : !stream.resource<constant>
  %clone = stream.async.clone %src : !stream.resource<constant>{%c1024} -> !stream.resource<constant>{%c1024}
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %clone : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  %e1c = stream.async.clone %e1 : !stream.resource<constant>{%s1} -> !stream.resource<constant>{%s1}
  util.global.store %e1c, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %src : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @main(%arg0: index) -> !stream.resource<*> {
  %c1024 = arith.constant 1024 : index
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %v2 = util.global.load @encoded_v2 : !stream.resource<constant>
  %v2c = stream.async.clone %v2 : !stream.resource<constant>{%c1024} -> !stream.resource<constant>{%c1024}
  %0 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%v1, %arg0, %v2c) : (tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%c1024}, index, tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%c1024}) -> tensor<16x16xf32> in !stream.resource<*>{%c1024}
  util.return %0 : !stream.resource<*>
}
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.constant
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.sizeof {{.+}} tensor<16x16xf32, #iree_encoding.specialized<123>>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #iree_encoding.specialized<123>>
// CHECK:         stream.tensor.sizeof {{.+}} tensor<16x16xf32, #iree_encoding.specialized<123>>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #iree_encoding.specialized<123>>
// CHECK-LABEL: util.func public @main
// CHECK:         stream.tensor.dispatch {{.+}} : (tensor<16x16xf32, #iree_encoding.specialized<123>> in !stream.resource<constant>{%{{.+}}}, index, tensor<16x16xf32, #iree_encoding.specialized<123>> in !stream.resource<constant>{%{{.+}}}) -> tensor<16x16xf32> in

// -----

// A callee reached through util.call sees the unified encoding.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func private @callee(%arg0: !stream.resource<constant>, %arg1: index) -> !stream.resource<*> {
  %0 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%arg0) : (tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%arg1}) -> tensor<16x16xf32> in !stream.resource<*>{%arg1}
  util.return %0 : !stream.resource<*>
}
util.func public @caller(%arg0: index) -> !stream.resource<*> {
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %0 = util.call @callee(%v1, %arg0) : (!stream.resource<constant>, index) -> !stream.resource<*>
  util.return %0 : !stream.resource<*>
}
// CHECK-LABEL: util.func private @callee
// CHECK:         stream.tensor.dispatch {{.+}} : (tensor<16x16xf32, #iree_encoding.specialized<123>> in

// -----

// A tied dispatch operand: operand and result take the unified encoding, and
// a sizeof + encode back to the original encoding follow the dispatch.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @dispatch_with_tied_operand(%d0: index, %d1: index, %size: index) -> !stream.resource<constant> {
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %0 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%v1) : (tensor<?x?xf32, #encoding1>{%d0, %d1} in !stream.resource<constant>{%size}) -> tensor<?x?xf32, #encoding1>{%d0, %d1} in %v1{%size}
  util.return %0 : !stream.resource<constant>
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-LABEL: util.func public @dispatch_with_tied_operand
// CHECK:         %[[DISPATCH:.+]] = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%{{.+}}) : (tensor<?x?xf32, #iree_encoding.specialized<123>>{%arg0, %arg1} in !stream.resource<constant>{%arg2}) -> tensor<?x?xf32, #iree_encoding.specialized<123>>{%arg0, %arg1} in %{{.+}}{%arg2}
// CHECK:         %[[SIZE:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<?x?xf32, #[[ENC1]]>{%arg0, %arg1} : index
// CHECK:         %[[REENCODED:.+]] = stream.tensor.encode on(#hal.device.affinity<@device_a>) %[[DISPATCH]] : tensor<?x?xf32, #iree_encoding.specialized<123>>{%arg0, %arg1} in !stream.resource<constant>{%arg2} -> tensor<?x?xf32, #[[ENC1]]>{%arg0, %arg1} in !stream.resource<constant>{%[[SIZE]]}
// CHECK:         util.return %[[REENCODED]]

// -----

// A parameter constant encoded both directly and through a global: one
// source key (model::weight).
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @source : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = stream.tensor.constant on(#hal.device.affinity<@device_a>) : tensor<16x16xf32> in !stream.resource<constant> = #stream.parameter.named<"model"::"weight"> : tensor<16x16xf32>
  util.global.store %cst, @source : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  util.return
}
util.initializer {
  %c1024 = arith.constant 1024 : index
  %src = util.global.load @source : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %src : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #iree_encoding.specialized<123>>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #iree_encoding.specialized<123>>

// -----

// clone / encode / update consumers: a re-encode is inserted before the clone
// and the update; the consuming encode reads from the unified encoding.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @consumers(%size: index, %target: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %0 = stream.tensor.clone on(#hal.device.affinity<@device_a>) %v1 : tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size} -> tensor<16x16xf32, #encoding1> in !stream.resource<*>{%size}
  %1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %v1 : tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size} -> tensor<16x16xf32> in !stream.resource<*>{%size}
  %2 = stream.tensor.update on(#hal.device.affinity<@device_a>) %v1, %target[%c0, %c0] : tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size} -> tensor<32x16xf32, #encoding1> in %target as !stream.resource<*>{%size}
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-LABEL: util.func public @consumers
// CHECK:         %[[V1:.+]] = util.global.load @encoded_v1
// CHECK:         %[[US0:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #iree_encoding.specialized<123>> : index
// CHECK:         %[[RE0:.+]] = stream.tensor.encode on(#hal.device.affinity<@device_a>) %[[V1]] : tensor<16x16xf32, #iree_encoding.specialized<123>> in !stream.resource<constant>{%[[US0]]} -> tensor<16x16xf32, #[[ENC1]]> in !stream.resource<constant>{%arg0}
// CHECK:         stream.tensor.clone on(#hal.device.affinity<@device_a>) %[[RE0]] : tensor<16x16xf32, #[[ENC1]]>
// CHECK:         stream.tensor.encode on(#hal.device.affinity<@device_a>) %[[V1]] : tensor<16x16xf32, #iree_encoding.specialized<123>> in !stream.resource<constant>{%arg0} -> tensor<16x16xf32> in
// CHECK:         %[[US1:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #iree_encoding.specialized<123>> : index
// CHECK:         %[[RE1:.+]] = stream.tensor.encode on(#hal.device.affinity<@device_a>) %[[V1]] : {{.+}} -> tensor<16x16xf32, #[[ENC1]]> in !stream.resource<constant>{%arg0}
// CHECK:         stream.tensor.update on(#hal.device.affinity<@device_a>) %[[RE1]], %arg1

// -----

// [fix] encoding.md §8.5 items 6 and 9: other tensor ops get a re-encode too
// (here a slice); the walk does not follow the tied result of a recorded
// dispatch, whose consumers keep reading the re-encoded old encoding.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
util.func public @other_consumers(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %v1 = util.global.load @encoded_v1 : !stream.resource<constant>
  %0 = stream.tensor.slice on(#hal.device.affinity<@device_a>) %v1[%c0, %c0 for %c1, %c1] : tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size} -> tensor<1x1xf32, #encoding1> in !stream.resource<*>{%size}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@entry(%v1) : (tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size}) -> tensor<16x16xf32, #encoding1> in %v1{%size}
  %2 = stream.tensor.clone on(#hal.device.affinity<@device_a>) %1 : tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%size} -> tensor<16x16xf32, #encoding1> in !stream.resource<*>{%size}
  util.return %0, %2 : !stream.resource<*>, !stream.resource<*>
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-LABEL: util.func public @other_consumers
// CHECK:         %[[V1:.+]] = util.global.load @encoded_v1
// CHECK:         %[[US:.+]] = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #iree_encoding.specialized<123>> : index
// CHECK:         %[[RE:.+]] = stream.tensor.encode on(#hal.device.affinity<@device_a>) %[[V1]] : tensor<16x16xf32, #iree_encoding.specialized<123>> in !stream.resource<constant>{%[[US]]} -> tensor<16x16xf32, #[[ENC1]]> in !stream.resource<constant>{%arg0}
// CHECK:         stream.tensor.slice on(#hal.device.affinity<@device_a>) %[[RE]]
// CHECK:         %[[DISPATCH:.+]] = stream.tensor.dispatch {{.+}}(%[[V1]]) : (tensor<16x16xf32, #iree_encoding.specialized<123>>
// CHECK:         %[[BACK:.+]] = stream.tensor.encode on(#hal.device.affinity<@device_a>) %[[DISPATCH]] : tensor<16x16xf32, #iree_encoding.specialized<123>> in {{.+}} -> tensor<16x16xf32, #[[ENC1]]>
// CHECK:         stream.tensor.clone on(#hal.device.affinity<@device_a>) %[[BACK]] : tensor<16x16xf32, #[[ENC1]]>

//------------------------------------------------------------------------------
// GPU.
//------------------------------------------------------------------------------

// -----

// The GPU resolver unifies to the first encoding.
#executable_target_rocm = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>}>
#map0 = affine_map<(m, n, k) -> (m, k)>
#map1 = affine_map<(m, n, k) -> (k, n)>
#map2 = affine_map<(m, n, k) -> (m, n)>
#encoding1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f8E4M3FNUZ, f8E4M3FNUZ, f32], user_indexing_maps = [#map0, #map1, #map2], iteration_sizes = [?, 4096, 4096]>
#encoding2 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f8E4M3FNUZ, f8E4M3FNUZ, f32], user_indexing_maps = [#map0, #map1, #map2], iteration_sizes = [16, 4096, 4096]>
util.global private @device_a = #hal.device.target<"local", [#executable_target_rocm]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @weight_size : index
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %cst = util.global.load @weight : !stream.resource<constant>
  %size = util.global.load @weight_size : index
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf8E4M3FNUZ, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<4096x4096xf8E4M3FNUZ> in !stream.resource<constant>{%size} -> tensor<4096x4096xf8E4M3FNUZ, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<4096x4096xf8E4M3FNUZ, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<4096x4096xf8E4M3FNUZ> in !stream.resource<constant>{%size} -> tensor<4096x4096xf8E4M3FNUZ, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK:       #[[ENC:.+]] = #iree_encoding.encoding<operand_index = 1 : index, {{.+}} iteration_sizes = [?, 4096, 4096]>
// CHECK-LABEL: util.initializer
// CHECK-COUNT-2: tensor<4096x4096xf8E4M3FNUZ, #[[ENC]]>
// CHECK:         util.global.store
// CHECK-COUNT-2: tensor<4096x4096xf8E4M3FNUZ, #[[ENC]]>

//------------------------------------------------------------------------------
// Not unified.
//------------------------------------------------------------------------------

// -----

// A mutable source global.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private mutable @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-DAG:   #[[ENC2:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC1]]>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC2]]>

// -----

// Mutable encoded globals.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private mutable @encoded_v1 : !stream.resource<constant>
util.global private mutable @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-DAG:   #[[ENC2:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC1]]>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC2]]>

// -----

// A single encoding.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  util.return
}
// CHECK:       #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC1]]>

// -----

// The same encoding twice.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK:       #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC1]]>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC1]]>

// -----

// A source that is a function argument of the initializer's block, or an
// encode whose size is not a sizeof: not unified. Multi-block initializer.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @weight = #stream.parameter.named<"model"::"weight"> : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %cst = util.global.load @weight : !stream.resource<constant>
  cf.br ^bb1(%cst : !stream.resource<constant>)
^bb1(%arg: !stream.resource<constant>):
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %arg : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %cst : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%c1024}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-DAG:   #[[ENC2:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC1]]>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC2]]>

// -----

// A source global stored from its own load has no origin (found by fuzzing:
// the trace used to loop): not unified, and the pass terminates.
#executable_target = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
util.global private @device_a = #hal.device.target<"local", [#executable_target]> : !hal.device
util.global private @cycle : !stream.resource<constant>
util.global private @encoded_v1 : !stream.resource<constant>
util.global private @encoded_v2 : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %src = util.global.load @cycle : !stream.resource<constant>
  util.global.store %src, @cycle : !stream.resource<constant>
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding1> : index
  %e1 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %src : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding1> in !stream.resource<constant>{%s1}
  util.global.store %e1, @encoded_v1 : !stream.resource<constant>
  %s2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a>) tensor<16x16xf32, #encoding2> : index
  %e2 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %src : tensor<16x16xf32> in !stream.resource<constant>{%c1024} -> tensor<16x16xf32, #encoding2> in !stream.resource<constant>{%s2}
  util.global.store %e2, @encoded_v2 : !stream.resource<constant>
  util.return
}
// CHECK-DAG:   #[[ENC1:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1>]>
// CHECK-DAG:   #[[ENC2:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2>]>
// CHECK-LABEL: util.initializer
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC1]]>
// CHECK:         stream.tensor.encode {{.+}} -> tensor<16x16xf32, #[[ENC2]]>
