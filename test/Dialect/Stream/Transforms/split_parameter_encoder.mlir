// REQUIRES: sluice-opt
// RUN: sluice-opt --split-input-file --iree-stream-split-parameter-encoder %s | FileCheck %s
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=mode=overlay' %s | FileCheck %s --check-prefix=OVERLAY
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=mode=consolidate' %s | FileCheck %s
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=output-scope=my_custom_scope' %s | FileCheck %s --check-prefix=SCOPE
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=max-encoding-growth-factor=2.0' %s | FileCheck %s --check-prefix=GROWTH2
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=output-scope=encoded' %s | FileCheck %s --check-prefix=ENCODED
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=hoist-parameter-expressions=false' %s | FileCheck %s --check-prefix=NOPARAM
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=hoist-constant-expressions=false' %s | FileCheck %s --check-prefix=NOCONST
// The number of chunks that produce an encoder module under each option set:
// RUN: sluice-opt --split-input-file --iree-stream-split-parameter-encoder %s | grep -c "^module @encoder" | FileCheck %s --check-prefix=COUNT-DEFAULT
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=mode=overlay' %s | grep -c "^module @encoder" | FileCheck %s --check-prefix=COUNT-OVERLAY
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=max-encoding-growth-factor=2.0' %s | grep -c "^module @encoder" | FileCheck %s --check-prefix=COUNT-GROWTH2
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=hoist-parameter-expressions=false' %s | grep -c "^module @encoder" | FileCheck %s --check-prefix=COUNT-NOPARAM
// RUN: sluice-opt --split-input-file '--iree-stream-split-parameter-encoder=hoist-constant-expressions=false' %s | grep -c "^module @encoder" | FileCheck %s --check-prefix=COUNT-NOCONST
// COUNT-DEFAULT: {{^}}24{{$}}
// COUNT-OVERLAY: {{^}}22{{$}}
// COUNT-GROWTH2: {{^}}26{{$}}
// COUNT-NOPARAM: {{^}}1{{$}}
// COUNT-NOCONST: {{^}}23{{$}}

// --iree-stream-split-parameter-encoder (stream-passes-2.md §14). Every chunk
// runs under every option set. Without `output-scope` the produced parameters
// have the empty scope (quirk SP1). The encoder module is printed (to the
// same stream) before the chunk's rewritten module.

// Stored splats prefer cloning to consumers: no expression, no encoder.
// CHECK-NOT: module @encoder
// CHECK-LABEL: util.global private @simple_constant
// CHECK: stream.async.splat %c42_i32
// CHECK-NEXT: util.global.store %0, @simple_constant

// A splat stored directly prefers cloning: no expression.
util.global private @simple_constant : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %c42_i32 = arith.constant 42 : i32
  %s = stream.async.splat %c42_i32 : i32 -> !stream.resource<constant>{%c1024}
  util.global.store %s, @simple_constant : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @computed_constant
// CHECK: %[[S:.+]] = stream.async.splat
// CHECK: %[[F:.+]] = stream.async.fill %c2_i32, %[[S]]
// CHECK-NEXT: util.global.store %[[F]], @computed_constant

// A fill of a splat has no inputs: dropped by the policy.
util.global private @computed_constant : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %s = stream.async.splat %c1_i32 : i32 -> !stream.resource<constant>{%c1024}
  %f = stream.async.fill %c2_i32, %s[%c0 to %c64 for %c64] : i32 -> %s as !stream.resource<constant>{%c1024}
  util.global.store %f, @computed_constant : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @constant_a
// CHECK-LABEL: util.global private @constant_b
// CHECK: %[[A:.+]] = stream.async.splat %c1_i32
// CHECK-NEXT: util.global.store %[[A]], @constant_a
// CHECK: %[[B:.+]] = stream.async.splat %c2_i32
// CHECK-NEXT: util.global.store %[[B]], @constant_b
// CHECK-NEXT: util.return

// §14.5 case 3: two stored splats in one initializer prefer cloning: no
// expression, no encoder.
util.global private @constant_a : !stream.resource<constant>
util.global private @constant_b : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %a = stream.async.splat %c1_i32 : i32 -> !stream.resource<constant>{%c1024}
  util.global.store %a, @constant_a : !stream.resource<constant>
  %b = stream.async.splat %c2_i32 : i32 -> !stream.resource<constant>{%c2048}
  util.global.store %b, @constant_b : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @pure_splat_only
// CHECK: %[[S:.+]] = stream.async.splat %c0_i8
// CHECK-NEXT: util.global.store %[[S]], @pure_splat_only

// §14.5 case 5: a splat is the whole initializer (an 8-bit pattern): no
// expression, no encoder.
util.global private @pure_splat_only : !stream.resource<constant>
util.initializer {
  %c4096 = arith.constant 4096 : index
  %c0_i8 = arith.constant 0 : i8
  %s = stream.async.splat %c0_i8 : i8 -> !stream.resource<constant>{%c4096}
  util.global.store %s, @pure_splat_only : !stream.resource<constant>
  util.return
}

// -----

