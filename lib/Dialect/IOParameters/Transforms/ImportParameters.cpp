//===- ImportParameters.cpp - .irpa archive -> global initial values
//-------===//
//
// io-parameters.md §12.2. Archives are indexed (headers only); the bytes of
// an entry are read only when its global is imported.
//
//===----------------------------------------------------------------------===//

#include "sluice/Dialect/IOParameters/Transforms/Passes.h"

#include "ArchiveUtils.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "sluice/Dialect/Flow/IR/FlowDialect.h"
#include "sluice/Dialect/Flow/IR/FlowTypes.h"
#include "sluice/Dialect/Util/IR/StorageSize.h"
#include "sluice/Dialect/Util/IR/UtilInterfaces.h"
#include "sluice/Runtime/Archive/FileHandle.h"
#include "sluice/Runtime/Archive/ParameterScopes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/raw_ostream.h"

#include <vector>

namespace sluice::io_parameters {
#define GEN_PASS_DEF_IMPORTPARAMETERSPASS
#include "sluice/Dialect/IOParameters/Transforms/Passes.h.inc"
} // namespace sluice::io_parameters

using namespace mlir;
using namespace sluice;
namespace archive = sluice::runtime::archive;

namespace {

/// Int or float elements of 8, 16, 32 or 64 bits in a static shape.
bool isImportableType(Type type) {
  auto shapedType = dyn_cast<ShapedType>(type);
  if (!shapedType || !shapedType.hasStaticShape())
    return false;
  Type elementType = shapedType.getElementType();
  if (!isa<IntegerType, FloatType>(elementType))
    return false;
  unsigned bitWidth = elementType.getIntOrFloatBitWidth();
  return bitWidth == 8 || bitWidth == 16 || bitWidth == 32 || bitWidth == 64;
}

std::optional<int64_t> getConfigInt(DictionaryAttr config, StringRef name) {
  if (!config)
    return std::nullopt;
  if (auto value = config.getAs<IntegerAttr>(name))
    return value.getInt();
  return std::nullopt;
}

/// The operating system's text for why `path` cannot be opened for reading
/// (e.g. "No such file or directory"), as LLVM's file APIs report it; falls
/// back to the runtime status text if the file has become readable since.
std::string getOpenErrorMessage(StringRef path, const runtime::Status &status) {
  int fd = -1;
  std::error_code error = llvm::sys::fs::openFileForRead(path, fd);
  if (!error) {
    llvm::sys::Process::SafelyCloseFileDescriptor(fd);
    return status.message();
  }
  return error.message();
}

class ImportParametersPass
    : public io_parameters::impl::ImportParametersPassBase<
          ImportParametersPass> {
public:
  using Base::Base;

  void runOnOperation() override {
    if (paths.empty())
      return;
    ModuleOp module = getOperation();

    // One index per scope; files of a scope merge in the order given.
    archive::ParameterScopes scopes;
    for (const std::string &value : paths) {
      auto [scope, path] = io_parameters::detail::splitScopePath(value);
      runtime::Expected<archive::FileHandleRef> file =
          archive::openFile(path.str());
      if (!file) {
        // The reference prints the operating system's message alone
        // (io-parameters.md §12.2 step 2), not the runtime's wrapped status.
        llvm::errs() << "cannot open archive input file '" << path
                     << "': " << getOpenErrorMessage(path, file.status())
                     << "\n";
        return signalPassFailure();
      }
      runtime::Status status = scopes.addFile(scope, path.str());
      if (!status.isOk()) {
        module.emitError() << "parsing parameter archive\n"
                           << io_parameters::detail::formatStatus(status);
        return signalPassFailure();
      }
    }

    llvm::StringSet<> importKeys;
    for (const std::string &key : keys)
      importKeys.insert(key);

    for (Operation &op : module.getBody()->getOperations()) {
      auto global = dyn_cast<util::GlobalOpInterface>(&op);
      if (!global)
        continue;
      auto parameter = dyn_cast_if_present<flow::NamedParameterAttr>(
          global.getGlobalInitialValue());
      if (!parameter)
        continue;
      // [SLUICE] a missing scope is the empty scope.
      StringRef scope =
          parameter.getScope() ? parameter.getScope().getValue() : "";
      StringRef key = parameter.getKey().getValue();
      bool listed = importKeys.contains(key);
      const archive::ParameterScopes::Scope *scopeEntry =
          scopes.findScope(scope);
      if (!scopeEntry) {
        if (listed)
          global.emitWarning()
              << "parameter '" << scope << "::" << key
              << "' listed in keys was not imported: no archive was given "
                 "for scope '"
              << scope << "'";
        continue;
      }
      const archive::ParameterEntry *entry = scopeEntry->index->find(key);
      if (!entry) {
        if (listed) {
          runtime::Expected<const archive::ParameterEntry *> lookup =
              scopeEntry->index->lookup(key);
          global.emitWarning() << "parameter '" << scope << "::" << key
                               << "' listed in keys was not imported: "
                               << lookup.status().message();
        }
        continue;
      }

      Type globalType = global.getGlobalType();
      if (!isImportableType(globalType)) {
        llvm::errs() << "WARNING: not importing parameter `"
                     << global.getGlobalName().getValue() << "` of type "
                     << globalType
                     << " as packed types are not yet supported\n";
        continue;
      }
      auto shapedType = cast<ShapedType>(globalType);

      int64_t storageSize = parameter.getStorageSize();
      bool selected =
          listed || (maximumSize != 0 && storageSize <= maximumSize);
      if (!selected)
        continue;

      // [SLUICE] honour config.offset/length and check the range against
      // the entry and the global type (io-parameters.md §13 #13).
      uint64_t typeSize = util::getRoundedPhysicalStorageSize(shapedType);
      int64_t offset =
          getConfigInt(parameter.getConfig(), "offset").value_or(0);
      int64_t length = getConfigInt(parameter.getConfig(), "length")
                           .value_or(static_cast<int64_t>(typeSize));
      if (offset < 0 || length < 0 ||
          static_cast<uint64_t>(offset) + static_cast<uint64_t>(length) >
              entry->length() ||
          static_cast<uint64_t>(length) != typeSize) {
        std::string typeText;
        llvm::raw_string_ostream(typeText) << globalType;
        global.emitError() << "parameter '" << scope << "::" << key
                           << "' range [" << offset << ", " << offset + length
                           << ") does not match global type " << typeText
                           << " (entry has " << entry->length()
                           << " bytes, type needs " << typeSize << ")";
        return signalPassFailure();
      }

      Type elementType = shapedType.getElementType();
      unsigned bitWidth = elementType.getIntOrFloatBitWidth();
      Attribute value;
      if (entry->type() == archive::EntryType::Splat) {
        if (entry->patternLength() * 8u != bitWidth) {
          llvm::errs() << "splat pattern has insufficient bits for type "
                       << globalType << "\n";
          return signalPassFailure();
        }
        uint64_t raw = 0;
        for (unsigned i = 0; i < entry->patternLength(); ++i)
          raw |= static_cast<uint64_t>(entry->splatByte(i)) << (8 * i);
        APInt bits(bitWidth, raw);
        Attribute element;
        if (auto floatType = dyn_cast<FloatType>(elementType))
          element = FloatAttr::get(
              elementType, APFloat(floatType.getFloatSemantics(), bits));
        else
          element = IntegerAttr::get(elementType, bits);
        value = SplatElementsAttr::get(shapedType, element);
      } else {
        if (!entry->file()) {
          global.emitError()
              << "only host allocation file primitives are supported";
          return signalPassFailure();
        }
        std::vector<char> bytes(static_cast<size_t>(length));
        runtime::Status status = entry->file()->readAt(
            entry->offset() + static_cast<uint64_t>(offset), bytes.data(),
            bytes.size());
        if (!status.isOk()) {
          global.emitError()
              << "reading parameter '" << scope << "::" << key << "'\n"
              << io_parameters::detail::formatStatus(status);
          return signalPassFailure();
        }
        if constexpr (llvm::endianness::native != llvm::endianness::little) {
          // Archive bytes are little-endian.
          unsigned elementBytes = bitWidth / 8;
          for (size_t i = 0; i + elementBytes <= bytes.size();
               i += elementBytes)
            std::reverse(bytes.begin() + i, bytes.begin() + i + elementBytes);
        }
        value = DenseElementsAttr::getFromRawBuffer(shapedType, bytes);
      }
      global.setGlobalInitialValue(value);
    }
  }
};

} // namespace
