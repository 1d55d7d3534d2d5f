//===- SafetensorsReader.cpp - safetensors index parser
//---------------------===//
//
// irpa-format.md Part C (§10, §11 [SLUICE]): reads only 8 + header_length
// bytes, parses the header with a conforming JSON parser, decodes keys, and
// checks dtype × shape against data_offsets in checked arithmetic.
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Archive/SafetensorsReader.h"

#include "Bytes.h"
#include "Json.h"

#include <algorithm>

namespace sluice::runtime::archive {

using namespace detail;

namespace {

using ull = unsigned long long;
constexpr uint64_t kMaxHeaderBytes = 100ull << 20;

/// Bits per element of a known dtype, or 0.
unsigned dtypeBits(std::string_view dtype) {
  static const std::pair<std::string_view, unsigned> table[] = {
      {"BOOL", 8},    {"U8", 8},      {"I8", 8},      {"F8_E5M2", 8},
      {"F8_E4M3", 8}, {"F8_E8M0", 8}, {"I16", 16},    {"U16", 16},
      {"F16", 16},    {"BF16", 16},   {"I32", 32},    {"U32", 32},
      {"F32", 32},    {"F64", 64},    {"I64", 64},    {"U64", 64},
      {"C64", 64},    {"F6_E2M3", 6}, {"F6_E3M2", 6}, {"F4", 4},
  };
  for (const auto &[name, bits] : table)
    if (name == dtype)
      return bits;
  return 0;
}

std::string renderShape(const std::vector<uint64_t> &dims) {
  std::string out = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    out += (i ? ", " : "") + std::to_string(dims[i]);
  return out + "]";
}

class SafetensorsParser {
public:
  SafetensorsParser(FileHandleRef file, const ParseOptions &options,
                    ParsedFile &out)
      : file_(std::move(file)), options_(options), out_(out) {}
  Status run();

private:
  /// A warning, or an error under --parameter_strict_safetensors.
  Status soft(std::string message) {
    if (options_.strictSafetensors)
      return Status(StatusCode::InvalidArgument,
                    message + " (--parameter_strict_safetensors)");
    out_.warnings.push_back(std::move(message));
    return Status();
  }
  Status parseTensor(const std::string &name, const JsonValue &value,
                     uint64_t base, uint64_t dataSize, uint64_t index);

