//===- BufferViewTest.cpp - Views: create, assert, format, parse ----------===//

#include "BufferView.h"
#include "ModuleTestUtil.h"

#include "sluice/Runtime/Core/Memory.h"

#include <cstdio>
#include <cstring>
#include <fstream>
#include <unistd.h>

using namespace sluice::runtime;
using namespace sluice::runtime::module;
using sluice::test::statusText;

namespace {

class BufferViewTest : public sluice::test::ModuleFixture {
protected:
  /// A view of `bytes` with `type` and `shape`, printed.
  std::string printed(uint32_t type, std::vector<int64_t> shape,
                      std::vector<uint8_t> bytes, size_t maxElements = 1024) {
    sluice_buffer_view_t *view = nullptr;
    std::string status = statusText(sluice_buffer_view_allocate(
        device(), type, (uint32_t)shape.size(), shape.data(), bytes.data(),
        bytes.size(), &view));
    if (status != "OK")
      return status;
    char text[1024];
    size_t length = 0;
    status = statusText(sluice_buffer_view_format(view, maxElements, text,
                                                  sizeof(text), &length));
    sluice_buffer_view_release(view);
    return status == "OK" ? std::string(text, length) : status;
  }
  template <typename T> static std::vector<uint8_t> bytes(std::vector<T> v) {
    std::vector<uint8_t> out(v.size() * sizeof(T));
    std::memcpy(out.data(), v.data(), out.size());
    return out;
  }
  /// Parses and prints back.
  std::string roundTrip(const char *text) {
    sluice_buffer_view_t *view = nullptr;
    std::string status =
        statusText(sluice_buffer_view_parse(device(), text, &view));
    if (status != "OK")
      return status;
    std::string out = format(view);
    sluice_buffer_view_release(view);
    return out;
  }
};

uint32_t type(const char *name) {
  return sluice_element_type_from_name(name, std::strlen(name));
}

TEST_F(BufferViewTest, ElementTypeEncodingsAndNames) {
  EXPECT_EQ(type("f32"), 0x21000020u);
  EXPECT_EQ(type("i32"), 0x10000020u);
  EXPECT_EQ(type("i1"), 0x13000008u);
  EXPECT_EQ(type("bf16"), 0x22000010u);
  EXPECT_EQ(type("si8"), 0x11000008u);
  EXPECT_EQ(type("ui64"), 0x12000040u);
  EXPECT_EQ(type("f8"), 0u);
  for (const char *name : {"i1", "i8", "i16", "i32", "i64", "si8", "ui16",
                           "f16", "bf16", "f32", "f64"})
    EXPECT_STREQ(sluice_element_type_name(type(name)), name);
  EXPECT_STREQ(sluice_element_type_name(0x23000040u), "complex<f32>");
  EXPECT_STREQ(sluice_element_type_name(0x25000008u), "f8E4M3FN");
}

TEST_F(BufferViewTest, FormatsEveryElementType) {
  EXPECT_EQ(printed(type("f32"), {4}, bytes<float>({1, 2.5f, -3, 1e10f})),
            "4xf32=1 2.5 -3 1E+10");
  EXPECT_EQ(printed(type("f64"), {2}, bytes<double>({0.1, -1e-7})),
            "2xf64=0.1 -1E-07");
  EXPECT_EQ(
      printed(type("f16"), {3}, bytes<uint16_t>({0x3E00, 0xC000, 0x0001})),
      "3xf16=1.5 -2 5.96046E-08");
  EXPECT_EQ(printed(type("bf16"), {2}, bytes<uint16_t>({0x3FC0, 0xC040})),
            "2xbf16=1.5 -3");
  EXPECT_EQ(printed(type("i8"), {3}, bytes<int8_t>({-1, 127, -128})),
            "3xi8=-1 127 -128");
  EXPECT_EQ(printed(type("ui8"), {2}, bytes<uint8_t>({255, 0})), "2xui8=255 0");
  EXPECT_EQ(printed(type("i16"), {1}, bytes<int16_t>({-300})), "1xi16=-300");
  EXPECT_EQ(printed(type("si32"), {1}, bytes<int32_t>({-7})), "1xsi32=-7");
  EXPECT_EQ(
      printed(type("i64"), {2}, bytes<int64_t>({-9000000000000000000ll, 42})),
      "2xi64=-9000000000000000000 42");
  EXPECT_EQ(
      printed(type("ui64"), {1}, bytes<uint64_t>({18446744073709551615ull})),
      "1xui64=18446744073709551615");
  EXPECT_EQ(printed(type("i1"), {3}, bytes<uint8_t>({1, 0, 2})), "3xi1=1 0 1");
}

TEST_F(BufferViewTest, FormatsRanksAndRows) {
  EXPECT_EQ(printed(type("f32"), {}, bytes<float>({5})), "f32=5");
  EXPECT_EQ(printed(type("i32"), {2, 2}, bytes<int32_t>({1, 2, 3, 4})),
            "2x2xi32=[1 2][3 4]");
  EXPECT_EQ(printed(type("i8"), {2, 1, 2}, bytes<int8_t>({1, 2, 3, 4})),
            "2x1x2xi8=[[1 2]][[3 4]]");
  EXPECT_EQ(printed(type("i32"), {0}, {}), "0xi32=");
}

TEST_F(BufferViewTest, MaxElementCountIsABudgetForTheWholeView) {
  EXPECT_EQ(printed(type("i32"), {5}, bytes<int32_t>({1, 2, 3, 4, 5}), 3),
            "5xi32=1 2 3...");
  EXPECT_EQ(printed(type("i32"), {3, 2}, bytes<int32_t>({1, 2, 3, 4, 5, 6}), 3),
            "3x2xi32=[1 2][3...][...]");
}

TEST_F(BufferViewTest, ParsesTheInputGrammar) {
  EXPECT_EQ(roundTrip("2x3xf32=1,2,3,4,5,6"), "2x3xf32=[1 2 3][4 5 6]");
  EXPECT_EQ(roundTrip("2x2xi32=[1 2][3 4]"), "2x2xi32=[1 2][3 4]");
  EXPECT_EQ(roundTrip("4xi32=7"), "4xi32=7 7 7 7");
  EXPECT_EQ(roundTrip("f32=5"), "f32=5");
  EXPECT_EQ(roundTrip("3xi8=-128,0xFF,127"), "3xi8=-128 -1 127");
  EXPECT_EQ(roundTrip("2xf16=1.5,-0.25"), "2xf16=1.5 -0.25");
  EXPECT_EQ(roundTrip("2xbf16=1.5,-3"), "2xbf16=1.5 -3");
  EXPECT_EQ(roundTrip("3xi1=1,0,1"), "3xi1=1 0 1");
  EXPECT_EQ(roundTrip("2xf64=0.1 0.2"), "2xf64=0.1 0.2");
  EXPECT_EQ(roundTrip("1xi64=-9223372036854775808"),
            "1xi64=-9223372036854775808");
}

TEST_F(BufferViewTest, ParseErrors) {
  EXPECT_EQ(roundTrip("4xf32=1,2"),
            "INVALID_ARGUMENT; expected 4 values for shape 4 but got 2");
  EXPECT_EQ(roundTrip("4xq32=1"),
            "INVALID_ARGUMENT; unsupported element type 'q32'");
  EXPECT_EQ(roundTrip("2xi8=1,300"),
            "INVALID_ARGUMENT; cannot parse '300' as i8");
  EXPECT_EQ(roundTrip("2xf32=1,abc"),
            "INVALID_ARGUMENT; cannot parse 'abc' as f32");
  EXPECT_EQ(roundTrip("2xui8=-1,1"),
            "INVALID_ARGUMENT; cannot parse '-1' as ui8");
  EXPECT_EQ(roundTrip("2xi1=1,2"), "INVALID_ARGUMENT; cannot parse '2' as i1");
}

TEST_F(BufferViewTest, ParsesRawDataFiles) {
  std::string path =
      ::testing::TempDir() + "raw_" + std::to_string(getpid()) + ".bin";
  {
    std::ofstream out(path, std::ios::binary);
    float values[2] = {3, -4};
    out.write(reinterpret_cast<const char *>(values), sizeof(values));
  }
  EXPECT_EQ(roundTrip(("2xf32=@" + path).c_str()), "2xf32=3 -4");
  EXPECT_EQ(roundTrip(("3xf32=@" + path).c_str()),
            "INVALID_ARGUMENT; raw data file '" + path +
                "' has 8 bytes; expected 12");
  std::remove(path.c_str());
}

TEST_F(BufferViewTest, CreateChecksRankAndSize) {
  sluice_buffer_t *buffer = nullptr;
  ASSERT_EQ(statusText(
                sluice_buffer_allocate(device(), 0x32, 0x9000C03, 16, &buffer)),
            "OK");
  int64_t shape[17];
  for (int64_t &d : shape)
    d = 1;
  sluice_buffer_view_t *view = nullptr;
  EXPECT_EQ(statusText(sluice_buffer_view_create(buffer, type("i8"), 17, shape,
                                                 &view)),
            "INVALID_ARGUMENT; buffer view rank 17 exceeds 16");
  EXPECT_EQ(view, nullptr);
  int64_t five = 5;
  EXPECT_EQ(statusText(sluice_buffer_view_create(buffer, type("f32"), 1, &five,
                                                 &view)),
            "INVALID_ARGUMENT; buffer of 16 bytes is too small for a 5xf32 "
            "view (20 bytes)");
  int64_t four = 4;
  ASSERT_EQ(statusText(sluice_buffer_view_create(buffer, type("f32"), 1, &four,
                                                 &view)),
            "OK");
  // The view holds its own reference to the buffer (ABI layout).
  auto *abi = reinterpret_cast<sluice_buffer_view_abi_t *>(view);
  EXPECT_EQ(abi->header.type, (uint32_t)SLUICE_REF_TYPE_BUFFER_VIEW);
  EXPECT_EQ(reinterpret_cast<sluice_ref_header_t *>(buffer)->ref_count, 2);
  EXPECT_EQ(abi->buffer, buffer);
  EXPECT_EQ(abi->shape[0], 4);
  EXPECT_EQ(abi->encoding_type, 1u);
  sluice_buffer_release(buffer);
  EXPECT_EQ(sluice_buffer_view_buffer(view), buffer);
  EXPECT_EQ(sluice_buffer_view_dim(view, 0), 4);
  sluice_buffer_view_release(view);
}

TEST_F(BufferViewTest, AssertMessages) {
  int64_t shape[2] = {2, 3};
  sluice_buffer_view_t *view = nullptr;
  ASSERT_EQ(statusText(sluice_buffer_view_allocate(device(), type("f32"), 2,
                                                   shape, nullptr, 0, &view)),
            "OK");
  auto check = [&](uint32_t elem, uint32_t enc, std::vector<int64_t> s) {
    Status status =
        assertView(view, "input0", elem, enc, (uint32_t)s.size(), s.data());
    return status.isOk() ? std::string("OK") : status.toString();
  };
  EXPECT_EQ(check(type("f32"), 1, {2, 3}), "OK");
  EXPECT_EQ(check(type("f32"), 2, {2, 3}),
            "INVALID_ARGUMENT; input0 encoding mismatch; expected 00000002 but "
            "have 00000001");
  EXPECT_EQ(check(type("f32"), 0, {2, 3}), "OK"); // opaque encoding
  EXPECT_EQ(check(type("i32"), 1, {2, 3}),
            "INVALID_ARGUMENT; input0 element type mismatch; expected i32 "
            "(10000020) but have f32 (21000020)");
  EXPECT_EQ(check(0x00000020u, 1, {2, 3}), "OK"); // opaque element type
  EXPECT_EQ(check(type("f32"), 1, {2}),
            "INVALID_ARGUMENT; input0 shape rank mismatch; expected 1 but have "
            "2; expected shape `2`, actual shape `2x3`");
  EXPECT_EQ(check(type("f32"), 1, {}),
            "INVALID_ARGUMENT; input0 shape rank mismatch; expected 0 (scalar) "
            "but have 2; expected shape ``, actual shape `2x3`");
  EXPECT_EQ(check(type("f32"), 1, {2, 4}),
            "INVALID_ARGUMENT; input0 shape dimension 1 mismatch; expected 4 "
            "but have 3; expected shape `2x4`, actual shape `2x3`");
  EXPECT_EQ(assertView(nullptr, "input1", type("f32"), 1, 0, nullptr).message(),
            "input1 buffer view is null");
  sluice_buffer_view_release(view);

  // Integers of equal width are compatible.
  int64_t one = 1;
  ASSERT_EQ(statusText(sluice_buffer_view_allocate(device(), type("si32"), 1,
                                                   &one, nullptr, 0, &view)),
            "OK");
  EXPECT_TRUE(assertView(view, "x", type("i32"), 1, 1, &one).isOk());
  EXPECT_TRUE(assertView(view, "x", type("ui32"), 1, 1, &one).isOk());
  EXPECT_FALSE(assertView(view, "x", type("i16"), 1, 1, &one).isOk());
  sluice_buffer_view_release(view);
}

TEST_F(BufferViewTest, BufferAssertMessages) {
  sluice_buffer_t *buffer = nullptr;
  ASSERT_EQ(statusText(sluice_buffer_allocate(
                device(), memory_type::DeviceLocal,
                buffer_usage::Transfer | buffer_usage::DispatchStorage, 256,
                &buffer)),
            "OK");
  auto check = [&](sluice_buffer_t *b, uint64_t min, uint32_t mem,
                   uint32_t usage) {
    Status status = assertBuffer(b, "tensor", min, mem, usage);
    return status.isOk() ? std::string("OK") : status.toString();
  };
  EXPECT_EQ(check(buffer, 256, memory_type::DeviceLocal,
                  buffer_usage::Transfer | buffer_usage::DispatchStorage),
            "OK");
  EXPECT_EQ(check(nullptr, 0, 0, 0), "INVALID_ARGUMENT; tensor buffer is null");
  EXPECT_EQ(check(buffer, 512, 0, 0),
            "INVALID_ARGUMENT; tensor buffer byte length 256 less than "
            "expected minimum 512");
  EXPECT_EQ(check(buffer, 0, memory_type::HostLocal, 0),
            "PERMISSION_DENIED; tensor buffer memory type is not compatible; "
            "buffer has HostVisible|DeviceVisible|DeviceLocal, operation "
            "requires HostVisible|HostCoherent|HostLocal");
  EXPECT_EQ(check(buffer, 0, 0, buffer_usage::Mapping),
            "PERMISSION_DENIED; tensor requested usage was not specified when "
            "the buffer was allocated; buffer allows "
            "TransferSource|TransferTarget|Transfer|DispatchStorageRead|"
            "DispatchStorageWrite|DispatchStorage, operation requires "
            "MappingScoped|MappingAccessRandom|Mapping");
  sluice_buffer_release(buffer);
}

} // namespace
