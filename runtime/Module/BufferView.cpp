//===- BufferView.cpp - Buffer views: create, assert, format, parse -------===//

#include "BufferView.h"

#include "sluice/Runtime/Archive/HalfFloat.h"
#include "sluice/Runtime/Core/Memory.h"

#include <cerrno>
#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <new>
#include <vector>

namespace sluice::runtime::module {

namespace {

// Numerical types (bits 24..31 of an element type).
constexpr uint32_t kOpaque = 0x00;
constexpr uint32_t kInteger = 0x10;
constexpr uint32_t kSigned = 0x11;
constexpr uint32_t kUnsigned = 0x12;
constexpr uint32_t kBoolean = 0x13;
constexpr uint32_t kFloat = 0x21;
constexpr uint32_t kBFloat = 0x22;
constexpr uint32_t kComplex = 0x23;

constexpr uint32_t encode(uint32_t numerical, uint32_t bits) {
  return (numerical << 24) | bits;
}

bool isIntegerClass(uint32_t numerical) {
  return numerical == kInteger || numerical == kSigned ||
         numerical == kUnsigned;
}

/// Byte view of a committed buffer.
Expected<uint8_t *> hostBytes(sluice_buffer_t *buffer) {
  uint8_t *data = buffer->buffer->hostData();
  if (!data && buffer->buffer->byteLength())
    return Status(StatusCode::FailedPrecondition,
                  "buffer storage is not committed (alloca not yet executed, "
                  "or deallocated)");
  return data;
}

Expected<uint64_t> elementCount(uint32_t rank, const int64_t *shape) {
  uint64_t count = 1;
  for (uint32_t i = 0; i < rank; ++i) {
    if (shape[i] < 0)
      return makeStatus(StatusCode::InvalidArgument,
                        "buffer view dimension %u is negative (%" PRId64 ")", i,
                        shape[i]);
    if (__builtin_mul_overflow(count, (uint64_t)shape[i], &count))
      return Status(StatusCode::OutOfRange,
                    "buffer view element count overflows");
  }
  return count;
}

Expected<uint64_t> denseByteSize(uint32_t elementType, uint32_t rank,
                                 const int64_t *shape) {
  Expected<uint64_t> count = elementCount(rank, shape);
  if (!count)
    return count;
  uint64_t bytes;
  if (__builtin_mul_overflow(*count, elementByteSize(elementType), &bytes))
    return Status(StatusCode::OutOfRange, "buffer view byte size overflows");
  return bytes;
}

void formatElement(std::string &out, uint32_t elementType, const uint8_t *p) {
  char text[64];
  uint32_t numerical = elementNumericalType(elementType);
  uint32_t bits = elementBits(elementType);
  auto load = [&](auto value) {
    std::memcpy(&value, p, sizeof(value));
    return value;
  };
  switch (numerical) {
  case kBoolean:
    std::snprintf(text, sizeof(text), "%d", p[0] ? 1 : 0);
    break;
  case kInteger:
  case kSigned:
    if (bits == 8)
      std::snprintf(text, sizeof(text), "%" PRId8, load(int8_t()));
    else if (bits == 16)
      std::snprintf(text, sizeof(text), "%" PRId16, load(int16_t()));
    else if (bits == 32)
      std::snprintf(text, sizeof(text), "%" PRId32, load(int32_t()));
    else
      std::snprintf(text, sizeof(text), "%" PRId64, load(int64_t()));
    break;
  case kUnsigned:
    if (bits == 8)
      std::snprintf(text, sizeof(text), "%" PRIu8, load(uint8_t()));
    else if (bits == 16)
      std::snprintf(text, sizeof(text), "%" PRIu16, load(uint16_t()));
    else if (bits == 32)
      std::snprintf(text, sizeof(text), "%" PRIu32, load(uint32_t()));
    else
      std::snprintf(text, sizeof(text), "%" PRIu64, load(uint64_t()));
    break;
  case kFloat:
    if (bits == 16)
      std::snprintf(text, sizeof(text), "%G",
                    (double)halfToFloat(load(uint16_t())));
    else if (bits == 32)
      std::snprintf(text, sizeof(text), "%G", (double)load(float()));
    else
      std::snprintf(text, sizeof(text), "%G", load(double()));
    break;
  default: // kBFloat (checked by the caller)
    std::snprintf(text, sizeof(text), "%G",
                  (double)bf16ToFloat(load(uint16_t())));
    break;
  }
  out += text;
}

bool formattable(uint32_t elementType) {
  uint32_t numerical = elementNumericalType(elementType);
  uint32_t bits = elementBits(elementType);
  switch (numerical) {
  case kBoolean:
    return bits == 8;
  case kInteger:
  case kSigned:
  case kUnsigned:
    return bits == 8 || bits == 16 || bits == 32 || bits == 64;
  case kFloat:
    return bits == 16 || bits == 32 || bits == 64;
  case kBFloat:
    return bits == 16;
  default:
    return false;
  }
}

/// Leaves print up to the remaining budget, then "..." (the budget is shared
/// by the whole view, as iree-run-module does).
void formatRecursive(std::string &out, const uint8_t *data,
                     uint32_t elementType, uint64_t elementSize,
                     const int64_t *shape, uint32_t rank, size_t &budget) {
  if (rank > 1) {
    uint64_t inner = 1;
    for (uint32_t i = 1; i < rank; ++i)
      inner *= (uint64_t)shape[i];
    for (int64_t i = 0; i < shape[0]; ++i) {
      out += '[';
      formatRecursive(out, data + (uint64_t)i * inner * elementSize,
                      elementType, elementSize, shape + 1, rank - 1, budget);
      out += ']';
    }
    return;
  }
  uint64_t length = rank == 0 ? 1 : (uint64_t)shape[0];
  uint64_t count = std::min<uint64_t>(budget, length);
  for (uint64_t i = 0; i < count; ++i) {
    if (i)
      out += ' ';
    formatElement(out, elementType, data + i * elementSize);
  }
  if (count < length)
    out += "...";
  budget -= count;
}

/// Parses one number of `elementType` into `out` (elementByteSize bytes).
bool parseElement(std::string_view token, uint32_t elementType, uint8_t *out) {
  std::string text(token);
  const char *begin = text.c_str();
  char *end = nullptr;
  errno = 0;
  uint32_t numerical = elementNumericalType(elementType);
  uint32_t bits = elementBits(elementType);
  if (numerical == kFloat || numerical == kBFloat) {
    double value = std::strtod(begin, &end);
    if (end == begin || *end || errno == ERANGE)
      return false;
    if (bits == 64) {
      std::memcpy(out, &value, 8);
    } else if (bits == 32) {
      float f = (float)value;
      std::memcpy(out, &f, 4);
    } else {
      uint16_t h = numerical == kBFloat ? floatToBf16((float)value)
                                        : floatToHalf((float)value);
      std::memcpy(out, &h, 2);
    }
    return true;
  }
  if (numerical == kBoolean) {
    if (text == "true" || text == "1") {
      out[0] = 1;
      return true;
    }
    if (text == "false" || text == "0") {
      out[0] = 0;
      return true;
    }
    return false;
  }
  uint64_t raw;
  if (numerical == kUnsigned || (begin[0] != '-' && numerical != kSigned)) {
    // Signless integers accept the full unsigned range too (0xFF for i8).
    if (begin[0] == '-' && numerical == kUnsigned)
      return false;
    unsigned long long v = std::strtoull(begin, &end, 0);
    if (end == begin || *end || errno == ERANGE)
      return false;
    if (bits < 64 && v >> bits)
      return false;
    raw = v;
  } else {
    long long v = std::strtoll(begin, &end, 0);
    if (end == begin || *end || errno == ERANGE)
      return false;
    if (bits < 64) {
      long long lo = -(1ll << (bits - 1)), hi = (1ll << (bits - 1)) - 1;
      if (v < lo || v > hi)
        return false;
    }
    raw = (uint64_t)v;
  }
  std::memcpy(out, &raw, bits / 8); // little endian
  return true;
}

} // namespace

uint32_t elementBits(uint32_t elementType) { return elementType & 0xFF; }
uint32_t elementNumericalType(uint32_t elementType) {
  return (elementType >> 24) & 0xFF;
}
uint64_t elementByteSize(uint32_t elementType) {
  return (elementBits(elementType) + 7) / 8;
}

std::string elementTypeName(uint32_t elementType) {
  uint32_t numerical = elementNumericalType(elementType);
  uint32_t bits = elementBits(elementType);
  std::string b = std::to_string(bits);
  switch (numerical) {
  case kOpaque:
    return "opaque" + b;
  case kInteger:
    return "i" + b;
  case kSigned:
    return "si" + b;
  case kUnsigned:
    return "ui" + b;
  case kBoolean:
    return "i1";
  case kFloat:
    return "f" + b;
  case kBFloat:
    return "bf16";
  case kComplex:
    return "complex<f" + std::to_string(bits / 2) + ">";
  case 0x24:
    return "f8E5M2";
  case 0x25:
    return "f8E4M3FN";
  case 0x26:
    return "f8E5M2FNUZ";
  case 0x27:
    return "f8E4M3FNUZ";
  case 0x28:
    return "f8E8M0FNU";
  default: {
    char text[32];
    std::snprintf(text, sizeof(text), "unknown(0x%08X)", elementType);
    return text;
  }
  }
}

uint32_t elementTypeFromName(std::string_view name) {
  struct Entry {
    const char *name;
    uint32_t type;
  };
  static const Entry entries[] = {
      {"i1", encode(kBoolean, 8)},     {"i8", encode(kInteger, 8)},
      {"i16", encode(kInteger, 16)},   {"i32", encode(kInteger, 32)},
      {"i64", encode(kInteger, 64)},   {"si8", encode(kSigned, 8)},
      {"si16", encode(kSigned, 16)},   {"si32", encode(kSigned, 32)},
      {"si64", encode(kSigned, 64)},   {"ui8", encode(kUnsigned, 8)},
      {"ui16", encode(kUnsigned, 16)}, {"ui32", encode(kUnsigned, 32)},
      {"ui64", encode(kUnsigned, 64)}, {"f16", encode(kFloat, 16)},
      {"bf16", encode(kBFloat, 16)},   {"f32", encode(kFloat, 32)},
      {"f64", encode(kFloat, 64)},
  };
  for (const Entry &e : entries)
    if (name == e.name)
      return e.type;
  return 0;
}

std::string shapeString(uint32_t rank, const int64_t *shape) {
  std::string out;
  for (uint32_t i = 0; i < rank; ++i) {
    if (i)
      out += 'x';
    out += std::to_string(shape[i]);
  }
  return out;
}

Expected<sluice_buffer_view_t *>
createView(sluice_buffer_t *buffer, uint32_t elementType, uint32_t encodingType,
           uint32_t rank, const int64_t *shape) {
  if (!buffer)
    return Status(StatusCode::InvalidArgument,
                  "cannot create a buffer view of a null buffer");
  if (rank > SLUICE_BUFFER_VIEW_MAX_RANK)
    return makeStatus(StatusCode::InvalidArgument,
                      "buffer view rank %u exceeds 16", rank);
  if (rank && !shape)
    return Status(StatusCode::InvalidArgument, "buffer view shape is NULL");
  Expected<uint64_t> bytes = denseByteSize(elementType, rank, shape);
  if (!bytes)
    return bytes.takeStatus();
  uint64_t length = buffer->abi.byte_length;
  if (*bytes > length)
    return makeStatus(
        StatusCode::InvalidArgument,
        "buffer of %llu bytes is too small for a %sx%s view "
        "(%llu bytes)",
        (unsigned long long)length, shapeString(rank, shape).c_str(),
        elementTypeName(elementType).c_str(), (unsigned long long)*bytes);
  void *memory =
      std::malloc(sizeof(sluice_buffer_view_abi_t) + sizeof(int64_t) * rank);
  if (!memory)
    return Status(StatusCode::ResourceExhausted,
                  "out of memory for a buffer view");
  auto *view = new (memory) sluice_buffer_view_abi_t;
  view->header = {1, SLUICE_REF_TYPE_BUFFER_VIEW};
  capi::retainRef(buffer);
  view->buffer = buffer;
  view->element_type = elementType;
  view->encoding_type = encodingType;
  view->rank = rank;
  view->reserved = 0;
  for (uint32_t i = 0; i < rank; ++i)
    view->shape[i] = shape[i];
  return reinterpret_cast<sluice_buffer_view_t *>(view);
}

void destroyView(sluice_buffer_view_t *view) {
  sluice_buffer_view_abi_t *abi = abiOf(view);
  if (capi::dropRef(abi->buffer))
    capi::destroyCoreRef(abi->buffer);
  std::free(abi);
}

Status assertView(sluice_buffer_view_t *view, std::string_view message,
                  uint32_t elementType, uint32_t encodingType, uint32_t rank,
                  const int64_t *shape) {
  std::string msg(message);
  if (!view)
    return makeStatus(StatusCode::InvalidArgument, "%s buffer view is null",
                      msg.c_str());
  const sluice_buffer_view_abi_t *v = abiOf(view);
  // Opaque (0) encodings and element types match anything.
  if (encodingType && v->encoding_type && encodingType != v->encoding_type)
    return makeStatus(StatusCode::InvalidArgument,
                      "%s encoding mismatch; expected %08X but have %08X",
                      msg.c_str(), encodingType, v->encoding_type);
  uint32_t expectedNum = elementNumericalType(elementType);
  uint32_t actualNum = elementNumericalType(v->element_type);
  bool elementsMatch =
      elementType == v->element_type || expectedNum == kOpaque ||
      actualNum == kOpaque ||
      (isIntegerClass(expectedNum) && isIntegerClass(actualNum) &&
       elementBits(elementType) == elementBits(v->element_type));
  if (!elementsMatch)
    return makeStatus(StatusCode::InvalidArgument,
                      "%s element type mismatch; expected %s (%08X) but have "
                      "%s (%08X)",
                      msg.c_str(), elementTypeName(elementType).c_str(),
                      elementType, elementTypeName(v->element_type).c_str(),
                      v->element_type);
  auto shapeNote = [&] {
    return "expected shape `" + shapeString(rank, shape) + "`, actual shape `" +
           shapeString(v->rank, v->shape) + "`";
  };
  if (rank != v->rank)
    return makeStatus(StatusCode::InvalidArgument,
                      "%s shape rank mismatch; expected %u%s but have %u%s",
                      msg.c_str(), rank, rank ? "" : " (scalar)", v->rank,
                      v->rank ? "" : " (scalar)")
        .annotate(shapeNote());
  for (uint32_t i = 0; i < rank; ++i)
    if (shape[i] != v->shape[i])
      return makeStatus(StatusCode::InvalidArgument,
                        "%s shape dimension %u mismatch; expected %" PRId64
                        " but have %" PRId64,
                        msg.c_str(), i, shape[i], v->shape[i])
          .annotate(shapeNote());
  return Status();
}

Status assertBuffer(sluice_buffer_t *buffer, std::string_view message,
                    uint64_t minimumLength, uint32_t memoryType,
                    uint32_t usage) {
  std::string msg(message);
  if (!buffer)
    return makeStatus(StatusCode::InvalidArgument, "%s buffer is null",
                      msg.c_str());
  const sluice_buffer_abi_t &b = buffer->abi;
  if (b.byte_length < minimumLength)
    return makeStatus(StatusCode::InvalidArgument,
                      "%s buffer byte length %llu less than expected minimum "
                      "%llu",
                      msg.c_str(), (unsigned long long)b.byte_length,
                      (unsigned long long)minimumLength);
  if ((b.memory_type & memoryType) != memoryType)
    return makeStatus(StatusCode::PermissionDenied,
                      "%s buffer memory type is not compatible; buffer has "
                      "%s, operation requires %s",
                      msg.c_str(), memoryTypeToString(b.memory_type).c_str(),
                      memoryTypeToString(memoryType).c_str());
  if ((b.usage & usage) != usage)
    return makeStatus(StatusCode::PermissionDenied,
                      "%s requested usage was not specified when the buffer "
                      "was allocated; buffer allows %s, operation requires %s",
                      msg.c_str(), bufferUsageToString(b.usage).c_str(),
                      bufferUsageToString(usage).c_str());
  return Status();
}

Expected<std::string> formatView(sluice_buffer_view_t *view,
                                 size_t maxElements) {
  if (!view)
    return Status(StatusCode::InvalidArgument,
                  "cannot format a null buffer view");
  const sluice_buffer_view_abi_t *v = abiOf(view);
  if (!formattable(v->element_type))
    return makeStatus(StatusCode::Unimplemented,
                      "cannot format elements of type %s",
                      elementTypeName(v->element_type).c_str());
  Expected<uint8_t *> data = hostBytes(v->buffer);
  if (!data)
    return data.takeStatus();
  std::string out;
  for (uint32_t i = 0; i < v->rank; ++i)
    out += std::to_string(v->shape[i]) + "x";
  out += elementTypeName(v->element_type);
  out += '=';
  size_t budget = maxElements;
  formatRecursive(out, *data, v->element_type, elementByteSize(v->element_type),
                  v->shape, v->rank, budget);
  return out;
}

Expected<sluice_buffer_view_t *>
allocateView(Device &device, uint32_t elementType, uint32_t rank,
             const int64_t *shape, const void *data, size_t dataLength) {
  if (rank > SLUICE_BUFFER_VIEW_MAX_RANK)
    return makeStatus(StatusCode::InvalidArgument,
                      "buffer view rank %u exceeds 16", rank);
  if (rank && !shape)
    return Status(StatusCode::InvalidArgument, "buffer view shape is NULL");
  Expected<uint64_t> bytes = denseByteSize(elementType, rank, shape);
  if (!bytes)
    return bytes.takeStatus();
  if (data && dataLength != *bytes)
    return makeStatus(StatusCode::InvalidArgument,
                      "%zu bytes of data given for a %sx%s view of %llu bytes",
                      dataLength, shapeString(rank, shape).c_str(),
                      elementTypeName(elementType).c_str(),
                      (unsigned long long)*bytes);
  BufferParams params;
  params.memoryType = memory_type::DeviceLocal | memory_type::HostVisible;
  params.usage = buffer_usage::Transfer | buffer_usage::DispatchStorage |
                 buffer_usage::Mapping;
  Expected<BufferRef> buffer = device.allocator().allocate(params, *bytes);
  if (!buffer)
    return buffer.takeStatus();
  uint8_t *host = (*buffer)->hostData();
  if (*bytes) {
    if (data)
      std::memcpy(host, data, *bytes);
    else
      std::memset(host, 0, *bytes);
  }
  sluice_buffer_t *handle = capi::wrapBuffer(std::move(*buffer));
  Expected<sluice_buffer_view_t *> view = createView(
      handle, elementType, SLUICE_ENCODING_TYPE_DENSE_ROW_MAJOR, rank, shape);
  if (capi::dropRef(handle)) // the view holds the only reference now
    capi::destroyCoreRef(handle);
  return view;
}

Expected<sluice_buffer_view_t *> parseView(Device &device,
                                           std::string_view text) {
  size_t eq = text.find('=');
  if (eq == std::string_view::npos)
    return Status(StatusCode::InvalidArgument,
                  "expected '<shape>x<element type>=<values>'");
  std::string_view head = text.substr(0, eq);
  std::string_view body = text.substr(eq + 1);
  std::vector<int64_t> shape;
  std::string_view elementName = head;
  for (size_t x; (x = elementName.find('x')) != std::string_view::npos;) {
    std::string_view dim = elementName.substr(0, x);
    // Element names have no digits-only prefix: "2x3xf32" splits at 'x'.
    if (dim.empty() ||
        dim.find_first_not_of("0123456789") != std::string_view::npos)
      break;
    shape.push_back(std::strtoll(std::string(dim).c_str(), nullptr, 10));
    elementName = elementName.substr(x + 1);
  }
  uint32_t elementType = elementTypeFromName(elementName);
  if (!elementType)
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported element type '%s'",
                      std::string(elementName).c_str());
  uint32_t rank = (uint32_t)shape.size();
  Expected<uint64_t> count = elementCount(rank, shape.data());
  if (!count)
    return count.takeStatus();
  uint64_t elementSize = elementByteSize(elementType);
  std::vector<uint8_t> bytes;
  if (!body.empty() && body[0] == '@') {
    std::string path(body.substr(1));
    std::ifstream file(path, std::ios::binary);
    if (!file)
      return makeStatus(StatusCode::NotFound, "cannot open raw data file '%s'",
                        path.c_str());
    bytes.assign(std::istreambuf_iterator<char>(file),
                 std::istreambuf_iterator<char>());
    if (bytes.size() != *count * elementSize)
      return makeStatus(StatusCode::InvalidArgument,
                        "raw data file '%s' has %zu bytes; expected %llu",
                        path.c_str(), bytes.size(),
                        (unsigned long long)(*count * elementSize));
  } else {
    std::vector<std::string_view> tokens;
    size_t i = 0;
    auto isSep = [](char c) {
      return c == ',' || c == ' ' || c == '[' || c == ']';
    };
    while (i < body.size()) {
      while (i < body.size() && isSep(body[i]))
        ++i;
      size_t start = i;
      while (i < body.size() && !isSep(body[i]))
        ++i;
      if (i > start)
        tokens.push_back(body.substr(start, i - start));
    }
    if (tokens.size() != *count && tokens.size() != 1)
      return makeStatus(StatusCode::InvalidArgument,
                        "expected %llu values for shape %s but got %zu",
                        (unsigned long long)*count,
                        shapeString(rank, shape.data()).c_str(), tokens.size());
    bytes.resize(*count * elementSize);
    std::vector<uint8_t> element(elementSize);
    for (size_t t = 0; t < tokens.size(); ++t)
      if (!parseElement(tokens[t], elementType, element.data()))
        return makeStatus(StatusCode::InvalidArgument,
                          "cannot parse '%s' as %s",
                          std::string(tokens[t]).c_str(),
                          elementTypeName(elementType).c_str());
      else if (tokens.size() == 1)
        for (uint64_t e = 0; e < *count; ++e)
          std::memcpy(bytes.data() + e * elementSize, element.data(),
                      elementSize);
      else
        std::memcpy(bytes.data() + t * elementSize, element.data(),
                    elementSize);
  }
  return allocateView(device, elementType, rank, shape.data(), bytes.data(),
                      bytes.size());
}

} // namespace sluice::runtime::module

