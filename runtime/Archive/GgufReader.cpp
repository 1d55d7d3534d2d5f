//===- GgufReader.cpp - GGUF v2/v3 index parser
//-----------------------------===//
//
// irpa-format.md Part B (§8, §9 [SLUICE]). The header, KVs and tensor infos
// are read incrementally with positioned reads into a growable buffer capped
// by ParseOptions::indexMaxBytes. Every length is checked against the file
// before it is consumed.
//
//===----------------------------------------------------------------------===//

#include "sluice/Runtime/Archive/GgufReader.h"

#include "Bytes.h"

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace sluice::runtime::archive {

using namespace detail;

namespace {

using ull = unsigned long long;

constexpr uint32_t kGgufMagic = 0x46554747; // "GGUF"
constexpr uint32_t kMaxDims = 8;
constexpr int kMaxArrayDepth = 8;
constexpr uint64_t kDefaultAlignment = 32;

enum ValueType : uint32_t {
  kU8 = 0,
  kI8 = 1,
  kU16 = 2,
  kI16 = 3,
  kU32 = 4,
  kI32 = 5,
  kF32 = 6,
  kBool = 7,
  kString = 8,
  kArray = 9,
  kU64 = 10,
  kI64 = 11,
  kF64 = 12,
};

uint64_t scalarSize(uint32_t type) {
  switch (type) {
  case kU8:
  case kI8:
  case kBool:
    return 1;
  case kU16:
  case kI16:
    return 2;
  case kU32:
  case kI32:
  case kF32:
    return 4;
  case kU64:
  case kI64:
  case kF64:
    return 8;
  default:
    return 0;
  }
}

struct GgmlType {
  const char *name;
  uint32_t blockSize; // 0 = rejected (removed / unknown)
  uint32_t typeSize;
};

// The modern ggml numbering (irpa-format.md §8).
constexpr GgmlType kGgmlTypes[] = {
    {"F32", 1, 4},        {"F16", 1, 2},        {"Q4_0", 32, 18},
    {"Q4_1", 32, 20},     {"Q4_2", 0, 0},       {"Q4_3", 0, 0},
    {"Q5_0", 32, 22},     {"Q5_1", 32, 24},     {"Q8_0", 32, 34},
    {"Q8_1", 32, 36},     {"Q2_K", 256, 84},    {"Q3_K", 256, 110},
    {"Q4_K", 256, 144},   {"Q5_K", 256, 176},   {"Q6_K", 256, 210},
    {"Q8_K", 256, 292},   {"IQ2_XXS", 256, 66}, {"IQ2_XS", 256, 74},
    {"IQ3_XXS", 256, 98}, {"IQ1_S", 256, 50},   {"IQ4_NL", 32, 18},
    {"IQ3_S", 256, 110},  {"IQ2_S", 256, 82},   {"IQ4_XS", 256, 136},
    {"I8", 1, 1},         {"I16", 1, 2},        {"I32", 1, 4},
    {"I64", 1, 8},        {"F64", 1, 8},        {"IQ1_M", 256, 56},
    {"BF16", 1, 2},       {"Q4_0_4_4", 0, 0},   {"Q4_0_4_8", 0, 0},
    {"Q4_0_8_8", 0, 0},   {"TQ1_0", 256, 54},   {"TQ2_0", 256, 66},
    {"IQ4_NL_4_4", 0, 0}, {"IQ4_NL_4_8", 0, 0}, {"IQ4_NL_8_8", 0, 0},
    {"MXFP4", 32, 17},
};
constexpr uint32_t kGgmlTypeCount = sizeof(kGgmlTypes) / sizeof(kGgmlTypes[0]);

/// Sequential reader over the file prefix, growing a buffer on demand.
class Cursor {
public:
  Cursor(const FileHandle &file, uint64_t cap) : file_(file), cap_(cap) {}

  uint64_t pos() const { return pos_; }

  /// Ensures `n` bytes are available at the current position. The message
  /// starts with the reference's text (irpa-format.md §9: «file buffer
  /// underrun parsing %zu byte value» / «file buffer underrun parsing
  /// array»), followed by what was read and where.
  Status need(uint64_t n, const char *what) {
    uint64_t end;
    if (!checkedAdd(pos_, n, end) || end > file_.size()) {
      if (std::string_view(what) == "array")
        return makeStatus(StatusCode::OutOfRange,
                          "file buffer underrun parsing array (%llu bytes at "
                          "offset %llu, file size %llu)",
                          (ull)n, (ull)pos_, (ull)file_.size());
      return makeStatus(StatusCode::OutOfRange,
                        "file buffer underrun parsing %llu byte value (%s at "
                        "offset %llu, file size %llu)",
                        (ull)n, what, (ull)pos_, (ull)file_.size());
    }
    if (end <= buffer_.size())
      return Status();
    if (end > cap_)
      return makeStatus(StatusCode::ResourceExhausted,
                        "GGUF header exceeds --parameter_index_max_bytes=%llu "
                        "(needs at least %llu bytes)",
                        (ull)cap_, (ull)end);
    uint64_t target = std::max<uint64_t>(end, buffer_.size() * 2);
    target = std::max<uint64_t>(target, 64 * 1024);
    target = std::min<uint64_t>({target, file_.size(), cap_});
    size_t old = buffer_.size();
    buffer_.resize(target);
    return file_.readAt(old, buffer_.data() + old, target - old);
  }
  Status skip(uint64_t n, const char *what) {
    SLUICE_RETURN_IF_ERROR(need(n, what));
    pos_ += n;
    return Status();
  }
  Status u32(uint32_t &v, const char *what) {
    SLUICE_RETURN_IF_ERROR(need(4, what));
    v = load32(buffer_.data() + pos_);
    pos_ += 4;
    return Status();
  }
  Status u64(uint64_t &v, const char *what) {
    SLUICE_RETURN_IF_ERROR(need(8, what));
    v = load64(buffer_.data() + pos_);
    pos_ += 8;
    return Status();
  }
  Status bytes(uint64_t n, std::string &out, const char *what) {
    SLUICE_RETURN_IF_ERROR(need(n, what));
    out.assign(buffer_.data() + pos_, (size_t)n);
    pos_ += n;
    return Status();
  }
  Status string(std::string &out, const char *what) {
    uint64_t length;
    SLUICE_RETURN_IF_ERROR(u64(length, what));
    return bytes(length, out, what);
  }
  const char *at(uint64_t offset) const { return buffer_.data() + offset; }

private:
  const FileHandle &file_;
  uint64_t cap_;
  std::string buffer_;
  uint64_t pos_ = 0;
};

std::string renderScalar(uint32_t type, const char *p) {
  switch (type) {
  case kU8:
    return std::to_string((uint8_t)p[0]);
  case kI8:
    return std::to_string((int8_t)p[0]);
  case kU16:
    return std::to_string(load16(p));
  case kI16:
    return std::to_string((int16_t)load16(p));
  case kU32:
    return std::to_string(load32(p));
  case kI32:
    return std::to_string((int32_t)load32(p));
  case kU64:
    return std::to_string(load64(p));
  case kI64:
    return std::to_string((int64_t)load64(p));
  case kBool:
    return p[0] ? "true" : "false";
  case kF32: {
    float f;
    std::memcpy(&f, p, 4);
    return formatString("%g", f);
  }
  case kF64: {
    double d;
    std::memcpy(&d, p, 8);
    return formatString("%g", d);
  }
  default:
    return "?";
  }
}

class GgufParser {
public:
  GgufParser(FileHandleRef file, const ParseOptions &options, ParsedFile &out)
      : file_(std::move(file)), out_(out),
        cursor_(*file_, options.indexMaxBytes) {}
  Status run();

private:
  Status parseValue(uint32_t type, int depth, std::string *rendered);
  FileHandleRef file_;
  ParsedFile &out_;
  Cursor cursor_;
};

Status GgufParser::parseValue(uint32_t type, int depth, std::string *rendered) {
  if (type == kString) {
    std::string s;
    SLUICE_RETURN_IF_ERROR(cursor_.string(s, "string value"));
    if (rendered)
      *rendered = "\"" + printable(s) + "\"";
    return Status();
  }
  if (type == kArray) {
    if (depth >= kMaxArrayDepth)
      return makeStatus(StatusCode::InvalidArgument,
                        "GGUF arrays nested deeper than %d levels",
                        kMaxArrayDepth);
    uint32_t elementType;
    uint64_t count;
    SLUICE_RETURN_IF_ERROR(cursor_.u32(elementType, "array"));
    SLUICE_RETURN_IF_ERROR(cursor_.u64(count, "array"));
    if (uint64_t size = scalarSize(elementType)) {
      uint64_t total;
      if (!checkedMul(size, count, total))
        return makeStatus(StatusCode::OutOfRange,
                          "file buffer underrun parsing array (%llu elements "
                          "of %llu bytes)",
                          (ull)count, (ull)size);
      uint64_t start = cursor_.pos();
      SLUICE_RETURN_IF_ERROR(cursor_.skip(total, "array"));
      if (rendered) {
        *rendered = "[";
        for (uint64_t i = 0; i < count && i < 8; ++i)
          *rendered += (i ? ", " : "") +
                       renderScalar(elementType, cursor_.at(start + i * size));
        *rendered += count > 8
                         ? formatString(", ... (%llu elements)]", (ull)count)
                         : "]";
      }
      return Status();
    }
    if (elementType != kString && elementType != kArray)
      return makeStatus(StatusCode::InvalidArgument,
                        "unsupported metadata value type %u", elementType);
    if (rendered)
      *rendered = "[";
    // Every element consumes at least 8 bytes, so this loop is bounded by
    // the file size even for absurd counts.
    for (uint64_t i = 0; i < count; ++i) {
      std::string element;
      SLUICE_RETURN_IF_ERROR(parseValue(
          elementType, depth + 1, rendered && i < 8 ? &element : nullptr));
      if (rendered && i < 8)
        *rendered += (i ? ", " : "") + element;
    }
    if (rendered)
      *rendered +=
          count > 8 ? formatString(", ... (%llu elements)]", (ull)count) : "]";
    return Status();
  }
  uint64_t size = scalarSize(type);
  if (size == 0)
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported metadata value type %u", type);
  uint64_t start = cursor_.pos();
  SLUICE_RETURN_IF_ERROR(cursor_.skip(size, "scalar value"));
  if (rendered)
    *rendered = renderScalar(type, cursor_.at(start));
  return Status();
}

Status GgufParser::run() {
  uint32_t magic, version;
  if (file_->size() < 8 || !cursor_.u32(magic, "magic").isOk())
    return makeStatus(StatusCode::InvalidArgument,
                      "GGUF file too small for a header (%llu bytes)",
                      (ull)file_->size());
  if (magic != kGgufMagic)
    return makeStatus(StatusCode::InvalidArgument,
                      "GGUF file magic missing or invalid %08X; expected %08X",
                      magic, kGgufMagic);
  SLUICE_RETURN_IF_ERROR(cursor_.u32(version, "version"));
  if (version == 0x02000000 || version == 0x03000000)
    return makeStatus(StatusCode::Unimplemented,
                      "big-endian GGUF files are not supported");
  if (version != 2 && version != 3)
    return makeStatus(
        StatusCode::Unimplemented,
        "GGUF format version %u is unsupported; expected version 2-3", version);
  uint64_t tensorCount, kvCount;
  SLUICE_RETURN_IF_ERROR(cursor_.u64(tensorCount, "tensor count"));
  SLUICE_RETURN_IF_ERROR(cursor_.u64(kvCount, "metadata KV count"));

  uint64_t alignment = kDefaultAlignment;
  for (uint64_t i = 0; i < kvCount; ++i) {
    std::string key;
    uint32_t type;
    Status status = cursor_.string(key, "metadata key");
    if (status.isOk())
      status = cursor_.u32(type, "metadata value type");
    std::string rendered;
    if (status.isOk())
      status = parseValue(type, 0, &rendered);
    if (status.isOk() && key == "general.alignment") {
      if (type != kU32)
        status = makeStatus(StatusCode::InvalidArgument,
                            "general.alignment metadata value must be uint32");
      else if ((alignment = load32(cursor_.at(cursor_.pos() - 4))) == 0)
        status = makeStatus(StatusCode::InvalidArgument,
                            "general.alignment must be non-zero");
      else if (!isPow2(alignment))
        out_.warnings.push_back(formatString(
            "general.alignment %llu is not a power of two", (ull)alignment));
    }
    if (!status.isOk())
      return std::move(status).annotate(
          formatString("while parsing metadata KV %llu", (ull)i));
    out_.fileMetadata.emplace_back(std::move(key), std::move(rendered));
  }

  struct Info {
    std::string name;
    std::vector<uint64_t> dims;
    uint32_t type;
    uint64_t offset;
  };
  std::vector<Info> infos;
  for (uint64_t i = 0; i < tensorCount; ++i) {
    Info info;
    uint32_t nDims;
    Status status = cursor_.string(info.name, "tensor name");
    if (status.isOk())
      status = cursor_.u32(nDims, "tensor dims");
    if (status.isOk() && nDims > kMaxDims)
      status = makeStatus(StatusCode::InvalidArgument,
                          "tensor '%s' has %u dims (max 8)",
                          printable(info.name).c_str(), nDims);
    for (uint32_t d = 0; status.isOk() && d < nDims; ++d) {
      uint64_t dim;
      status = cursor_.u64(dim, "tensor dims");
      info.dims.push_back(dim);
    }
    if (status.isOk())
      status = cursor_.u32(info.type, "tensor type");
    if (status.isOk())
      status = cursor_.u64(info.offset, "tensor offset");
    if (!status.isOk())
      return std::move(status).annotate(
          formatString("while parsing tensor info %llu", (ull)i));
    infos.push_back(std::move(info));
  }

  uint64_t dataOffset;
  if (!checkedAlignUp(cursor_.pos(), alignment, dataOffset))
    dataOffset = UINT64_MAX;
  uint64_t available =
      dataOffset <= file_->size() ? file_->size() - dataOffset : 0;

  for (uint64_t i = 0; i < infos.size(); ++i) {
    const Info &info = infos[i];
    auto fail = [&](Status status) {
      return std::move(status).annotate(
          formatString("while resolving tensor %llu '%s'", (ull)i,
                       printable(info.name).c_str()));
    };
    if (info.type >= kGgmlTypeCount || kGgmlTypes[info.type].blockSize == 0)
      return fail(makeStatus(StatusCode::Unimplemented,
                             "GGML tensor type %u not supported", info.type));
    const GgmlType &type = kGgmlTypes[info.type];
    uint64_t elements = 1;
    for (uint64_t dim : info.dims)
      if (!checkedMul(elements, dim, elements))
        return fail(makeStatus(StatusCode::InvalidArgument,
                               "tensor '%s' element count overflows",
                               printable(info.name).c_str()));
    if (elements % type.blockSize)
      return fail(makeStatus(StatusCode::InvalidArgument,
                             "tensor '%s' has %llu elements, not a multiple of "
                             "the %s block size %u",
                             printable(info.name).c_str(), (ull)elements,
                             type.name, type.blockSize));
    uint64_t length;
    if (!checkedMul(elements / type.blockSize, type.typeSize, length))
      return fail(makeStatus(StatusCode::InvalidArgument,
                             "tensor '%s' byte length overflows",
                             printable(info.name).c_str()));
    uint64_t end;
    if (!checkedAdd(info.offset, length, end) || end > available)
      return fail(makeStatus(
          StatusCode::InvalidArgument,
          "entry has data offsets outside of the available "
          "data (begin=%llu, end=%llu, available=%llu)",
          (ull)info.offset,
          (ull)(checkedAdd(info.offset, length, end) ? end : UINT64_MAX),
          (ull)available));
    EntrySpec entry;
    entry.key = info.name;
    entry.length = length;
    entry.type = EntryType::File;
    entry.file = file_;
    entry.offset = dataOffset + info.offset;
    entry.requiredAlignment = alignment;
    entry.source = file_;
    entry.sourceFormat = FileFormat::Gguf;
    entry.sourceEntryIndex = i;
    if (info.offset % alignment) {
      entry.aligned = false;
      out_.warnings.push_back(formatString(
          "tensor '%s' offset %llu is not a multiple of the file alignment "
          "%llu; zero-copy import disabled",
          printable(info.name).c_str(), (ull)info.offset, (ull)alignment));
    }
    TensorInfoRecord tensorInfo;
    tensorInfo.dtype = type.name;
    tensorInfo.dims.assign(info.dims.rbegin(), info.dims.rend());
    entry.headerTensorInfo = &tensorInfo;
    SLUICE_RETURN_IF_ERROR(fail(out_.entries.add(entry)));
  }
  // Duplicate tensor names: a warning (lookup returns the first).
  if (out_.entries.size() > 1) {
    std::unordered_map<std::string_view, size_t> seen;
    for (const ParameterEntry &entry : out_.entries)
      if (!seen.emplace(entry.key(), 0).second)
        out_.warnings.push_back(formatString(
            "duplicate tensor name '%s' in GGUF file; the first is used",
            printable(entry.key()).c_str()));
  }
  return Status();
}

} // namespace

Expected<ParsedFile> parseGgufFile(FileHandleRef file,
                                   const ParseOptions &options) {
  ParsedFile result;
  result.file = file;
  result.format = FileFormat::Gguf;
  GgufParser parser(file, options, result);
  Status status = parser.run();
  if (!status.isOk())
    return std::move(status).annotate(formatString(
        "while parsing GGUF file '%s'", file->displayName().c_str()));
  return result;
}

} // namespace sluice::runtime::archive
