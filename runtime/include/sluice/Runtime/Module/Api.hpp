//===- Api.hpp - RAII C++ wrappers over the embedding API -----------------===//
//
// execution.md §6.3: sluice::Runtime, Module, Context, Function, Call,
// BufferView. Methods return sluice::runtime::Status / Expected<T>; objects
// release their handle when destroyed and are movable, not copyable.
//
//===----------------------------------------------------------------------===//
#ifndef SLUICE_RUNTIME_MODULE_API_HPP
#define SLUICE_RUNTIME_MODULE_API_HPP

#include "sluice/Runtime/Module/Api.h"
#include "sluice/Runtime/Status.h"

#include <cstring>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace sluice {

namespace runtime::module {
/// Parses a reflection index list such as `iree.abi.transients.args`
/// ("1,3"): decimal numbers separated by commas; parsing stops at the first
/// character that is not part of the list. NULL or "" is empty.
std::vector<uint32_t> parseIndexList(const char *list);
} // namespace runtime::module

namespace detail {
/// Takes ownership of a C status.
inline runtime::Status toStatus(sluice_status_t status) {
  if (!status)
    return runtime::Status();
  runtime::Status result((runtime::StatusCode)sluice_status_code(status),
                         sluice_status_message(status));
  sluice_status_free(status);
  return result;
}

/// A movable owner of one handle released by `Release`.
template <typename T, void (*Release)(T *)> class Handle {
public:
  Handle() = default;
  explicit Handle(T *handle) : handle_(handle) {}
  Handle(Handle &&other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Handle &operator=(Handle &&other) noexcept {
    if (this != &other) {
      reset();
      handle_ = std::exchange(other.handle_, nullptr);
    }
    return *this;
  }
  Handle(const Handle &) = delete;
  Handle &operator=(const Handle &) = delete;
  ~Handle() { reset(); }
  void reset() {
    if (handle_)
      Release(handle_);
    handle_ = nullptr;
  }
  T *get() const { return handle_; }
  T *release() { return std::exchange(handle_, nullptr); }
  explicit operator bool() const { return handle_ != nullptr; }

private:
  T *handle_ = nullptr;
};
} // namespace detail

class BufferView
    : public detail::Handle<sluice_buffer_view_t, sluice_buffer_view_release> {
public:
  using Handle::Handle;
  /// Takes a new reference to `view`.
  static BufferView retain(sluice_buffer_view_t *view) {
    sluice_buffer_view_retain(view);
    return BufferView(view);
  }
  static runtime::Expected<BufferView> parse(sluice_device_t *device,
                                             const std::string &text) {
    sluice_buffer_view_t *view = nullptr;
    runtime::Status status =
        detail::toStatus(sluice_buffer_view_parse(device, text.c_str(), &view));
    if (!status.isOk())
      return status;
    return BufferView(view);
  }
  runtime::Expected<std::string> format(size_t maxElements = 1024) const {
    size_t length = 0;
    sluice_status_t probe =
        sluice_buffer_view_format(get(), maxElements, nullptr, 0, &length);
    if (probe && sluice_status_code(probe) !=
                     (int)runtime::StatusCode::ResourceExhausted)
      return detail::toStatus(probe);
    sluice_status_free(probe);
    std::string text(length + 1, '\0');
    runtime::Status status = detail::toStatus(sluice_buffer_view_format(
        get(), maxElements, text.data(), text.size(), &length));
    if (!status.isOk())
      return status;
    text.resize(length);
    return text;
  }
  uint32_t elementType() const { return sluice_buffer_view_element_type(get()); }
  uint32_t rank() const { return sluice_buffer_view_rank(get()); }
  int64_t dim(uint32_t i) const { return sluice_buffer_view_dim(get(), i); }
  sluice_buffer_t *buffer() const { return sluice_buffer_view_buffer(get()); }
};

class Runtime : public detail::Handle<sluice_runtime_t, sluice_runtime_release> {
public:
  using Handle::Handle;
  static runtime::Expected<Runtime>
  create(const sluice_runtime_options_t *options = nullptr) {
    sluice_runtime_t *rt = nullptr;
    runtime::Status status =
        detail::toStatus(sluice_runtime_create(options, &rt));
    if (!status.isOk())
      return status;
    return Runtime(rt);
  }
  sluice_device_t *device() const { return sluice_runtime_device(get()); }
};

class Module : public detail::Handle<sluice_module_t, sluice_module_release> {
public:
  using Handle::Handle;
  static runtime::Expected<Module> loadFile(const Runtime &rt,
                                            const std::string &path) {
    sluice_module_t *m = nullptr;
    runtime::Status status =
        detail::toStatus(sluice_module_load_file(rt.get(), path.c_str(), &m));
    if (!status.isOk())
      return status;
    return Module(m);
  }
  static runtime::Expected<Module> loadMemory(const Runtime &rt,
                                              const void *image, size_t size) {
    sluice_module_t *m = nullptr;
    runtime::Status status = detail::toStatus(
        sluice_module_load_memory(rt.get(), image, size, &m));
    if (!status.isOk())
      return status;
    return Module(m);
  }
  std::string name() const { return sluice_module_name(get()); }
};

class Function {
public:
  Function() = default;
  explicit Function(sluice_function_t *f) : f_(f) {}
  sluice_function_t *get() const { return f_; }
  std::string name() const { return sluice_function_name(f_); }
  std::string cconv() const { return sluice_function_cconv(f_); }
  size_t argumentCount() const { return sluice_function_argument_count(f_); }
  size_t resultCount() const { return sluice_function_result_count(f_); }
  /// Empty when absent.
  std::string reflection(const char *key) const {
    const char *v = sluice_function_reflection(f_, key);
    return v ? v : "";
  }
  runtime::Expected<uint64_t>
  transientsSize(const std::vector<sluice_value_t> &args) const {
    uint64_t bytes = 0;
    runtime::Status status = detail::toStatus(sluice_function_transients_size(
        f_, args.data(), args.size(), &bytes));
    if (!status.isOk())
      return status;
    return bytes;
  }

private:
  sluice_function_t *f_ = nullptr; // borrowed from its context
};

class Context : public detail::Handle<sluice_context_t, sluice_context_release> {
public:
  using Handle::Handle;
  static runtime::Expected<Context>
  create(const Module &m, sluice_io_parameters_module_t *parameters = nullptr) {
    sluice_context_options_t options{parameters};
    sluice_context_t *c = nullptr;
    runtime::Status status =
        detail::toStatus(sluice_context_create(m.get(), &options, &c));
    if (!status.isOk())
      return status;
    return Context(c);
  }
  runtime::Expected<Function> lookup(const std::string &name) const {
    sluice_function_t *f = nullptr;
    runtime::Status status = detail::toStatus(
        sluice_context_lookup_function(get(), name.c_str(), &f));
    if (!status.isOk())
      return status;
    return Function(f);
  }
};

class Call : public detail::Handle<sluice_call_t, sluice_call_release> {
public:
  using Handle::Handle;
  static runtime::Expected<Call> create(const Function &f) {
    sluice_call_t *call = nullptr;
    runtime::Status status =
        detail::toStatus(sluice_call_create(f.get(), &call));
    if (!status.isOk())
      return status;
    return Call(call);
  }
  runtime::Status setBufferView(size_t i, const BufferView &v) {
    return detail::toStatus(sluice_call_set_buffer_view(get(), i, v.get()));
  }
  runtime::Status setBuffer(size_t i, sluice_buffer_t *b) {
    return detail::toStatus(sluice_call_set_buffer(get(), i, b));
  }
  runtime::Status setFence(size_t i, sluice_fence_t *f) {
    return detail::toStatus(sluice_call_set_fence(get(), i, f));
  }
  runtime::Status setI32(size_t i, int32_t v) {
    sluice_value_t value;
    value.i64 = 0;
    value.i32 = v;
    return detail::toStatus(sluice_call_set_value(get(), i, value));
  }
  runtime::Status setI64(size_t i, int64_t v) {
    sluice_value_t value;
    value.i64 = v;
    return detail::toStatus(sluice_call_set_value(get(), i, value));
  }
  runtime::Status setF32(size_t i, float v) {
    sluice_value_t value;
    value.i64 = 0;
    value.f32 = v;
    return detail::toStatus(sluice_call_set_value(get(), i, value));
  }
  runtime::Status setF64(size_t i, double v) {
    sluice_value_t value;
    value.f64 = v;
    return detail::toStatus(sluice_call_set_value(get(), i, value));
  }
  runtime::Status setTransients(sluice_buffer_t *storage) {
    return detail::toStatus(sluice_call_set_transients(get(), storage));
  }
  runtime::Status invoke() { return detail::toStatus(sluice_call_invoke(get())); }
  size_t resultCount() const { return sluice_call_result_count(get()); }
  /// References are borrowed (valid until the next invoke).
  sluice_value_t result(size_t i) const { return sluice_call_result(get(), i); }
  /// Result `i` as a new owning BufferView.
  BufferView resultView(size_t i) const {
    return BufferView::retain(
        static_cast<sluice_buffer_view_t *>(result(i).ref));
  }
};

} // namespace sluice

#endif // SLUICE_RUNTIME_MODULE_API_HPP
