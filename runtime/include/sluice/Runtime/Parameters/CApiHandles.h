//===- CApiHandles.h - C++ view of the parameter C API handles ------------===//
#ifndef SLUICE_RUNTIME_PARAMETERS_CAPIHANDLES_H
#define SLUICE_RUNTIME_PARAMETERS_CAPIHANDLES_H

#include "sluice/Runtime/Parameters/CApi.h"
#include "sluice/Runtime/Parameters/ParameterProvider.h"

namespace sluice::runtime::parameters {

/// The provider behind a C handle (null for a null handle).
ParameterProviderRef providerOf(sluice_io_parameter_provider_t *provider);

} // namespace sluice::runtime::parameters

#endif // SLUICE_RUNTIME_PARAMETERS_CAPIHANDLES_H