// The golden of stream-passes-2.md §14.3/§14.4, checked whole.
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder attributes {iree.reflection = {iree.encode.version = 1 : i32, iree.tool = "iree-encode-parameters"}} {
// CHECK-NEXT:   util.func public @__encode_parameter_detect_target(%arg0: !util.list<!hal.device>) -> !util.buffer attributes {iree.reflection = {iree.encode.function = "detect_target"}} {
// CHECK-NEXT:     %[[ALL:.+]] = util.buffer.constant : !util.buffer = "all"
// CHECK-NEXT:     util.return %[[ALL]] : !util.buffer
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @__encode_parameter_indices_all() -> !util.list<?> attributes {iree.reflection = {iree.encode.function = "indices", iree.encode.target = "all"}} {
// CHECK-NEXT:     %[[ISCOPE:.+]] = util.buffer.constant : !util.buffer = ""
// CHECK-NEXT:     %[[DATA:.+]] = arith.constant 1 : i64
// CHECK-NEXT:     %[[KEY:.+]] = util.buffer.constant : !util.buffer = "parameter0"
// CHECK-NEXT:     %[[META:.+]] = util.null : !util.buffer
// CHECK-NEXT:     %[[LEN:.+]] = arith.constant 512 : i64
// CHECK-NEXT:     %[[ALIGN:.+]] = arith.constant 64 : i64
// CHECK-NEXT:     %[[ENTRY:.+]] = util.list.construct [%[[DATA]] : i64, %[[KEY]] : !util.buffer, %[[META]] : !util.buffer, %[[LEN]] : i64, %[[ALIGN]] : i64] : !util.list<?>
// CHECK-NEXT:     %[[ENTRIES:.+]] = util.list.construct [%[[ENTRY]] : !util.list<?>] : !util.list<?>
// CHECK-NEXT:     %[[INDEX:.+]] = util.list.construct [%[[ISCOPE]] : !util.buffer, %[[ENTRIES]] : !util.list<?>] : !util.list<?>
// CHECK-NEXT:     %[[INDICES:.+]] = util.list.construct [%[[INDEX]] : !util.list<?>] : !util.list<?>
// CHECK-NEXT:     util.return %[[INDICES]] : !util.list<?>
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @__encode_parameter_steps_all() -> !util.list<?> attributes {iree.reflection = {iree.encode.function = "steps", iree.encode.target = "all"}} {
// CHECK-NEXT:     %[[DEV:.+]] = stream.context.resolve on(#hal.device.promise<@__device_0>) : !hal.device
// CHECK-NEXT:     %[[BEGIN:.+]] = hal.fence.create device(%[[DEV]] : !hal.device) flags("None") : !hal.fence
// CHECK-NEXT:     %[[END:.+]] = hal.fence.create device(%[[DEV]] : !hal.device) flags("None") : !hal.fence
// CHECK-NEXT:     %[[DESC:.+]] = util.buffer.constant : !util.buffer = "step0"
// CHECK-NEXT:     %[[Z:.+]] = arith.constant 0 : i64
// CHECK-NEXT:     %[[SLEN:.+]] = arith.constant 512 : i64
// CHECK-NEXT:     %[[STEP:.+]] = util.list.construct [%[[Z]] : i64, %[[BEGIN]] : !hal.fence, %[[END]] : !hal.fence, %[[DESC]] : !util.buffer, %[[Z]] : i64, %[[SLEN]] : i64] : !util.list<?>
// CHECK-NEXT:     %[[STEPS:.+]] = util.list.construct [%[[STEP]] : !util.list<?>] : !util.list<?>
// CHECK-NEXT:     util.return %[[STEPS]] : !util.list<?>
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @__encode_parameters_all(%arg0: !util.list<?>, %arg1: !hal.fence, %arg2: !hal.fence) attributes {iree.reflection = {iree.abi.model = "coarse-fences", iree.encode.function = "encode", iree.encode.target = "all"}} {
// CHECK-NEXT:     %[[TP:.+]] = stream.timepoint.import on(#hal.device.promise<@__device_0>) %arg1 : (!hal.fence) => !stream.timepoint
// CHECK-NEXT:     %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT:     %[[PACK:.+]]:2 = stream.resource.pack on(#hal.device.promise<@__device_0>) slices({
// CHECK-NEXT:       [0, 0] = %[[C512]]
// CHECK-NEXT:     }) : index
// CHECK-NEXT:     %[[SLAB:.+]], %[[SLAB_TP:.+]] = stream.resource.alloca uninitialized on(#hal.device.promise<@__device_0>) await(%[[TP]]) => !stream.resource<transient>{%[[PACK]]#0} => !stream.timepoint
// CHECK-NEXT:     %[[READY:.+]] = stream.timepoint.await %[[SLAB_TP]] => %[[SLAB]] : !stream.resource<transient>{%[[PACK]]#0}
// CHECK-NEXT:     %[[SRC:.+]] = util.buffer.constant : !util.buffer = "src"
// CHECK-NEXT:     %[[W:.+]] = util.buffer.constant : !util.buffer = "w"
// CHECK-NEXT:     %[[C0I64:.+]] = arith.constant 0 : i64
// CHECK-NEXT:     %[[R:.+]], %[[R_TP:.+]] = stream.async.parameter.load on(#hal.device.promise<@__device_0>) await(%[[TP]]) %[[SRC]]::%[[W]][%[[C0I64]]] : !stream.resource<constant>{%[[C512]]} => !stream.timepoint
// CHECK-NEXT:     %[[IN:.+]] = stream.timepoint.await %[[R_TP]] => %[[R]] : !stream.resource<constant>{%[[C512]]}
// CHECK-NEXT:     %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:     %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT:     %[[C7:.+]] = arith.constant 7 : i32
// CHECK-NEXT:     %[[FILL:.+]] = stream.async.fill %[[C7]], %[[IN]][%[[C0]] to %[[C64]] for %[[C64]]] : i32 -> %[[IN]] as !stream.resource<constant>{%[[C512]]}
// CHECK-NEXT:     %[[END_OFF:.+]] = arith.addi %[[PACK]]#1, %[[C512]] : index
// CHECK-NEXT:     %[[UPD:.+]] = stream.async.update on(#hal.device.promise<@__device_0>) %[[FILL]], %[[READY]][%[[PACK]]#1 to %[[END_OFF]]] : !stream.resource<constant>{%[[C512]]} -> %[[READY]] as !stream.resource<transient>{%[[PACK]]#0}
// CHECK-NEXT:     %[[B:.+]], %[[B_TP:.+]] = stream.timepoint.barrier on(#hal.device.promise<@__device_0>) %[[UPD]] : !stream.resource<transient>{%[[PACK]]#0} => !stream.timepoint
// CHECK-NEXT:     %[[TKEY:.+]] = util.buffer.constant : !util.buffer = "parameter0"
// CHECK-NEXT:     %[[TSCOPE:.+]] = util.buffer.constant : !util.buffer = ""
// CHECK-NEXT:     %[[S:.+]], %[[S_TP:.+]] = stream.async.parameter.scatter on(#hal.device.promise<@__device_0>) await(%[[B_TP]]) {
// CHECK-NEXT:       %[[B]][%[[PACK]]#1 to %[[END_OFF]] for %[[C512]]] : !stream.resource<transient>{%[[PACK]]#0} -> %[[TSCOPE]]::%[[TKEY]][%[[C0I64]]]
// CHECK-NEXT:     } : !stream.resource<transient> => !stream.timepoint
// CHECK-NEXT:     %[[J:.+]] = stream.timepoint.join max(%[[S_TP]]) => !stream.timepoint
// CHECK-NEXT:     %[[D:.+]] = stream.resource.dealloca on(#hal.device.promise<@__device_0>) await(%[[J]]) => %[[S]] : !stream.resource<transient>{%[[PACK]]#0} => !stream.timepoint
// CHECK-NEXT:     stream.timepoint.chain_external on(#hal.device.promise<@__device_0>) %[[D]] => (%arg2 : !hal.fence)
// CHECK-NEXT:     util.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-EMPTY:
// CHECK-NEXT: module {
// CHECK-NEXT:   util.global private @w : !stream.resource<constant>
// CHECK-NEXT:   util.initializer {
// CHECK-NEXT:     %[[L:.+]] = arith.constant 512 : index
// CHECK-NEXT:     %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<512xi8>
// CHECK-NEXT:     util.global.store %[[CST]], @w : !stream.resource<constant>
// CHECK-NEXT:     util.return
// CHECK-NEXT:   }
// CHECK-NEXT: }

// SCOPE: module @encoder
// SCOPE: util.func public @__encode_parameter_indices_all() -> !util.list<?> attributes {iree.reflection = {iree.encode.function = "indices", iree.encode.scopes = "my_custom_scope", iree.encode.target = "all"}} {
// SCOPE-NEXT: util.buffer.constant : !util.buffer = "my_custom_scope"
// SCOPE: stream.async.parameter.scatter
// SCOPE-NEXT: -> %[[SSCOPE:.+]]::%{{.+}}[%{{.+}}]
// SCOPE-LABEL: util.global private @w
// SCOPE: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<"my_custom_scope"::"parameter0"> : tensor<512xi8>

// The declared default `encoded` applies only when given explicitly (SP1).
// ENCODED: iree.encode.scopes = "encoded"
// ENCODED-LABEL: util.global private @w
// ENCODED: #stream.parameter.named<"encoded"::"parameter0"> : tensor<512xi8>

// NOPARAM-NOT: module @encoder
// NOPARAM-LABEL: util.global private @w
// NOPARAM: stream.async.fill

// The §14.3 golden: a fill of a 512-byte parameter.
util.global private @w : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c7_i32 = arith.constant 7 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c512} = #stream.parameter.named<"src"::"w"> : vector<512xi8>
  %f = stream.async.fill %c7_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c512}
  util.global.store %f, @w : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: %[[IN:.+]] = stream.timepoint.await %{{.+}} => %{{.+}} : !stream.resource<constant>
// CHECK: stream.async.slice %[[IN]][%{{.+}} to %{{.+}}] : !stream.resource<constant>{%c1024} -> !stream.resource<constant>{%c256}
// CHECK: stream.async.fill %c3_i32
// CHECK-LABEL: util.global private @sliced
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 256 : index
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<256xi8>
// CHECK-NEXT:   util.global.store %[[CST]], @sliced

// Slice then fill: 256 bytes, 64-aligned, no subview.
util.global private @sliced : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c256 = arith.constant 256 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %c3_i32 = arith.constant 3 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"sliced"> : vector<1024xi8>
  %v = stream.async.slice %p[%c256 to %c512] : !stream.resource<constant>{%c1024} -> !stream.resource<constant>{%c256}
  %f = stream.async.fill %c3_i32, %v[%c0 to %c64 for %c64] : i32 -> %v as !stream.resource<constant>{%c256}
  util.global.store %f, @sliced : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: util.func public @__encode_parameter_steps_all
// CHECK: stream.executable private @ex {
// CHECK-NEXT:   stream.executable.export public @encode
// CHECK-NEXT: }
// CHECK-NEXT: util.func public @__encode_parameters_all
// CHECK: %[[IN:.+]] = stream.timepoint.await %{{.+}} => %{{.+}} : !stream.resource<constant>
// CHECK: %[[D:.+]] = stream.async.dispatch @ex::@encode(%[[IN]]
// CHECK: stream.async.update on(#hal.device.promise<@__device_0>) %[[D]]
// CHECK-LABEL: util.global private @dispatched
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 1024 : index
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NEXT:   util.global.store %[[CST]], @dispatched

// A dispatch on a parameter: the executable is cloned into the encoder.
stream.executable private @ex {
  stream.executable.export public @encode
}
util.global private @dispatched : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"d"> : vector<1024xi8>
  %d = stream.async.dispatch @ex::@encode(%p[%c0 to %c1024 for %c1024]) : (!stream.resource<constant>{%c1024}) -> !stream.resource<constant>{%c1024}
  util.global.store %d, @dispatched : !stream.resource<constant>
  util.return
}

// -----

// The splat is cloned into the encoder but is not an output.
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: %[[IN:.+]] = stream.timepoint.await %{{.+}} => %{{.+}} : !stream.resource<constant>
// CHECK-NEXT: %[[Z:.+]] = arith.constant 0 : i32
// CHECK-NEXT: %[[SPLAT:.+]] = stream.async.splat %[[Z]]
// CHECK: %[[D:.+]] = stream.async.dispatch @ex2::@combine(%[[IN]][{{.+}}], %[[SPLAT]][{{.+}}])
// CHECK: stream.async.update on(#hal.device.promise<@__device_0>) %[[D]]
// CHECK-LABEL: util.global private @combined
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   arith.constant 1024 : index
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant
// CHECK-NEXT:   util.global.store %[[CST]], @combined

// A parameter and a splat feed a dispatch: the splat is cloned too.
stream.executable private @ex2 {
  stream.executable.export public @combine
}
util.global private @combined : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c0_i32 = arith.constant 0 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"c"> : vector<1024xi8>
  %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c1024}
  %d = stream.async.dispatch @ex2::@combine(%p[%c0 to %c1024 for %c1024], %s[%c0 to %c1024 for %c1024]) : (!stream.resource<constant>{%c1024}, !stream.resource<*>{%c1024}) -> !stream.resource<constant>{%c1024}
  util.global.store %d, @combined : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: %[[LEN:.+]] = arith.constant 1216 : i64