//===----------------------------------------------------------------------===//
// C API (Module/Api.h)
//===----------------------------------------------------------------------===//

using namespace sluice::runtime;
using namespace sluice::runtime::module;

extern "C" {

sluice_status_t sluice_buffer_view_create(sluice_buffer_t *b,
                                          uint32_t element_type, uint32_t rank,
                                          const int64_t *shape,
                                          sluice_buffer_view_t **out) {
  if (!out)
    return capi::wrap(Status(StatusCode::InvalidArgument, "out is NULL"));
  *out = nullptr;
  Expected<sluice_buffer_view_t *> view = createView(
      b, element_type, SLUICE_ENCODING_TYPE_DENSE_ROW_MAJOR, rank, shape);
  if (!view)
    return capi::wrap(view.takeStatus());
  *out = *view;
  return nullptr;
}

sluice_status_t sluice_buffer_view_allocate(sluice_device_t *d,
                                            uint32_t element_type,
                                            uint32_t rank, const int64_t *shape,
                                            const void *data,
                                            size_t data_length,
                                            sluice_buffer_view_t **out) {
  if (!d || !out)
    return capi::wrap(
        Status(StatusCode::InvalidArgument, "device or out is NULL"));
  *out = nullptr;
  Expected<sluice_buffer_view_t *> view =
      allocateView(*d->device, element_type, rank, shape, data, data_length);
  if (!view)
    return capi::wrap(view.takeStatus());
  *out = *view;
  return nullptr;
}

sluice_status_t sluice_buffer_view_parse(sluice_device_t *d, const char *text,
                                         sluice_buffer_view_t **out) {
  if (!d || !text || !out)
    return capi::wrap(
        Status(StatusCode::InvalidArgument, "device, text or out is NULL"));
  *out = nullptr;
  Expected<sluice_buffer_view_t *> view = parseView(*d->device, text);
  if (!view)
    return capi::wrap(view.takeStatus());
  *out = *view;
  return nullptr;
}

sluice_status_t sluice_buffer_view_format(sluice_buffer_view_t *v,
                                          size_t max_elements, char *buffer,
                                          size_t capacity, size_t *out_length) {
  Expected<std::string> text = formatView(v, max_elements);
  if (!text)
    return capi::wrap(text.takeStatus());
  if (out_length)
    *out_length = text->size();
  if (capacity) {
    size_t n = std::min(capacity - 1, text->size());
    std::memcpy(buffer, text->data(), n);
    buffer[n] = 0;
  }
  if (text->size() + 1 > capacity)
    return capi::wrap(makeStatus(StatusCode::ResourceExhausted,
                                 "formatted buffer view needs %zu bytes",
                                 text->size() + 1));
  return nullptr;
}

void sluice_buffer_view_retain(sluice_buffer_view_t *v) { capi::retainRef(v); }
void sluice_buffer_view_release(sluice_buffer_view_t *v) {
  if (capi::dropRef(v))
    destroyView(v);
}
sluice_buffer_t *sluice_buffer_view_buffer(sluice_buffer_view_t *v) {
  return v ? abiOf(v)->buffer : nullptr;
}
uint32_t sluice_buffer_view_element_type(sluice_buffer_view_t *v) {
  return v ? abiOf(v)->element_type : 0;
}
uint32_t sluice_buffer_view_rank(sluice_buffer_view_t *v) {
  return v ? abiOf(v)->rank : 0;
}
int64_t sluice_buffer_view_dim(sluice_buffer_view_t *v, uint32_t i) {
  return v && i < abiOf(v)->rank ? abiOf(v)->shape[i] : 0;
}

uint32_t sluice_element_type_from_name(const char *name, size_t length) {
  return name ? elementTypeFromName(std::string_view(name, length)) : 0;
}

const char *sluice_element_type_name(uint32_t element_type) {
  // Names of the grammar's types are static; others are formatted into a
  // thread-local buffer.
  thread_local std::string name;
  name = elementTypeName(element_type);
  return name.c_str();
}

} // extern "C"
