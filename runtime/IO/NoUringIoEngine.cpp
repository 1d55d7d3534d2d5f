//===- NoUringIoEngine.cpp - Builds without liburing
//---------------------------===//

#include "sluice/Runtime/IO/IoEngine.h"

namespace sluice::runtime::io {

Expected<std::unique_ptr<IoEngine>>
createUringIoEngine(const IoEngineOptions &) {
  return Status(StatusCode::Unavailable, "Sluice was built without liburing");
}

} // namespace sluice::runtime::io