// CHECK-NEXT: %[[ALIGN:.+]] = arith.constant 64 : i64
// CHECK-NEXT: util.list.construct [%{{.+}} : i64, %{{.+}} : !util.buffer, %{{.+}} : !util.buffer, %[[LEN]] : i64, %[[ALIGN]] : i64]
// CHECK: arith.constant 1180 : i64
// CHECK-LABEL: util.global private @grown
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 1216 : index
// CHECK-NEXT:   %[[OFF:.+]] = arith.constant 0 : index
// CHECK-NEXT:   %[[SIZE:.+]] = arith.constant 1180 : index
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<1216xi8>
// CHECK-NEXT:   %[[V:.+]] = stream.resource.subview %[[CST]][%[[OFF]]] : !stream.resource<constant>{%[[L]]} -> !stream.resource<constant>{%[[SIZE]]}
// CHECK-NEXT:   util.global.store %[[V]], @grown

// Growth 1180/1024: hoisted into a 1216-byte parameter, subview.
stream.executable private @ex3 {
  stream.executable.export public @grow
}
util.global private @grown : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c1180 = arith.constant 1180 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"g"> : vector<1024xi8>
  %d = stream.async.dispatch @ex3::@grow(%p[%c0 to %c1024 for %c1024]) : (!stream.resource<constant>{%c1024}) -> !stream.resource<constant>{%c1180}
  util.global.store %d, @grown : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.global private @grown_exact
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1216xi8>
// CHECK-NEXT: stream.resource.subview

