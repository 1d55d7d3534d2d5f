//===- PrefetchOp.h - Fetch the next op of a walk ahead of time -*- C++ -*-===//
//
// A walk over a block's op list is a chain of dependent loads: the address of
// the next op is known only once the current op is in the cache. In a program
// of 100k ops the IR (94 MiB of heap for the generator's 100k-op chain, 75k
// ops in the function body, 63% of them on another 4 KiB page than the op
// before and 25% at a lower address) no longer fits in the caches, so each
// step is a DRAM miss of ~150 ns on the benchmark machine. A pass that does
// real work per op can hide part of that miss by asking for the next op as
// soon as it starts on the current one (docs/benchmarks-passes.md, "the cache
// cliff").
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_SUPPORT_PREFETCHOP_H
#define SLUICE_SUPPORT_PREFETCHOP_H

#include "mlir/IR/Operation.h"

namespace sluice {

/// Starts loading `op` (may be null) into the cache without waiting for it:
/// its header and the lines either side (the op's results lie before it, its
/// first operands after it). Never dereferences `op`.
inline void prefetchOp(const mlir::Operation *op) {
  if (!op)
    return;
  const char *address = reinterpret_cast<const char *>(op);
  __builtin_prefetch(address - 64);
  __builtin_prefetch(address);
  __builtin_prefetch(address + 64);
}

} // namespace sluice

#endif // SLUICE_SUPPORT_PREFETCHOP_H
