// RUN: sluice-opt --split-input-file --iree-stream-emplace-transients --verify-diagnostics %s
// REQUIRES: sluice-opt

// The two hoisting errors of the reference behaviour (external-transients.md
// §5.3, default reference-compat=true).

// §5.3 D: a slot size whose defining op is not pure (not memory-effect free)
// gives an empty size slice.
util.func public @size_from_barrier(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %size = util.optimization_barrier %input_size : index
  // expected-error @+1 {{cannot hoist transient size computation - contains non-pure operations or unsupported patterns}}
  %alloca, %alloca_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%size} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%size}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %dealloca_tp = stream.resource.dealloca await(%exec) => %alloca : !stream.resource<transient>{%size} => !stream.timepoint
  %result, %result_tp = stream.resource.transients await(%dealloca_tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%storage_size} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}

// -----

// §5.3 E step 2: the storage size depends on the alloca itself, so it cannot be
// moved before the allocations (error on the function).
// expected-error @+1 {{failed to hoist transient size computations and storage resource - values may depend on operations defined after allocations}}
util.func public @storage_size_after_alloca(%input: !stream.resource<*>, %input_size: index, %storage: !stream.resource<transient>, %storage_size: index, %await: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %alloca, %alloca_tp = stream.resource.alloca uninitialized await(%await) => !stream.resource<transient>{%input_size} => !stream.timepoint
  %exec = stream.cmd.execute await(%alloca_tp) => with(%alloca as %a: !stream.resource<transient>{%input_size}, %input as %i: !stream.resource<*>{%input_size}) {
  } => !stream.timepoint
  %dealloca_tp = stream.resource.dealloca await(%exec) => %alloca : !stream.resource<transient>{%input_size} => !stream.timepoint
  %alloca_size = stream.resource.size %alloca : !stream.resource<transient>
  %total = arith.addi %storage_size, %alloca_size : index
  %result, %result_tp = stream.resource.transients await(%dealloca_tp) => %input : !stream.resource<*>{%input_size} from %storage : !stream.resource<transient>{%total} => !stream.timepoint
  util.return %result, %result_tp : !stream.resource<*>, !stream.timepoint
}