// Growth 1200/1000 is exactly 1.2f: hoisted.
stream.executable private @ex4 {
  stream.executable.export public @grow
}
util.global private @grown_exact : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  %c1200 = arith.constant 1200 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1000} = #stream.parameter.named<"model"::"g"> : vector<1000xi8>
  %d = stream.async.dispatch @ex4::@grow(%p[%c0 to %c1000 for %c1000]) : (!stream.resource<constant>{%c1000}) -> !stream.resource<constant>{%c1200}
  util.global.store %d, @grown_exact : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @grown_too_much
// CHECK: stream.async.dispatch @ex5::@grow

// GROWTH2-LABEL: util.func public @__encode_parameter_steps_all
// GROWTH2: arith.constant 1210 : i64
// GROWTH2-LABEL: util.global private @grown_too_much
// GROWTH2: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1216xi8>
// GROWTH2-NEXT: stream.resource.subview
// GROWTH2-NEXT: util.global.store %{{.+}}, @grown_too_much

// Growth 1210/1000: rejected at the default factor, hoisted at 2.0.
stream.executable private @ex5 {
  stream.executable.export public @grow
}
util.global private @grown_too_much : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  %c1210 = arith.constant 1210 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1000} = #stream.parameter.named<"model"::"g"> : vector<1000xi8>
  %d = stream.async.dispatch @ex5::@grow(%p[%c0 to %c1000 for %c1000]) : (!stream.resource<constant>{%c1000}) -> !stream.resource<constant>{%c1210}
  util.global.store %d, @grown_too_much : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @grown_double
// CHECK: stream.async.dispatch @ex6::@grow

// GROWTH2-LABEL: util.func public @__encode_parameter_steps_all
// GROWTH2: arith.constant 1800 : i64
// GROWTH2-LABEL: util.global private @grown_double
// GROWTH2: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1856xi8>
// GROWTH2-NEXT: stream.resource.subview
// GROWTH2-NEXT: util.global.store %{{.+}}, @grown_double

// Growth 1800/1000: rejected at the default factor, hoisted at 2.0.
stream.executable private @ex6 {
  stream.executable.export public @grow
}
util.global private @grown_double : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1000 = arith.constant 1000 : index
  %c1800 = arith.constant 1800 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1000} = #stream.parameter.named<"model"::"g"> : vector<1000xi8>
  %d = stream.async.dispatch @ex6::@grow(%p[%c0 to %c1000 for %c1000]) : (!stream.resource<constant>{%c1000}) -> !stream.resource<constant>{%c1800}
  util.global.store %d, @grown_double : !stream.resource<constant>
  util.return
}

// -----

// The loop body captures outer values: the slice is in block order and the
// cloned scf.for comes after the parameter load.
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.func public @__encode_parameters_all
// CHECK: %[[READY:.+]] = stream.timepoint.await
// CHECK-NEXT: %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT: %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT: %[[C4:.+]] = arith.constant 4 : index
// CHECK-NEXT: %[[C64:.+]] = arith.constant 64 : index
// CHECK-NEXT: %[[C5:.+]] = arith.constant 5 : i32
// CHECK-NEXT: util.buffer.constant : !util.buffer = "model"
// CHECK-NEXT: util.buffer.constant : !util.buffer = "loop"
// CHECK-NEXT: arith.constant 0 : i64
// CHECK-NEXT: %[[R:.+]], %[[R_TP:.+]] = stream.async.parameter.load
// CHECK-NEXT: %[[IN:.+]] = stream.timepoint.await %[[R_TP]] => %[[R]]
// CHECK-NEXT: %[[LOOP:.+]] = scf.for %{{.+}} = %[[C0]] to %[[C4]] step %[[C1]] iter_args(%[[ACC:.+]] = %[[IN]]) -> (!stream.resource<constant>) {
// CHECK-NEXT:   %[[F:.+]] = stream.async.fill %[[C5]], %[[ACC]][%[[C0]] to %[[C64]] for %[[C64]]]
// CHECK-NEXT:   scf.yield %[[F]]
// CHECK-NEXT: }
// CHECK-NEXT: arith.addi
// CHECK-NEXT: stream.async.update on(#hal.device.promise<@__device_0>) %[[LOOP]], %[[READY]]
// Pruned from the main module; the constants used only in its body stay (SP6).
// CHECK-LABEL: util.global private @looped
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 1024 : index
// CHECK-NEXT:   arith.constant 64 : index
// CHECK-NEXT:   arith.constant 5 : i32
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NEXT:   util.global.store %[[CST]], @looped
// CHECK-NEXT:   util.return

