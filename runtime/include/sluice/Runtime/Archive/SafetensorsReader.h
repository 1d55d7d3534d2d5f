//===- SafetensorsReader.h - Safetensors index parser
//------------------------------------===//
#ifndef SLUICE_RUNTIME_ARCHIVE_SAFETENSORSREADER_H
#define SLUICE_RUNTIME_ARCHIVE_SAFETENSORSREADER_H

#include "sluice/Runtime/Archive/ParseOptions.h"

namespace sluice::runtime::archive {

/// Parses the index of a .safetensors file with bounded positioned reads (never
/// the tensor data). Errors name the file and, where relevant, the entry.
Expected<ParsedFile> parseSafetensorsFile(FileHandleRef file,
                                          const ParseOptions &options = {});

} // namespace sluice::runtime::archive

#endif // SLUICE_RUNTIME_ARCHIVE_SAFETENSORSREADER_H