  FileHandleRef file_;
  const ParseOptions &options_;
  ParsedFile &out_;
};

Status SafetensorsParser::parseTensor(const std::string &name,
                                      const JsonValue &value, uint64_t base,
                                      uint64_t dataSize, uint64_t index) {
  std::string quoted = printable(name);
  if (value.kind != JsonValue::Kind::Object)
    return makeStatus(StatusCode::InvalidArgument,
                      "tensor '%s' must be a JSON object", quoted.c_str());
  const JsonValue *offsets = value.member("data_offsets");
  if (!offsets || offsets->kind != JsonValue::Kind::Array ||
      offsets->items.size() != 2 || !offsets->items[0].isU64 ||
      !offsets->items[1].isU64)
    return makeStatus(StatusCode::InvalidArgument,
                      "failed to parse entry data offsets of tensor '%s' "
                      "(expected [BEGIN, END] with non-negative integers)",
                      quoted.c_str());
  uint64_t begin = offsets->items[0].u64, end = offsets->items[1].u64;
  if (begin > end || end > dataSize)
    return makeStatus(StatusCode::InvalidArgument,
                      "entry has data offsets outside of the available data "
                      "(begin=%llu, end=%llu, available=%llu)",
                      (ull)begin, (ull)end, (ull)dataSize);
  EntrySpec entry;
  entry.key = name;
  entry.length = end - begin;
  entry.type = EntryType::File;
  entry.file = file_;
  entry.offset = base + begin; // base + end <= file size
  entry.source = file_;
  entry.sourceFormat = FileFormat::Safetensors;
  entry.sourceEntryIndex = index;

  const JsonValue *dtype = value.member("dtype");
  const JsonValue *shape = value.member("shape");
  if (dtype && dtype->kind != JsonValue::Kind::String)
    return makeStatus(StatusCode::InvalidArgument,
                      "tensor '%s' has a dtype that is not a string",
                      quoted.c_str());
  std::vector<uint64_t> dims;
  std::optional<TensorInfoRecord> tensorInfo;
  if (shape) {
    if (shape->kind != JsonValue::Kind::Array)
      return makeStatus(StatusCode::InvalidArgument,
                        "tensor '%s' has a shape that is not an array",
                        quoted.c_str());
    for (const JsonValue &d : shape->items) {
      if (!d.isU64)
        return makeStatus(StatusCode::InvalidArgument,
                          "tensor '%s' has a shape entry that is not a "
                          "non-negative integer",
                          quoted.c_str());
      dims.push_back(d.u64);
    }
  }
  if (!dtype || !shape) {
    SLUICE_RETURN_IF_ERROR(soft(formatString(
        "tensor '%s' has no %s; its length comes from data_offsets only",
        quoted.c_str(), !dtype ? "dtype" : "shape")));
  } else if (unsigned bits = dtypeBits(dtype->text)) {
    uint64_t elements = 1, totalBits;
    bool ok = true;
    for (uint64_t d : dims)
      ok = ok && checkedMul(elements, d, elements);
    ok = ok && checkedMul(elements, bits, totalBits);
    if (!ok)
      return makeStatus(StatusCode::InvalidArgument,
                        "tensor '%s' has dtype %s and shape %s whose byte size "
                        "overflows",
                        quoted.c_str(), dtype->text.c_str(),
                        renderShape(dims).c_str());
    if (totalBits % 8 || totalBits / 8 != entry.length)
      return makeStatus(StatusCode::InvalidArgument,
                        "tensor '%s' has dtype %s and shape %s (%llu bytes) "
                        "but data_offsets span %llu bytes",
                        quoted.c_str(), dtype->text.c_str(),
                        renderShape(dims).c_str(), (ull)(totalBits / 8),
                        (ull)entry.length);
    tensorInfo = TensorInfoRecord{dtype->text, dims};
  } else {
    SLUICE_RETURN_IF_ERROR(soft(formatString(
        "tensor '%s' has unknown dtype '%s'; its length comes from "
        "data_offsets only",
        quoted.c_str(), printable(dtype->text).c_str())));
    tensorInfo = TensorInfoRecord{dtype->text, dims};
  }
  if (tensorInfo)
    entry.headerTensorInfo = &*tensorInfo;
  return out_.entries.add(entry);
}

Status SafetensorsParser::run() {
  const uint64_t fileLength = file_->size();
  if (fileLength < 8)
    return makeStatus(StatusCode::OutOfRange,
                      "insufficient capacity for safetensors header length "
                      "(need at least 8 bytes but have %llu)",
                      (ull)fileLength);
  char lengthBytes[8];
  SLUICE_RETURN_IF_ERROR(file_->readAt(0, lengthBytes, 8));
  uint64_t headerLength = load64(lengthBytes);
  if (headerLength > fileLength - 8)
    return makeStatus(StatusCode::OutOfRange,
                      "insufficient capacity for safetensors header contents "
                      "(declared as %llu but only %llu bytes available)",
                      (ull)headerLength, (ull)(fileLength - 8));
  if (headerLength > kMaxHeaderBytes)
    return makeStatus(
        StatusCode::ResourceExhausted,
        "safetensors header of %llu bytes exceeds the 100 MiB limit",
        (ull)headerLength);
  if (headerLength > options_.indexMaxBytes)
    return makeStatus(StatusCode::ResourceExhausted,
                      "safetensors header of %llu bytes exceeds "
                      "--parameter_index_max_bytes=%llu",
                      (ull)headerLength, (ull)options_.indexMaxBytes);
  std::string header(headerLength, '\0');
  SLUICE_RETURN_IF_ERROR(file_->readAt(8, header.data(), headerLength));
  auto json = parseJson(header);
  if (!json)
    return json.takeStatus();
  if (json->kind != JsonValue::Kind::Object)
    return makeStatus(StatusCode::InvalidArgument,
                      "safetensors header must be a JSON object");
  const uint64_t base = 8 + headerLength;
  const uint64_t dataSize = fileLength - base;
  uint64_t index = 0;
  for (size_t m = 0; m < json->memberNames.size(); ++m) {
    const std::string &name = json->memberNames[m];
    const JsonValue &value = json->memberValues[m];
    if (name == "__metadata__") {
      if (value.kind != JsonValue::Kind::Object)
        return makeStatus(StatusCode::InvalidArgument,
                          "safetensors __metadata__ must be an object of "
                          "string values");
      for (size_t k = 0; k < value.memberNames.size(); ++k) {
        const JsonValue &v = value.memberValues[k];
        if (v.kind != JsonValue::Kind::String)
          return makeStatus(
              StatusCode::InvalidArgument,
              "safetensors __metadata__ value of '%s' is not a string",
              printable(value.memberNames[k]).c_str());
        out_.fileMetadata.emplace_back(value.memberNames[k], v.text);
      }
      continue;
    }
    Status status = parseTensor(name, value, base, dataSize, index++);
    if (!status.isOk())
      return status;
  }

  // Overlaps and gaps between tensor ranges.
  std::vector<std::pair<uint64_t, uint64_t>> ranges; // (begin, end) relative
  ranges.reserve(out_.entries.size());
  for (const ParameterEntry &e : out_.entries)
    ranges.emplace_back(e.offset() - base, e.offset() - base + e.length());
  std::sort(ranges.begin(), ranges.end());
  uint64_t cursor = 0;
  bool gap = false, overlap = false;
  for (const auto &[b, e] : ranges) {
    if (b < cursor)
      overlap = true;
    else if (b > cursor)
      gap = true;
    cursor = std::max(cursor, e);
  }
  if (overlap)
    SLUICE_RETURN_IF_ERROR(soft("safetensors tensor data ranges overlap"));
  if (options_.strictSafetensors && (gap || cursor != dataSize))
    return makeStatus(
        StatusCode::InvalidArgument,
        "safetensors tensor data ranges do not tile the data "
        "section [0, %llu) exactly (--parameter_strict_safetensors)",
        (ull)dataSize);
  if (gap)
    out_.warnings.push_back("safetensors tensor data ranges leave gaps");
  return Status();
}

} // namespace

Expected<ParsedFile> parseSafetensorsFile(FileHandleRef file,
                                          const ParseOptions &options) {
  ParsedFile result;
  result.file = file;
  result.format = FileFormat::Safetensors;
  SafetensorsParser parser(file, options, result);
  Status status = parser.run();
  if (!status.isOk())
    return std::move(status).annotate(formatString(
        "while parsing safetensors file '%s'", file->displayName().c_str()));
  return result;
}

} // namespace sluice::runtime::archive