// scf.for producing the stored value.
util.global private @looped : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c5_i32 = arith.constant 5 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"loop"> : vector<1024xi8>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %p) -> (!stream.resource<constant>) {
    %f = stream.async.fill %c5_i32, %acc[%c0 to %c64 for %c64] : i32 -> %acc as !stream.resource<constant>{%c1024}
    scf.yield %f : !stream.resource<constant>
  }
  util.global.store %r, @looped : !stream.resource<constant>
  util.return
}

// -----

// The scf.if is pruned; the parameter constant used only in its regions
// stays (SP6).
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.func public @__encode_parameters_all
// CHECK: stream.async.parameter.load
// CHECK: %[[IF:.+]] = scf.if %{{.+}} -> (!stream.resource<constant>) {
// CHECK-NEXT: stream.async.fill
// CHECK: stream.async.update on(#hal.device.promise<@__device_0>) %[[IF]]
// CHECK-LABEL: util.global private @branched
// CHECK-NOT: scf.if
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<"model"::"branch">
// CHECK-NEXT: %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NEXT: util.global.store %[[CST]], @branched

// scf.if producing the stored value (both branches 1024 bytes).
util.global private @branched : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %true = arith.constant true
  %c6_i32 = arith.constant 6 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"branch"> : vector<1024xi8>
  %r = scf.if %true -> (!stream.resource<constant>) {
    %f = stream.async.fill %c6_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
    scf.yield %f : !stream.resource<constant>
  } else {
    scf.yield %p : !stream.resource<constant>
  }
  util.global.store %r, @branched : !stream.resource<constant>
  util.return
}

// -----

// One expression per store, one 2048-byte parameter0.
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: arith.constant 2048 : i64
// CHECK-LABEL: util.func public @__encode_parameter_steps_all
// CHECK: util.buffer.constant : !util.buffer = "step0"
// CHECK: util.buffer.constant : !util.buffer = "step1"
// CHECK-LABEL: util.global private @second
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 2048 : index
// CHECK-NEXT:   %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:   %[[C1024:.+]] = arith.constant 1024 : index
// CHECK-NEXT:   %[[A:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<2048xi8>
// CHECK-NEXT:   %[[AV:.+]] = stream.resource.subview %[[A]][%[[C0]]] : !stream.resource<constant>{%[[L]]} -> !stream.resource<constant>{%[[C1024]]}
// CHECK-NEXT:   util.global.store %[[AV]], @first
// CHECK-NEXT:   %[[B:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<2048xi8>
// CHECK-NEXT:   %[[BV:.+]] = stream.resource.subview %[[B]][%[[C1024]]] : !stream.resource<constant>{%[[L]]} -> !stream.resource<constant>{%[[C1024]]}
// CHECK-NEXT:   util.global.store %[[BV]], @second
// CHECK-NEXT:   util.return

// Two fills of one parameter stored to two globals: one parameter of 2048.
util.global private @first : !stream.resource<constant>
util.global private @second : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %c2_i32 = arith.constant 2 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"shared"> : vector<1024xi8>
  %f1 = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  %f2 = stream.async.fill %c2_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  util.global.store %f1, @first : !stream.resource<constant>
  util.global.store %f2, @second : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// The cloned fill lost its affinity.
// CHECK: stream.async.fill %c9_i32
// CHECK-LABEL: util.global private @placed
// CHECK: stream.async.constant on(#hal.device.affinity<@device_0>) : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>

// An affinity on the producer is kept on the replacement constant.
util.global private @placed : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c9_i32 = arith.constant 9 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"placed"> : vector<1024xi8>
  %f = stream.async.fill on(#hal.device.affinity<@device_0>) %c9_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  util.global.store %f, @placed : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.global private @tiny
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 64 : index
// CHECK-NEXT:   %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:   %[[C1:.+]] = arith.constant 1 : index
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<64xi8>
// CHECK-NEXT:   %[[V:.+]] = stream.resource.subview %[[CST]][%[[C0]]] : !stream.resource<constant>{%[[L]]} -> !stream.resource<constant>{%[[C1]]}
// CHECK-NEXT:   util.global.store %[[V]], @tiny

// A 1-byte output: a 64-byte parameter and a subview.
util.global private @tiny : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8_i8 = arith.constant 8 : i8
  %p = stream.async.constant : !stream.resource<constant>{%c1} = #stream.parameter.named<"model"::"tiny"> : vector<1xi8>
  %f = stream.async.fill %c8_i8, %p[%c0 to %c1 for %c1] : i8 -> %p as !stream.resource<constant>{%c1}
  util.global.store %f, @tiny : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-COUNT-4: stream.async.fill
// CHECK-LABEL: util.global private @chained
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   arith.constant 1024 : index
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant
// CHECK-NEXT:   util.global.store %[[CST]], @chained
// CHECK-NEXT:   util.return

// A 4-deep chain of fills (a deep DAG) collapses to one load.
util.global private @chained : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"chain"> : vector<1024xi8>
  %f1 = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  %f2 = stream.async.fill %c1_i32, %f1[%c0 to %c64 for %c64] : i32 -> %f1 as !stream.resource<constant>{%c1024}
  %f3 = stream.async.fill %c1_i32, %f2[%c0 to %c64 for %c64] : i32 -> %f2 as !stream.resource<constant>{%c1024}
  %f4 = stream.async.fill %c1_i32, %f3[%c0 to %c64 for %c64] : i32 -> %f3 as !stream.resource<constant>{%c1024}
  util.global.store %f4, @chained : !stream.resource<constant>
  util.return
}

// -----

// The produced values are the fills (clone and transfers looked through).
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.func public @__encode_parameters_all
// CHECK: %[[F1:.+]] = stream.async.fill
// CHECK: stream.async.update on(#hal.device.promise<@__device_0>) %[[F1]]
// CHECK: %[[F2:.+]] = stream.async.fill
// CHECK-NOT: stream.async.transfer
// CHECK: stream.async.update on(#hal.device.promise<@__device_0>) %[[F2]], %{{.+}} : !stream.resource<*>
// CHECK-LABEL: util.global private @transferred
// CHECK-NEXT: util.initializer {
// CHECK-NOT: stream.async.clone
// CHECK-NOT: stream.async.transfer
// CHECK: stream.resource.subview %{{.+}}[%c0]
// CHECK-NEXT: util.global.store %{{.+}}, @cloned
// CHECK-NEXT: stream.async.constant
// CHECK-NEXT: stream.resource.subview %{{.+}}[%c1024]
// CHECK-NEXT: util.global.store %{{.+}}, @transferred
// CHECK-NEXT: util.return

