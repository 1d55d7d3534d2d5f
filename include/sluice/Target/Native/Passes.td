//===- Passes.td - phase llvm passes -----------------------*- tablegen -*-===//
//
// The passes of the phase `llvm` (execution.md §2.8). Each is implemented in
// lib/Target/Native/<PassName>.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef SLUICE_TARGET_NATIVE_PASSES
#define SLUICE_TARGET_NATIVE_PASSES

include "mlir/Pass/PassBase.td"

def LinkExecutablesPass
    : Pass<"sluice-link-executables", "mlir::ModuleOp"> {
  let summary = "Moves the dispatch code of every executable into the host module";
  let description = [{
    execution.md §2.8 step 1. Every `llvm.func` and `llvm.mlir.global` of
    every `hal.executable.variant`'s inner module moves to the top-level
    module: the workgroup function of export `@e` of executable `@ex` is
    renamed `sluice_dispatch__<ex>__<e>`, every other symbol `<name>` of the
    variant `sluice_dispatch__<ex>__<name>` (uses inside the variant are
    renamed with it). Each export gets a `sluice_rt.executable_info` with
    its names, layout, `sluice.workgroup_cost_ns` (1 when absent) and
    workgroup size; every `sluice_rt.dispatch` of `@ex::@variant::@e`
    then names the flat workgroup function, and the `hal.executable`s are
    erased.

    External declarations (libm functions) keep their names, or take their
    `sluice.link_name` (set by `--sluice-cpu-lower-math` when a user
    function had the libm name), one declaration per name in the host
    module. A declaration whose name a host symbol has (a host function
    `@powf`) is named `sluice_libm__<name>[_<n>]` and keeps the name in
    `sluice.link_name`; the translation to LLVM IR binds it after renaming
    every local function the runtime did not make `sluice_host__<name>`.
    Flat dispatch names that a host symbol has, or that two pairs of names
    share (`@a__b::@c`, `@a::@b__c`), get a `_<n>` suffix. A declaration
    whose name the host module declares with another type is an error.

    Errors: an export without a workgroup function in its variant
    («export '@<e>' of '@<ex>' has no workgroup function (run
    --sluice-cpu-codegen-pipeline first)»); a variant whose inner module holds
    ops other than `llvm.func` / `llvm.mlir.global` («'<op>' op cannot be
    linked into the host module»); a declaration of a function the host
    module declares with another type («'llvm.func' op declares '@<name>',
    which the host module declares differently»).
  }];
  // sluice_rt for the executable_info ops (a module of executables only
  // has no sluice_rt op that would have loaded it).
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "::sluice::sluice_rt::SluiceRTDialect"];
}

def ConvertHostToLLVMPass
    : Pass<"sluice-convert-host-to-llvm", "mlir::ModuleOp"> {
  let summary = "Lowers host and command functions to LLVM calling the runtime import table";
  let description = [{
    execution.md §2.8 step 2, §3.2-§3.5, §4.4. Every `util.func` becomes an
    `llvm.func`:

    * host functions: `ptr @f(ptr %ctx, <args>, <one out-pointer per
      result>)` returning the `sluice_status_t` (NULL = OK), internal
      linkage; public ones are marked `sluice.export` with their cconv
      (`sluice.cconv`) and reflection for `--sluice-emit-module-descriptor`;
    * command functions (`sluice_rt.command_function`): `ptr @f(ptr %ctx,
      ptr %exec, ptr %closure)`; their arguments are read from the closure
      (references first, then scalars, 8 bytes each);
    * `util.initializer`s: `ptr @__init<N>(ptr %ctx)`, marked
      `sluice.initializer = N`.

    Each function has one pending-status slot. Fallible ops (§3.5) store the
    status of their runtime call in it; `sluice_rt.check_status` branches on
    it, `sluice_rt.check_code` annotates it, `sluice_rt.fail` returns it (or
    INTERNAL «unreachable: <m>»). Runtime entry points are reached only
    through `ctx->rt` (entry #k at byte 8*(k-1)); buffer, view and context
    fields are read inline at the §3.2 offsets; `sluice_rt.retain/release`
    are inline atomics calling `ref_destroy` at zero. A `sluice_rt.wave`
    resolves the host pointers of its items (a NULL storage base is
    FAILED_PRECONDITION «dispatch '<ex>::<e>' binding <i> has no committed
    storage», «fill ...», «copy source ...», «copy target ...») and calls the
    `wave` import with `sluice_wave_item_t`s built on the stack.

    HAL ops that are one fallible runtime call (allocate, import, subspan,
    asserts, buffer load/store, view create, file from memory, every queue
    op, fence create/join/signal) are rows of one table
    (`HostImportCalls.cpp`); results come back through out-pointers.
    `hal.device.query` calls `device_query_i64` and selects the default when
    the key is unknown. Non-device `util.global`s are slots in `ctx->globals`
    (scalars at their natural size and alignment, references 8 bytes; the
    layout, initial image and reference offsets are left on the module for
    `--sluice-emit-module-descriptor`); a reference store retains the new
    value and releases the old one. `util.cmp.eq/ne` compare pointers on
    references; `math` and `index` ops use the upstream LLVM lowerings.

    Types: `index` -> i64, every `!hal.*` type and `!util.buffer` -> ptr.
    Unsupported ops fail with «'<op>' op is not supported by the Sluice
    CPU runtime».
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def EmitModuleDescriptorPass
    : Pass<"sluice-emit-module-descriptor", "mlir::ModuleOp"> {
  let summary = "Emits the module descriptor and sluice_module_query";
  let description = [{
    execution.md §3.3. For every `llvm.func` marked `sluice.export`, a packed
    thunk `ptr (ptr ctx, ptr args, ptr results)` that unpacks the
    `sluice_value_t` arguments, calls the function and packs its results
    (i1/i8/i16 widened to i32); the function table sorted by name; the
    `initialize` function calling every `sluice.initializer` in order and
    returning the first failure; the export infos of the
    `sluice_rt.executable_info` ops; the descriptor global and the only
    public symbol, `sluice_module_query(abi_version)`, returning it for
    version 1 and NULL otherwise.

    The target CPU and feature string are those of `target-cpu` resolved as
    `sluice-compile` does (§2.9).
  }];
  let options = [
    Option<"moduleName", "module-name", "std::string", "\"module\"",
           "the descriptor's module name">,
    Option<"targetCpu", "target-cpu", "std::string", "\"x86-64-v3\"",
           "the --sluice-cpu value recorded in the descriptor">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

#endif // SLUICE_TARGET_NATIVE_PASSES
