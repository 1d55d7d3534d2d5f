//===- ThreadName.h - Names runtime threads for top -H, perf and gdb
//-------===//
#ifndef SLUICE_RUNTIME_IO_THREADNAME_H
#define SLUICE_RUNTIME_IO_THREADNAME_H

#include <cstdio>
#include <pthread.h>

namespace sluice::runtime {

/// Names the calling thread "<prefix>-<index>" (Linux truncates to 15
/// characters). Failure is harmless and ignored.
inline void nameCurrentThread(const char *prefix, unsigned index) {
  char name[16];
  std::snprintf(name, sizeof(name), "%s-%u", prefix, index);
  (void)pthread_setname_np(pthread_self(), name);
}

} // namespace sluice::runtime

#endif // SLUICE_RUNTIME_IO_THREADNAME_H