// Clone then fill; transfer then fill.
util.global private @cloned : !stream.resource<constant>
util.global private @transferred : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"ct"> : vector<1024xi8>
  %c = stream.async.clone %p : !stream.resource<constant>{%c1024} -> !stream.resource<constant>{%c1024}
  %f1 = stream.async.fill %c1_i32, %c[%c0 to %c64 for %c64] : i32 -> %c as !stream.resource<constant>{%c1024}
  util.global.store %f1, @cloned : !stream.resource<constant>
  %t = stream.async.transfer %p : !stream.resource<constant>{%c1024} -> !stream.resource<*>{%c1024}
  %f2 = stream.async.fill %c1_i32, %t[%c0 to %c64 for %c64] : i32 -> %t as !stream.resource<*>{%c1024}
  %t2 = stream.async.transfer %f2 : !stream.resource<*>{%c1024} -> !stream.resource<constant>{%c1024}
  util.global.store %t2, @transferred : !stream.resource<constant>
  util.return
}

// -----

// Two initializers: one 1024-byte parameter0, memo constants per initializer.
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.global private @init_b
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 1024 : index
// CHECK-NEXT:   %[[C0:.+]] = arith.constant 0 : index
// CHECK-NEXT:   %[[C512:.+]] = arith.constant 512 : index
// CHECK-NEXT:   %[[A:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NEXT:   %[[AV:.+]] = stream.resource.subview %[[A]][%[[C0]]] : !stream.resource<constant>{%[[L]]} -> !stream.resource<constant>{%[[C512]]}
// CHECK-NEXT:   util.global.store %[[AV]], @init_a
// CHECK-NEXT:   util.return
// CHECK-NEXT: }
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L2:.+]] = arith.constant 1024 : index
// CHECK-NEXT:   %[[C512B:.+]] = arith.constant 512 : index
// CHECK-NEXT:   %[[B:.+]] = stream.async.constant : !stream.resource<constant>{%[[L2]]} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NEXT:   %[[BV:.+]] = stream.resource.subview %[[B]][%[[C512B]]] : !stream.resource<constant>{%[[L2]]} -> !stream.resource<constant>{%[[C512B]]}
// CHECK-NEXT:   util.global.store %[[BV]], @init_b

// Two initializers of 512 bytes each share parameter0 (1024 bytes).
util.global private @init_a : !stream.resource<constant>
util.global private @init_b : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c512} = #stream.parameter.named<"model"::"a"> : vector<512xi8>
  %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c512}
  util.global.store %f, @init_a : !stream.resource<constant>
  util.return
}
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c512 = arith.constant 512 : index
  %c2_i32 = arith.constant 2 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c512} = #stream.parameter.named<"model"::"b"> : vector<512xi8>
  %f = stream.async.fill %c2_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c512}
  util.global.store %f, @init_b : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @transient
// CHECK: stream.async.fill

// Transient stores are ignored.
util.global private @transient : !stream.resource<transient>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<transient>{%c1024} = #stream.parameter.named<"model"::"tr"> : vector<1024xi8>
  %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<transient>{%c1024}
  util.global.store %f, @transient : !stream.resource<transient>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: util.buffer.constant : !util.buffer = "passthrough_param"
// CHECK-LABEL: util.global private @passthrough
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>

// OVERLAY-LABEL: util.global private @passthrough
// OVERLAY: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<"model"::"passthrough_param"> : vector<1024xi8>
// OVERLAY-NEXT: util.global.store

// A pass-through store: moved under consolidate, untouched under overlay.
util.global private @passthrough : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"passthrough_param"> : vector<1024xi8>
  util.global.store %p, @passthrough : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.global private @overlay_passthrough_a
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<2048xi8>
// CHECK: util.global.store %{{.+}}, @overlay_passthrough_a
// CHECK: stream.resource.subview %{{.+}}[%c1024]
// CHECK: util.global.store %{{.+}}, @overlay_passthrough_b

// OVERLAY: {{^}}// {{-+$}}
// OVERLAY-NEXT: module {
// OVERLAY-LABEL: util.global private @overlay_passthrough_a
// OVERLAY: %[[A:.+]] = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"pass_a"> : vector<1024xi8>
// OVERLAY-NEXT: util.global.store %[[A]], @overlay_passthrough_a
// OVERLAY-NEXT: %[[B:.+]] = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"pass_b"> : vector<1024xi8>
// OVERLAY-NEXT: util.global.store %[[B]], @overlay_passthrough_b
// OVERLAY-NEXT: util.return

