//===- Values.cpp - sluice-run inputs, printing and output files ----------===//

#include "Values.h"

#include "sluice/Runtime/Core/CApiHandles.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>

namespace sluice::run {

using runtime::formatString;
using runtime::makeStatus;
using runtime::StatusCode;
using runtime::capi::unwrapStatus;

namespace {

constexpr uint32_t kElementI8 = 0x10000008u;

Status fromC(sluice_status_t status) { return unwrapStatus(status); }

uint32_t refType(void *ref) {
  return static_cast<sluice_ref_header_t *>(ref)->type;
}

/// The bytes of a buffer. Every buffer of the CPU device is host memory;
/// the host pointer is read through the ABI as compiled code does (§3.2), so
/// buffers without Mapping usage (imported rodata) can be written too.
Expected<std::string_view> bufferBytes(sluice_buffer_t *buffer) {
  const auto *abi = reinterpret_cast<const sluice_buffer_abi_t *>(buffer);
  uint8_t *base = __atomic_load_n(abi->data_slot, __ATOMIC_ACQUIRE);
  if (!base && abi->byte_length)
    return Status(StatusCode::FailedPrecondition,
                  "result buffer has no committed storage");
  return std::string_view(
      reinterpret_cast<const char *>(base ? base + abi->byte_offset : nullptr),
      abi->byte_length);
}

/// A view of `length` i8 elements over a raw buffer (for printing and
/// comparing it like a tensor).
Expected<sluice_buffer_view_t *> bytesView(sluice_buffer_t *buffer) {
  int64_t length = (int64_t)sluice_buffer_length(buffer);
  sluice_buffer_view_t *view = nullptr;
  SLUICE_RETURN_IF_ERROR(
      fromC(sluice_buffer_view_create(buffer, kElementI8, 1, &length, &view)));
  return view;
}

Expected<std::string> formatView(sluice_buffer_view_t *view,
                                 size_t maxElements) {
  size_t length = 0;
  sluice_status_t probe =
      sluice_buffer_view_format(view, maxElements, nullptr, 0, &length);
  Status status = fromC(probe);
  if (!status.isOk() && status.code() != StatusCode::ResourceExhausted)
    return status;
  std::string text(length + 1, '\0');
  SLUICE_RETURN_IF_ERROR(fromC(sluice_buffer_view_format(
      view, maxElements, text.data(), text.size(), &length)));
  text.resize(length);
  return text;
}

//===--- numpy ------------------------------------------------------------===//

struct NpyType {
  const char *descr;
  const char *element;
};
constexpr NpyType kNpyTypes[] = {
    {"<f2", "f16"}, {"<f4", "f32"}, {"<f8", "f64"},
    {"|i1", "i8"},  {"|u1", "ui8"}, {"<i2", "i16"},
    {"<i4", "i32"}, {"<i8", "i64"}, {"|b1", "i1"},
};

/// Reads one array of a .npy file into a new buffer view.
Expected<sluice_buffer_view_t *> readNpy(sluice_device_t *device,
                                         const std::string &path) {
  std::ifstream file(path, std::ios::binary);
  if (!file)
    return makeStatus(StatusCode::NotFound, "cannot open numpy file '%s'",
                      path.c_str());
  std::string bytes((std::istreambuf_iterator<char>(file)),
                    std::istreambuf_iterator<char>());
  auto bad = [&](const char *why) {
    return makeStatus(StatusCode::InvalidArgument,
                      "numpy file '%s' is malformed: %s", path.c_str(), why);
  };
  if (bytes.size() < 10 || bytes.compare(0, 6, "\x93NUMPY") != 0)
    return bad("no \\x93NUMPY magic");
  uint8_t major = (uint8_t)bytes[6];
  size_t headerLength, headerStart;
  if (major == 1) {
    headerLength = (uint8_t)bytes[8] | ((size_t)(uint8_t)bytes[9] << 8);
    headerStart = 10;
  } else {
    if (bytes.size() < 12)
      return bad("truncated header");
    headerLength = 0;
    for (int i = 0; i < 4; ++i)
      headerLength |= (size_t)(uint8_t)bytes[8 + i] << (8 * i);
    headerStart = 12;
  }
  if (headerStart + headerLength > bytes.size())
    return bad("truncated header");
  std::string header = bytes.substr(headerStart, headerLength);
  auto field = [&](const char *key) -> std::string {
    size_t at = header.find(std::string("'") + key + "'");
    if (at == std::string::npos)
      return "";
    size_t colon = header.find(':', at);
    return colon == std::string::npos ? "" : header.substr(colon + 1);
  };
  std::string descr = field("descr");
  size_t q1 = descr.find('\''), q2 = descr.find('\'', q1 + 1);
  if (q1 == std::string::npos || q2 == std::string::npos)
    return bad("no descr");
  descr = descr.substr(q1 + 1, q2 - q1 - 1);
  if (field("fortran_order").find("True") <
      field("fortran_order").find_first_of(",}"))
    return makeStatus(StatusCode::Unimplemented,
                      "numpy file '%s' is in Fortran order; only C order is "
                      "supported",
                      path.c_str());
  const NpyType *type = nullptr;
  for (const NpyType &t : kNpyTypes)
    if (descr == t.descr)
      type = &t;
  if (!type)
    return makeStatus(StatusCode::Unimplemented,
                      "numpy file '%s' has unsupported dtype '%s'",
                      path.c_str(), descr.c_str());
  std::string shapeText = field("shape");
  size_t open = shapeText.find('('), close = shapeText.find(')');
  if (open == std::string::npos || close == std::string::npos)
    return bad("no shape");
  std::vector<int64_t> shape;
  for (size_t i = open + 1; i < close;) {
    while (i < close && (shapeText[i] == ' ' || shapeText[i] == ','))
      ++i;
    if (i >= close)
      break;
    char *end = nullptr;
    long long dim = std::strtoll(shapeText.c_str() + i, &end, 10);
    if (end == shapeText.c_str() + i || dim < 0)
      return bad("bad shape");
    shape.push_back(dim);
    i = end - shapeText.c_str();
  }
  uint32_t element =
      sluice_element_type_from_name(type->element, std::strlen(type->element));
  size_t dataStart = headerStart + headerLength;
  sluice_buffer_view_t *view = nullptr;
  SLUICE_RETURN_IF_ERROR(fromC(sluice_buffer_view_allocate(
      device, element, (uint32_t)shape.size(), shape.data(),
      bytes.data() + dataStart, bytes.size() - dataStart, &view)));
  return view;
}

Status writeNpy(std::FILE *file, sluice_buffer_view_t *view,
                std::string_view data) {
  std::string element =
      sluice_element_type_name(sluice_buffer_view_element_type(view));
  const NpyType *type = nullptr;
  for (const NpyType &t : kNpyTypes)
    if (element == t.element ||
        (element == "si" + std::string(t.element).substr(1)))
      type = &t;
  if (!type)
    return makeStatus(StatusCode::Unimplemented,
                      "elements of type %s cannot be written to numpy files",
                      element.c_str());
  std::string shape = "(";
  for (uint32_t i = 0; i < sluice_buffer_view_rank(view); ++i)
    shape += std::to_string(sluice_buffer_view_dim(view, i)) + ", ";
  if (sluice_buffer_view_rank(view) > 1)
    shape.resize(shape.size() - 1), shape.back() = ')';
  else
    shape += ")";
  if (sluice_buffer_view_rank(view) == 1)
    shape = "(" + std::to_string(sluice_buffer_view_dim(view, 0)) + ",)";
  std::string header = "{'descr': '" + std::string(type->descr) +
                       "', 'fortran_order': False, 'shape': " + shape + ", }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  char prefix[10] = {'\x93',
                     'N',
                     'U',
                     'M',
                     'P',
                     'Y',
                     1,
                     0,
                     (char)(header.size() & 0xFF),
                     (char)(header.size() >> 8)};
  if (std::fwrite(prefix, 1, 10, file) != 10 ||
      std::fwrite(header.data(), 1, header.size(), file) != header.size() ||
      std::fwrite(data.data(), 1, data.size(), file) != data.size())
    return Status(StatusCode::DataLoss, "writing a numpy file failed");
  return Status();
}

/// Elements of a formatted view (`2x2xi32=[1 2][3 4]` → {"1","2","3","4"}).
std::vector<std::string> formattedElements(const std::string &text) {
  std::vector<std::string> out;
  size_t eq = text.find('=');
  std::string current;
  for (size_t i = eq + 1; i <= text.size(); ++i) {
    char c = i < text.size() ? text[i] : ' ';
    if (c == ' ' || c == '[' || c == ']') {
      if (!current.empty())
        out.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  return out;
}

bool isFloatElement(uint32_t elementType) {
  uint32_t numerical = elementType >> 24;
  return numerical == 0x21 || numerical == 0x22;
}

bool elementsMatch(const std::string &expected, const std::string &actual,
                   bool isFloat) {
  if (!isFloat)
    return expected == actual;
  double e = std::strtod(expected.c_str(), nullptr);
  double a = std::strtod(actual.c_str(), nullptr);
  if (std::isnan(e) || std::isnan(a))
    return std::isnan(e) && std::isnan(a);
  if (std::isinf(e) || std::isinf(a))
    return e == a;
  return std::fabs(a - e) <= 1e-4 + 1e-4 * std::fabs(e);
}

const char *scalarName(char kind) {
  switch (kind) {
  case 'i':
    return "i32";
  case 'I':
    return "i64";
  case 'f':
    return "f32";
  case 'F':
    return "f64";
  }
  return "?";
}

std::string formatScalar(sluice_value_t value, char kind) {
  switch (kind) {
  case 'i':
    return formatString("i32=%d", value.i32);
  case 'I':
    return formatString("i64=%lld", (long long)value.i64);
  case 'f':
    return formatString("f32=%G", (double)value.f32);
  case 'F':
    return formatString("f64=%G", value.f64);
  }
  return "?";
}

} // namespace

InputValue::InputValue(InputValue &&other) noexcept
    : isReference(other.isReference), value(other.value) {
  other.isReference = false;
  other.value.i64 = 0;
}
InputValue &InputValue::operator=(InputValue &&other) noexcept {
  if (this != &other) {
    if (isReference)
      sluice_ref_release(value.ref);
    isReference = other.isReference;
    value = other.value;
    other.isReference = false;
    other.value.i64 = 0;
  }
  return *this;
}
InputValue::~InputValue() {
  if (isReference)
    sluice_ref_release(value.ref);
}

bool looksLikeReference(std::string_view text) {
  if (text == "(null)" || text.starts_with("&") || text.starts_with("@"))
    return true;
  size_t eq = text.find('=');
  if (eq == std::string_view::npos)
    return false;
  // `NxMxT=` has a shape: a tensor. `T=` alone is ambiguous (scalar or
  // rank-0 tensor); the argument kind decides.
  return text.substr(0, eq).find('x') != std::string_view::npos &&
         text.substr(0, eq).find_first_of("0123456789") == 0;
}

Expected<InputValue> parseInput(sluice_device_t *device, std::string_view text,
                                char kind) {
  InputValue input;
  if (kind == 'r') {
    input.isReference = true;
    if (text == "(null)")
      return input;
    if (text.starts_with("&")) {
      sluice_buffer_view_t *view = nullptr;
      SLUICE_RETURN_IF_ERROR(fromC(sluice_buffer_view_parse(
          device, std::string(text.substr(1)).c_str(), &view)));
      sluice_buffer_t *buffer = sluice_buffer_view_buffer(view);
      sluice_buffer_retain(buffer);
      sluice_buffer_view_release(view);
      input.value.ref = buffer;
      return input;
    }
    if (text.starts_with("@")) {
      std::string path(text.substr(1));
      if (!path.ends_with(".npy"))
        return Status(StatusCode::InvalidArgument,
                      "only numpy (.npy) files are supported for "
                      "metadata-less inputs");
      Expected<sluice_buffer_view_t *> view = readNpy(device, path);
      if (!view)
        return view.takeStatus();
      input.value.ref = *view;
      return input;
    }
    sluice_buffer_view_t *view = nullptr;
    SLUICE_RETURN_IF_ERROR(fromC(
        sluice_buffer_view_parse(device, std::string(text).c_str(), &view)));
    input.value.ref = view;
    return input;
  }
  // scalar := [ elem '=' ] number
  std::string_view number = text;
  std::string element = scalarName(kind);
  if (size_t eq = text.find('='); eq != std::string_view::npos) {
    std::string given(text.substr(0, eq));
    number = text.substr(eq + 1);
    if (!sluice_element_type_from_name(given.data(), given.size()))
      return makeStatus(StatusCode::InvalidArgument,
                        "unsupported element type '%s'", given.c_str());
    element = given;
  }
  std::string digits(number);
  char *end = nullptr;
  errno = 0;
  bool isFloat = element[0] == 'f' || element == "bf16";
  if (kind == 'f' || kind == 'F') {
    double v = std::strtod(digits.c_str(), &end);
    if (digits.empty() || *end || errno == ERANGE)
      return makeStatus(StatusCode::InvalidArgument, "cannot parse '%s' as %s",
                        digits.c_str(), element.c_str());
    if (kind == 'f')
      input.value.f32 = (float)v;
    else
      input.value.f64 = v;
    return input;
  }
  long long v = std::strtoll(digits.c_str(), &end, 0);
  if (isFloat || digits.empty() || *end || errno == ERANGE ||
      (kind == 'i' && (v < INT32_MIN || v > (long long)UINT32_MAX)))
    return makeStatus(StatusCode::InvalidArgument, "cannot parse '%s' as %s",
                      digits.c_str(), element.c_str());
  if (kind == 'i')
    input.value.i32 = (int32_t)v;
  else
    input.value.i64 = v;
  return input;
}

Expected<std::string> formatResult(sluice_value_t value, char kind,
                                   size_t maxElements) {
  if (kind != 'r')
    return formatScalar(value, kind);
  if (!value.ref)
    return std::string("(null)");
  switch (refType(value.ref)) {
  case SLUICE_REF_TYPE_BUFFER_VIEW: {
    Expected<std::string> text =
        formatView(static_cast<sluice_buffer_view_t *>(value.ref), maxElements);
    if (!text)
      return text.takeStatus();
    return "hal.buffer_view\n" + *text;
  }
  case SLUICE_REF_TYPE_BUFFER: {
    Expected<sluice_buffer_view_t *> view =
        bytesView(static_cast<sluice_buffer_t *>(value.ref));
    if (!view)
      return view.takeStatus();
    Expected<std::string> text = formatView(*view, maxElements);
    sluice_buffer_view_release(*view);
    if (!text)
      return text.takeStatus();
    return "hal.buffer\n" + *text;
  }
  case SLUICE_REF_TYPE_FENCE:
    return std::string("hal.fence");
  case SLUICE_REF_TYPE_FILE:
    return std::string("hal.file");
  }
  return std::string("(unknown reference)");
}

Status writeOutput(const std::string &spec, sluice_value_t value, char kind) {
  bool append = spec[0] == '+';
  if (spec[0] != '@' && spec[0] != '+')
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported output mode '%s'; expected -, @file or "
                      "+file",
                      spec.c_str());
  std::string path = spec.substr(1);
  bool npy = path.ends_with(".npy");
  if (!npy && !path.ends_with(".bin"))
    return makeStatus(StatusCode::InvalidArgument,
                      "unsupported output file '%s'; expected a .npy or .bin "
                      "file",
                      path.c_str());
  if (kind != 'r' || !value.ref)
    return makeStatus(StatusCode::InvalidArgument,
                      "only buffer views and buffers can be written to '%s'",
                      path.c_str());
  sluice_buffer_view_t *view = nullptr;
  sluice_buffer_t *buffer = nullptr;
  if (refType(value.ref) == SLUICE_REF_TYPE_BUFFER_VIEW) {
    view = static_cast<sluice_buffer_view_t *>(value.ref);
    sluice_buffer_view_retain(view);
  } else if (refType(value.ref) == SLUICE_REF_TYPE_BUFFER) {
    Expected<sluice_buffer_view_t *> bytes =
        bytesView(static_cast<sluice_buffer_t *>(value.ref));
    if (!bytes)
      return bytes.takeStatus();
    view = *bytes;
  } else {
    return makeStatus(StatusCode::InvalidArgument,
                      "only buffer views and buffers can be written to '%s'",
                      path.c_str());
  }
  buffer = sluice_buffer_view_buffer(view);
  Expected<std::string_view> data = bufferBytes(buffer);
  Status status = data.status();
  if (status.isOk()) {
    std::FILE *file = std::fopen(path.c_str(), append ? "ab" : "wb");
    if (!file) {
      status = makeStatus(StatusCode::PermissionDenied,
                          "cannot open output file '%s': %s", path.c_str(),
                          std::strerror(errno));
    } else {
      if (npy)
        status = writeNpy(file, view, *data);
      else if (std::fwrite(data->data(), 1, data->size(), file) != data->size())
        status = makeStatus(StatusCode::DataLoss, "writing '%s' failed",
                            path.c_str());
      if (std::fclose(file) != 0 && status.isOk())
        status = makeStatus(StatusCode::DataLoss, "writing '%s' failed",
                            path.c_str());
    }
  }
  sluice_buffer_view_release(view);
  return status;
}

Expected<std::vector<std::string>>
compareResult(sluice_device_t *device, size_t index, sluice_value_t value,
              char kind, std::string_view expected) {
  std::vector<std::string> failures;
  std::string prefix = formatString("[FAILED] result[%zu]: ", index);
  if (kind != 'r') {
    Expected<InputValue> e = parseInput(device, expected, kind);
    if (!e)
      return std::move(e.takeStatus())
          .annotate(formatString("parsing expected output `%.*s`",
                                 (int)expected.size(), expected.data()));
    std::string want = formatScalar(e->value, kind);
    std::string got = formatScalar(value, kind);
    bool isFloat = kind == 'f' || kind == 'F';
    std::string wantNumber = want.substr(want.find('=') + 1);
    std::string gotNumber = got.substr(got.find('=') + 1);
    if (!elementsMatch(wantNumber, gotNumber, isFloat))
      failures.push_back(prefix + "element 0 mismatch: expected " + wantNumber +
                         " but got " + gotNumber);
    return failures;
  }
  if (expected == "(null)") {
    if (value.ref)
      failures.push_back(prefix + "expected (null) but got a reference");
    return failures;
  }
  Expected<InputValue> e = parseInput(device, expected, 'r');
  if (!e)
    return std::move(e.takeStatus())
        .annotate(formatString("parsing expected output `%.*s`",
                               (int)expected.size(), expected.data()));
  if (!value.ref) {
    failures.push_back(prefix + "expected a value but got (null)");
    return failures;
  }
  // Compare through the printed form: exact for integers, the float
  // tolerance on the numbers.
  auto asView = [](void *ref) -> Expected<sluice_buffer_view_t *> {
    if (refType(ref) == SLUICE_REF_TYPE_BUFFER)
      return bytesView(static_cast<sluice_buffer_t *>(ref));
    auto *view = static_cast<sluice_buffer_view_t *>(ref);
    sluice_buffer_view_retain(view);
    return view;
  };
  Expected<sluice_buffer_view_t *> want = asView(e->value.ref);
  if (!want)
    return want.takeStatus();
  Expected<sluice_buffer_view_t *> got = asView(value.ref);
  if (!got) {
    sluice_buffer_view_release(*want);
    return got.takeStatus();
  }
  Expected<std::string> wantText = formatView(*want, SIZE_MAX);
  Expected<std::string> gotText = formatView(*got, SIZE_MAX);
  uint32_t elementType = sluice_buffer_view_element_type(*got);
  sluice_buffer_view_release(*want);
  sluice_buffer_view_release(*got);
  if (!wantText)
    return wantText.takeStatus();
  if (!gotText)
    return gotText.takeStatus();
  std::string wantHead = wantText->substr(0, wantText->find('='));
  std::string gotHead = gotText->substr(0, gotText->find('='));
  if (wantHead != gotHead) {
    failures.push_back(prefix + "expected " + wantHead + " but got " + gotHead);
    return failures;
  }
  std::vector<std::string> a = formattedElements(*wantText);
  std::vector<std::string> b = formattedElements(*gotText);
  bool isFloat = isFloatElement(elementType);
  for (size_t k = 0; k < a.size() && k < b.size(); ++k)
    if (!elementsMatch(a[k], b[k], isFloat))
      failures.push_back(prefix +
                         formatString("element %zu mismatch: expected %s but "
                                      "got %s",
                                      k, a[k].c_str(), b[k].c_str()));
  return failures;
}

} // namespace sluice::run
