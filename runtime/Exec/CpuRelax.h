//===- CpuRelax.h - Spin-loop hint (runtime/Exec only) -----*- C++ -*-===//
#ifndef SLUICE_RUNTIME_EXEC_CPURELAX_H
#define SLUICE_RUNTIME_EXEC_CPURELAX_H

namespace sluice::runtime::exec {

inline void cpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

} // namespace sluice::runtime::exec

#endif // SLUICE_RUNTIME_EXEC_CPURELAX_H