// §14.5 case 32: only pass-through stores. Overlay finds no expression:
// unchanged, no encoder module. Consolidate moves both into parameter0.
util.global private @overlay_passthrough_a : !stream.resource<constant>
util.global private @overlay_passthrough_b : !stream.resource<constant>
util.initializer {
  %c1024 = arith.constant 1024 : index
  %a = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"pass_a"> : vector<1024xi8>
  util.global.store %a, @overlay_passthrough_a : !stream.resource<constant>
  %b = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"pass_b"> : vector<1024xi8>
  util.global.store %b, @overlay_passthrough_b : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: arith.constant 2048 : i64
// CHECK-LABEL: util.global private @mixed_passthrough
// CHECK: %[[A:.+]] = stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<2048xi8>
// CHECK-NEXT: stream.resource.subview %[[A]][%c0]
// CHECK-NEXT: util.global.store %{{.+}}, @mixed_transformed
// CHECK-NEXT: %[[B:.+]] = stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<2048xi8>
// CHECK-NEXT: stream.resource.subview %[[B]][%c1024]
// CHECK-NEXT: util.global.store %{{.+}}, @mixed_passthrough

// OVERLAY: {{^}}// {{-+$}}
// OVERLAY-NEXT: module @encoder
// OVERLAY: arith.constant 1024 : i64
// OVERLAY-NOT: "kept"
// OVERLAY-LABEL: util.global private @mixed_passthrough
// OVERLAY: %[[A:.+]] = stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// OVERLAY-NEXT: util.global.store %[[A]], @mixed_transformed
// OVERLAY-NEXT: %[[B:.+]] = stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<"model"::"kept"> : vector<1024xi8>
// OVERLAY-NEXT: util.global.store %[[B]], @mixed_passthrough

// Transformed plus pass-through.
util.global private @mixed_transformed : !stream.resource<constant>
util.global private @mixed_passthrough : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"transformed"> : vector<1024xi8>
  %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  util.global.store %f, @mixed_transformed : !stream.resource<constant>
  %q = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"kept"> : vector<1024xi8>
  util.global.store %q, @mixed_passthrough : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.func public @__encode_parameters_all
// CHECK: stream.async.parameter.load
// CHECK: arith.constant 4 : i32
// CHECK-NEXT: scf.if
// CHECK-LABEL: util.global private @captured_if
// CHECK-NOT: scf.if
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>

// scf.if whose branches capture outer values: multi-root slice in block order.
util.global private @captured_if : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %true = arith.constant true
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"cap"> : vector<1024xi8>
  %c4_i32 = arith.constant 4 : i32
  %r = scf.if %true -> (!stream.resource<constant>) {
    %f = stream.async.fill %c4_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
    scf.yield %f : !stream.resource<constant>
  } else {
    scf.yield %p : !stream.resource<constant>
  }
  util.global.store %r, @captured_if : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-NEXT: util.global private @scalar = 1 : i32

// An explicit module with an i32 global: unchanged.
module {
  util.global private @scalar = 1 : i32
}

// -----

// The timeline op is not copied into the encoder (dead there after the load
// replaced the constant, erased by CSE); its timepoint becomes the await.
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-NOT: stream.test.timeline_op
// CHECK-LABEL: util.global private @awaiting
// CHECK: %{{.+}}, %[[TP:.+]] = stream.test.timeline_op
// CHECK-NEXT: %[[CST:.+]] = stream.async.constant await(%[[TP]]) : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NEXT: util.global.store %[[CST]], @awaiting

// A parameter constant awaiting an external timepoint.
util.global private @awaiting : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %r, %tp = stream.test.timeline_op with() : () -> !stream.resource<external>{%c1024} => !stream.timepoint
  %p = stream.async.constant await(%tp) : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"aw"> : vector<1024xi8>
  %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  util.global.store %f, @awaiting : !stream.resource<constant>
  util.return
}

// -----

// In the encoder CSE merges the two cloned timeline ops and erases the dead
// join; the remaining timeline op was live when visited and stays.
// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.global private @awaiting_join
// CHECK: stream.test.timeline_op
// CHECK-NEXT: stream.test.timeline_op
// CHECK-NEXT: %[[J:.+]] = stream.timepoint.join max
// CHECK-NEXT: %[[CST:.+]] = stream.async.constant await(%[[J]]) : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NEXT: util.global.store %[[CST]], @awaiting_join

// ... awaiting a join of two external timepoints.
util.global private @awaiting_join : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %r1, %tp1 = stream.test.timeline_op with() : () -> !stream.resource<external>{%c1024} => !stream.timepoint
  %r2, %tp2 = stream.test.timeline_op with() : () -> !stream.resource<external>{%c1024} => !stream.timepoint
  %j = stream.timepoint.join max(%tp1, %tp2) => !stream.timepoint
  %p = stream.async.constant await(%j) : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"awj"> : vector<1024xi8>
  %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  util.global.store %f, @awaiting_join : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.func public @__encode_parameters_all
// CHECK: stream.async.parameter.load
// CHECK: arith.constant 3 : i32
// CHECK-NEXT: scf.for
// CHECK-LABEL: util.global private @captured_for
// CHECK-NOT: scf.for
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>

// scf.for whose body captures outer values.
util.global private @captured_for : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"capfor"> : vector<1024xi8>
  %c3_i32 = arith.constant 3 : i32
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %p) -> (!stream.resource<constant>) {
    %f = stream.async.fill %c3_i32, %acc[%c0 to %c64 for %c64] : i32 -> %acc as !stream.resource<constant>{%c1024}
    scf.yield %f : !stream.resource<constant>
  }
  util.global.store %r, @captured_for : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: util.buffer.constant : !util.buffer = "lhs"
// CHECK: stream.async.parameter.load
// CHECK: util.buffer.constant : !util.buffer = "rhs"
// CHECK: stream.async.parameter.load
// CHECK: stream.async.dispatch @ex7::@pair
// CHECK-LABEL: util.global private @paired
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<1024xi8>
// CHECK-NOT: stream.async.dispatch

// A dispatch of two parameters.
stream.executable private @ex7 {
  stream.executable.export public @pair
}
util.global private @paired : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c512 = arith.constant 512 : index
  %c1024 = arith.constant 1024 : index
  %a = stream.async.constant : !stream.resource<constant>{%c512} = #stream.parameter.named<"model"::"lhs"> : vector<512xi8>
  %b = stream.async.constant : !stream.resource<constant>{%c512} = #stream.parameter.named<"model"::"rhs"> : vector<512xi8>
  %d = stream.async.dispatch @ex7::@pair(%a[%c0 to %c512 for %c512], %b[%c0 to %c512 for %c512]) : (!stream.resource<constant>{%c512}, !stream.resource<constant>{%c512}) -> !stream.resource<constant>{%c1024}
  util.global.store %d, @paired : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK: %[[TP:.+]] = stream.timepoint.import
// CHECK: stream.async.constant await(%[[TP]]) : !stream.resource<constant>{%{{.+}}} = dense<2> : tensor<16xi8>
// CHECK-LABEL: util.global private @inline
// CHECK: stream.async.constant : !stream.resource<constant>{%{{.+}}} = #stream.parameter.named<""::"parameter0"> : tensor<64xi8>
// CHECK-NEXT: stream.resource.subview

// NOPARAM: module @encoder
// NOPARAM-LABEL: util.global private @inline
// NOPARAM: #stream.parameter.named<""::"parameter0"> : tensor<64xi8>

