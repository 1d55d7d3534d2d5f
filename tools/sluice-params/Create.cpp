//===- Create.cpp - `sluice-params create`
//----------------------------------===//
//
// parameter-runtime.md §12.2 (iree-create-parameters), plus --external,
// --data=name=SHAPExTYPE=@file and --checksum.
//
//===----------------------------------------------------------------------===//

#include "Common.h"
#include "ElementType.h"

#include "sluice/Runtime/Archive/IrpaReader.h"

#include <cerrno>

namespace sluice::params {

using namespace archive;
using ull = unsigned long long;

namespace {

struct Declaration {
  std::string name;
  ShapeType shape;
  bool hasValue = false;
  std::string value;
};

Expected<Declaration> parseDeclaration(const std::string &flag,
                                       const std::string &text) {
  size_t eq = text.find('=');
  if (eq == std::string::npos)
    return makeStatus(StatusCode::InvalidArgument,
                      "--%s=%s: expected name=SHAPExTYPE[=value]", flag.c_str(),
                      text.c_str());
  Declaration d;
  d.name = text.substr(0, eq);
  std::string spec = text.substr(eq + 1);
  size_t eq2 = spec.find('=');
  std::string shapeType = spec.substr(0, eq2);
  if (eq2 != std::string::npos) {
    d.hasValue = true;
    d.value = spec.substr(eq2 + 1);
  }
  auto shape = parseShapeType(shapeType);
  if (!shape)
    return shape.takeStatus().annotate(
        formatString("parsing --%s=%s", flag.c_str(), text.c_str()));
  d.shape = *shape;
  return d;
}

/// The element pattern of a declaration with a value.
Expected<std::string> elementPattern(const Declaration &d) {
  if (d.shape.elementBytes > 16)
    return makeStatus(StatusCode::OutOfRange,
                      "element type size for %s out of range of splat patterns",
                      d.shape.type.name.c_str());
  return parseElementValue(d.shape.type, d.value);
}

/// `name=path#begin-end`.
Status addExternalFlag(IrpaBuilder &builder, const std::string &text,
                       const std::string &outputPath) {
  auto bad = [&] {
    return makeStatus(StatusCode::InvalidArgument,
                      "--external=%s: expected name=path#begin-end",
                      text.c_str());
  };
  size_t eq = text.find('=');
  size_t hash = text.rfind('#');
  if (eq == std::string::npos || hash == std::string::npos || hash < eq)
    return bad();
  std::string name = text.substr(0, eq);
  std::string path = text.substr(eq + 1, hash - eq - 1);
  std::string range = text.substr(hash + 1);
  size_t dash = range.find('-');
  if (path.empty() || dash == std::string::npos)
    return bad();
  std::string beginText = range.substr(0, dash),
              endText = range.substr(dash + 1);
  if (beginText.empty() || endText.empty() ||
      beginText.find_first_not_of("0123456789") != std::string::npos ||
      endText.find_first_not_of("0123456789") != std::string::npos ||
      beginText.size() > 20 || endText.size() > 20)
    return bad();
  errno = 0;
  uint64_t begin = std::strtoull(beginText.c_str(), nullptr, 10);
  uint64_t end = std::strtoull(endText.c_str(), nullptr, 10);
  if (errno == ERANGE || end < begin)
    return makeStatus(StatusCode::InvalidArgument,
                      "--external=%s: invalid byte range [%s, %s)",
                      text.c_str(), beginText.c_str(), endText.c_str());
  // Readers resolve relative paths against the archive's directory.
  std::string resolved =
      path[0] == '/' ? path : directoryOf(outputPath) + "/" + path;
  auto file = openFile(resolved);
  if (!file)
    return file.takeStatus().annotate(
        formatString("--external=%s", text.c_str()));
  uint64_t alignment = 0;
  for (uint64_t a = 64; a >= 1; a /= 2)
    if (begin % a == 0) {
      alignment = a;
      break;
    }
  ArchiveEntry entry;
  entry.kind = ArchiveEntry::Kind::External;
  entry.name = name;
  entry.length = end - begin;
  entry.externalPath = path;
  entry.externalOffset = begin;
  entry.externalAlignment = alignment;
  entry.externalFile = *file;
  return builder.add(std::move(entry));
}

Status create(const Flags &flags) {
  if (!flags.positional().empty())
    return makeStatus(StatusCode::InvalidArgument,
                      "no positional arguments expected (got '%s')",
                      flags.positional()[0].c_str());
  const std::string &output = flags.str("output");
  if (output.empty())
    return makeStatus(StatusCode::InvalidArgument, "--output= is required");
  std::string alignmentText = flags.str("alignment");
  char *end = nullptr;
  long long alignment = std::strtoll(alignmentText.c_str(), &end, 10);
  if (alignmentText.empty() || *end || alignment <= 0 ||
      alignment > INT32_MAX || (alignment & (alignment - 1)))
    return makeStatus(StatusCode::InvalidArgument,
                      "alignment must be a power of two (got %s)",
                      alignmentText.c_str());
  WriterOptions options;
  SLUICE_RETURN_IF_ERROR(writerOptionsFromFlags(flags, options));

  IrpaBuilder builder;
  // Splats first, then data entries, each in flag order.
  for (const std::string &text : flags.list("splat")) {
    auto d = parseDeclaration("splat", text);
    if (!d)
      return d.takeStatus();
    std::string pattern(1, '\0');
    if (d->hasValue) {
      auto p = elementPattern(*d);
      if (!p)
        return p.takeStatus().annotate(
            formatString("--splat=%s", text.c_str()));
      pattern = *p;
    }
    SLUICE_RETURN_IF_ERROR(
        builder.addSplat(d->name, pattern, d->shape.storageBytes));
  }
  for (const std::string &text : flags.list("data")) {
    auto d = parseDeclaration("data", text);
    if (!d)
      return d.takeStatus();
    DataSource source = DataSource::zeros();
    if (d->hasValue && !d->value.empty() && d->value[0] == '@') {
      std::string path = d->value.substr(1);
      auto file = openFile(path);
      if (!file)
        return file.takeStatus().annotate(
            formatString("--data=%s", text.c_str()));
      if ((*file)->size() != d->shape.storageBytes)
        return makeStatus(StatusCode::InvalidArgument,
                          "--data=%s: file '%s' has %llu bytes but the "
                          "declared shape needs %llu",
                          text.c_str(), path.c_str(), (ull)(*file)->size(),
                          (ull)d->shape.storageBytes);
      source = DataSource::fileRange(*file, 0);
    } else if (d->hasValue) {
      auto p = elementPattern(*d);
      if (!p)
        return p.takeStatus().annotate(formatString("--data=%s", text.c_str()));
      source = DataSource::pattern(*p);
    }
    SLUICE_RETURN_IF_ERROR(builder.addData(d->name, d->shape.storageBytes,
                                           std::move(source),
                                           (uint64_t)alignment));
  }
  for (const std::string &text : flags.list("external"))
    SLUICE_RETURN_IF_ERROR(addExternalFlag(builder, text, output));

  auto progress = progressModeFromFlags(flags, flags.boolean("quiet"));
  if (!progress)
    return progress.takeStatus();
  return writeArchiveAndDump(std::move(builder), output, options,
                             flags.boolean("quiet"), *progress, "create",
                             ParseOptions());
}

} // namespace

int runCreate(const std::vector<std::string_view> &args) {
  Flags flags;
  flags.declareString("output", "", "output .irpa path");
  flags.declareList("data", "name=SHAPExTYPE[=value|=@file.bin]: a data entry");
  flags.declareList("splat", "name=SHAPExTYPE[=value]: a splat entry");
  flags.declareList("external", "name=path#begin-end: an EXTERNAL entry");
  flags.declareString("alignment", "64", "data alignment (a power of two)");
  flags.declareBool("quiet", "do not print the index of the created archive "
                             "(and no progress unless --progress=always)");
  declareProgressFlag(flags);
  declareWriterFlags(flags);
  flags.declareBool("help", "print this help");
  Status status = flags.parse(args);
  if (status.isOk() && flags.boolean("help")) {
    std::printf("Usage: sluice-params create --output=file.irpa [flags]\n\n%s",
                flags.help().c_str());
    return 0;
  }
  if (status.isOk())
    status = create(flags);
  if (!status.isOk()) {
    printError(status);
    return 1;
  }
  return 0;
}

} // namespace sluice::params