// NOCONST-LABEL: util.global private @inline
// NOCONST: stream.async.constant : !stream.resource<constant>{%c16} = dense<2> : tensor<16xi8>
// NOCONST-NEXT: stream.async.fill

// An inline constant input (a constant expression).
util.global private @inline : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c16 = arith.constant 16 : index
  %c4 = arith.constant 4 : index
  %c1_i8 = arith.constant 1 : i8
  %k = stream.async.constant : !stream.resource<constant>{%c16} = dense<2> : tensor<16xi8>
  %f = stream.async.fill %c1_i8, %k[%c0 to %c4 for %c4] : i8 -> %k as !stream.resource<constant>{%c16}
  util.global.store %f, @inline : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @from_mutable
// CHECK: util.global.load @source
// CHECK-NEXT: stream.async.fill

// A mutable global load in the slice rejects the store.
util.global private mutable @source : !stream.resource<constant>
util.global private @from_mutable : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %g = util.global.load @source : !stream.resource<constant>
  %f = stream.async.fill %c1_i32, %g[%c0 to %c64 for %c64] : i32 -> %g as !stream.resource<constant>{%c1024}
  util.global.store %f, @from_mutable : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @barred
// CHECK: util.optimization_barrier
// CHECK-NEXT: stream.async.fill

// An optimization barrier rejects the store.
util.global private @barred : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"barred"> : vector<1024xi8>
  %b = util.optimization_barrier %p : !stream.resource<constant>
  %f = stream.async.fill %c1_i32, %b[%c0 to %c64 for %c64] : i32 -> %b as !stream.resource<constant>{%c1024}
  util.global.store %f, @barred : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private mutable @nested
// CHECK: cf.br ^bb1
// CHECK: scf.if
// CHECK: stream.async.fill
// CHECK: util.func private @not_an_initializer
// CHECK: stream.async.fill
// CHECK-NOT: module @encoder

// Robustness: a multi-block initializer is skipped; stores in nested regions
// and in functions are not searched; an empty function is fine.
util.global private mutable @nested : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"multi"> : vector<1024xi8>
  %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  cf.br ^bb1
^bb1:
  util.global.store %f, @nested : !stream.resource<constant>
  util.return
^bb2:
  cf.br ^bb2
}
util.initializer {
  %true = arith.constant true
  scf.if %true {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c1_i32 = arith.constant 1 : i32
    %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"inner"> : vector<1024xi8>
    %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
    util.global.store %f, @nested : !stream.resource<constant>
  }
  util.return
}
util.func private @not_an_initializer() {
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %c1_i32 = arith.constant 1 : i32
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"fn"> : vector<1024xi8>
  %f = stream.async.fill %c1_i32, %p[%c0 to %c64 for %c64] : i32 -> %p as !stream.resource<constant>{%c1024}
  util.global.store %f, @nested : !stream.resource<constant>
  util.return
}
util.initializer {
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module @encoder
// CHECK-LABEL: util.func public @__encode_parameters_all
// CHECK: %[[SPLAT:.+]] = stream.async.splat
// CHECK: %[[A:.+]] = stream.timepoint.await %{{.+}} => %{{.+}} : !stream.resource<constant>
// CHECK-NEXT: %[[C1:.+]] = stream.async.copy %[[A]][{{.+}}], %[[SPLAT]][{{.+}}]
// CHECK: %[[B:.+]] = stream.timepoint.await %{{.+}} => %{{.+}} : !stream.resource<constant>
// CHECK-NEXT: %[[C2:.+]] = stream.async.copy %[[B]][{{.+}}], %[[C1]][{{.+}}]
// CHECK-NOT: stream.async.transfer
// CHECK: stream.async.update on(#hal.device.promise<@__device_0>) %[[C2]], %{{.+}} : !stream.resource<*>
// CHECK-LABEL: util.global private @assembled
// CHECK-NEXT: util.initializer {
// CHECK-NEXT:   %[[L:.+]] = arith.constant 2048 : index
// CHECK-NEXT:   %[[CST:.+]] = stream.async.constant : !stream.resource<constant>{%[[L]]} = #stream.parameter.named<""::"parameter0"> : tensor<2048xi8>
// CHECK-NEXT:   util.global.store %[[CST]], @assembled
// CHECK-NEXT:   util.return

// A splat filled by copies of two parameters: the splat is cloned into the
// encoder but is not an output; splat, copies and transfer are pruned.
util.global private @assembled : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c0_i32 = arith.constant 0 : i32
  %a = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"part_a"> : vector<1024xi8>
  %b = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"part_b"> : vector<1024xi8>
  %s = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c2048}
  %c1 = stream.async.copy %a[%c0 to %c1024], %s[%c0 to %c1024], %c1024 : !stream.resource<constant>{%c1024} -> %s as !stream.resource<*>{%c2048}
  %c2 = stream.async.copy %b[%c0 to %c1024], %c1[%c1024 to %c2048], %c1024 : !stream.resource<constant>{%c1024} -> %c1 as !stream.resource<*>{%c2048}
  %t = stream.async.transfer %c2 : !stream.resource<*>{%c2048} -> !stream.resource<constant>{%c2048}
  util.global.store %t, @assembled : !stream.resource<constant>
  util.return
}

// -----

// CHECK: {{^}}// {{-+$}}
// CHECK-NEXT: module {
// CHECK-LABEL: util.global private @loop_reads_global
// CHECK: scf.for
// CHECK: util.global.store %{{.+}}, @loop_reads_global

// An scf.for whose body reads a mutable global is not hoistable (the scf
// HoistableOpInterface model): the store is rejected and nothing changes.
util.global private mutable @pattern : i32
util.global private @loop_reads_global : !stream.resource<constant>
util.initializer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %c1024 = arith.constant 1024 : index
  %p = stream.async.constant : !stream.resource<constant>{%c1024} = #stream.parameter.named<"model"::"impure"> : vector<1024xi8>
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%acc = %p) -> (!stream.resource<constant>) {
    %v = util.global.load @pattern : i32
    %f = stream.async.fill %v, %acc[%c0 to %c64 for %c64] : i32 -> %acc as !stream.resource<constant>{%c1024}
    scf.yield %f : !stream.resource<constant>
  }
  util.global.store %r, @loop_reads_global : !stream.resource<constant>
  util.return
}
