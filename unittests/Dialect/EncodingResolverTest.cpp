//===- EncodingResolverTest.cpp - encoding resolver algorithms ------------===//
//
// Hand-checked expectations for the algorithms behind the encoding
// attributes and resolvers (encoding.md §3-§7): the compatibility rule, the
// encoding_info record and its dictionary form, matmul tile selection,
// narrow dimensions, the GPU data-tiled tile, convolution layouts, storage
// sizes, and HAL's resolver lookup.
//
//===----------------------------------------------------------------------===//

#include "DialectTestFixture.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "sluice/Dialect/Codegen/IR/EncodingInfo.h"
#include "sluice/Dialect/Codegen/IR/IREECPUDialect.h"
#include "sluice/Dialect/Codegen/IR/IREEGPUDialect.h"
#include "sluice/Dialect/Encoding/IR/EncodingAttrs.h"
#include "sluice/Dialect/Encoding/IR/EncodingUtils.h"
#include "sluice/Dialect/Stream/IR/AffinityAnalysisDialectInterface.h"
#include "sluice/Dialect/Stream/IR/StreamDialect.h"
#include "sluice/Dialect/Util/IR/UtilOps.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace sluice;
using namespace sluice::codegen;
using iree_encoding::EncodingAttr;
using iree_encoding::LayoutResolverAttr;
using iree_encoding::SerializableAttr;

namespace {

constexpr const char *kMaps =
    "user_indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
    "affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>]";

class EncodingResolverTest : public sluice::testing::DialectTest {
protected:
  Attribute attr(StringRef source) {
    Attribute result = parseAttribute(source, &context);
    EXPECT_TRUE(result) << source.str();
    return result;
  }
  RankedTensorType tensor(StringRef source) {
    auto result =
        dyn_cast_if_present<RankedTensorType>(parseType(source, &context));
    EXPECT_TRUE(result) << source.str();
    return result;
  }
  /// A matmul encoding for `operand` with `types` and `sizes`.
  EncodingAttr matmul(int operand, StringRef types = "f32, f32, f32",
                      StringRef sizes = "") {
    std::string source =
        "#iree_encoding.encoding<operand_index = " + std::to_string(operand) +
        " : index, op_type = matmul, element_types = [" + types.str() + "], " +
        kMaps;
    if (!sizes.empty())
      source += ", iteration_sizes = [" + sizes.str() + "]";
    source += ">";
    return cast<EncodingAttr>(attr(source));
  }
  /// The record stored in a resolver layout's configuration.
  MaterializeEncodingInfo recordOf(Attribute layout) {
    DictionaryAttr config;
    if (auto cpu = dyn_cast<iree_cpu::CPUEncodingResolverAttr>(layout))
      config = cpu.getConfiguration();
    else if (auto vmvx = dyn_cast<iree_cpu::VMVXEncodingResolverAttr>(layout))
      config = vmvx.getConfiguration();
    else if (auto gpu = dyn_cast<iree_gpu::GPUEncodingResolverAttr>(layout))
      config = gpu.getConfiguration();
    std::optional<MaterializeEncodingInfo> info =
        deserializeEncodingInfo(getEncodingInfoDict(config));
    EXPECT_TRUE(info.has_value());
    return info.value_or(MaterializeEncodingInfo());
  }
  /// The size computed for a static tensor, folded: its constant value, -1
  /// when no size exists, -2 when it does not fold to a constant.
  int64_t staticSize(SerializableAttr encoding, RankedTensorType type) {
    Location loc = UnknownLoc::get(&context);
    OpBuilder builder(&context);
    OwningOpRef<ModuleOp> module = ModuleOp::create(loc);
    builder.setInsertionPointToStart(module->getBody());
    auto funcOp = func::FuncOp::create(
        builder, loc, "f", builder.getFunctionType({}, builder.getIndexType()));
    builder.setInsertionPointToStart(funcOp.addEntryBlock());
    Value size = encoding.calculateStorageSizeInBytes(loc, builder, type, {});
    if (!size)
      return -1;
    auto returnOp = func::ReturnOp::create(builder, loc, size);
    if (failed(applyPatternsGreedily(funcOp, RewritePatternSet(&context))))
      return -3;
    APInt value;
    if (matchPattern(returnOp.getOperand(0), m_ConstantInt(&value)))
      return value.getSExtValue();
    return -2;
  }
};

//===----------------------------------------------------------------------===//
// Compatibility (§3.1)
//===----------------------------------------------------------------------===//

TEST_F(EncodingResolverTest, AreCompatible) {
  Attribute testing = attr("#iree_encoding.testing<>");
  Attribute serialized =
      attr("#iree_encoding.testing<layouts = [#iree_encoding.identity]>");
  Attribute identity = attr("#iree_encoding.identity");
  Attribute packed = attr("#iree_encoding.packed_storage");
  Attribute unknown = attr("#iree_encoding.unknown");
  auto compatible = SerializableAttr::areCompatible;
  EXPECT_TRUE(compatible(nullptr, nullptr));
  EXPECT_TRUE(compatible(testing, testing));
  // One side unserialized: compatible.
  EXPECT_TRUE(compatible(testing, serialized));
  // Both serialized and different: not.
  EXPECT_FALSE(compatible(serialized, identity));
  // Absent vs serializable: not, except packed_storage.
  EXPECT_FALSE(compatible(nullptr, testing));
  EXPECT_FALSE(compatible(identity, nullptr));
  EXPECT_TRUE(compatible(nullptr, packed));
  EXPECT_TRUE(compatible(packed, nullptr));
  EXPECT_FALSE(compatible(packed, identity));
  // Non-serializable encodings take the null branches.
  EXPECT_TRUE(compatible(unknown, nullptr));
  EXPECT_TRUE(
      compatible(unknown, attr("#iree_encoding.specialization_resolver<1>")));
  EXPECT_FALSE(compatible(unknown, identity));
}

//===----------------------------------------------------------------------===//
// encoding_info records (§6.1)
//===----------------------------------------------------------------------===//

TEST_F(EncodingResolverTest, EncodingInfoRoundTrip) {
  MaterializeEncodingInfo info;
  info.innerDimsPos = {1, 0};
  info.innerTileSizes = {16, ShapedType::kDynamic};
  info.outerDimsPerm = {1, 0};
  info.scalableTiles = SmallVector<bool>{true, false};
  TileSwizzle swizzle;
  SwizzleDim a;
  a.kind = SwizzleDim::Kind::CrossThread;
  a.size = 4;
  a.factor = 2;
  SwizzleDim b;
  b.kind = SwizzleDim::Kind::Internal;
  b.size = 4;
  b.multiplier = "ArmSveVLIn128bitUnits";
  SwizzleDim c;
  c.kind = SwizzleDim::Kind::CrossIntrinsic;
  c.size = 2;
  swizzle.expandShape = {{a, b}, {c}};
  swizzle.permutation = {2, 0, 1};
  info.swizzle = swizzle;

  DictionaryAttr dict = serializeEncodingInfo(&context, info);
  std::optional<MaterializeEncodingInfo> back = deserializeEncodingInfo(dict);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->innerDimsPos, info.innerDimsPos);
  EXPECT_EQ(back->innerTileSizes, info.innerTileSizes);
  EXPECT_EQ(back->outerDimsPerm, info.outerDimsPerm);
  ASSERT_TRUE(back->scalableTiles);
  EXPECT_EQ(*back->scalableTiles, *info.scalableTiles);
  ASSERT_TRUE(back->swizzle);
  ASSERT_EQ(back->swizzle->expandShape.size(), 2u);
  EXPECT_EQ(back->swizzle->expandShape[0][0].factor, 2);
  EXPECT_EQ(back->swizzle->expandShape[0][1].multiplier,
            "ArmSveVLIn128bitUnits");
  EXPECT_EQ(back->swizzle->expandShape[1][0].kind,
            SwizzleDim::Kind::CrossIntrinsic);
  EXPECT_EQ(back->swizzle->permutation, swizzle.permutation);
  // Keys print sorted; the identity record has three empty lists.
  EXPECT_EQ(
      serializeEncodingInfo(&context, MaterializeEncodingInfo()),
      attr("{innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}"));
}

TEST_F(EncodingResolverTest, EncodingInfoRejectsMalformed) {
  auto dict = [&](StringRef source) {
    return cast<DictionaryAttr>(attr(source));
  };
  EXPECT_FALSE(deserializeEncodingInfo(
      dict("{innerDimsPos = [0], innerTileSizes = [1]}")));
  EXPECT_FALSE(deserializeEncodingInfo(dict(
      "{innerDimsPos = [0], innerTileSizes = [\"a\"], outerDimsPerm = [0]}")));
  EXPECT_FALSE(deserializeEncodingInfo(
      dict("{innerDimsPos = [], innerTileSizes = [], outerDimsPerm = [], "
           "scalableTiles = [1]}")));
  EXPECT_FALSE(deserializeEncodingInfo(
      dict("{innerDimsPos = [], innerTileSizes = [], outerDimsPerm = [], "
           "swizzle = {expandShape = [[[\"CrossThread\", 2 : i16, 128 : "
           "i16]]], permutation = [0]}}")));
  EXPECT_FALSE(deserializeEncodingInfo(
      dict("{innerDimsPos = [], innerTileSizes = [], outerDimsPerm = [], "
           "swizzle = {expandShape = [[[\"Sideways\", 2 : i16]]], "
           "permutation = [0]}}")));
}

//===----------------------------------------------------------------------===//
// Tile selection and narrow dimensions (§6.3)
//===----------------------------------------------------------------------===//

TEST_F(EncodingResolverTest, ChooseMatmulTile) {
  SmallVector<TileMxNxK> tiles = {
      {16, 16, 1}, {8, 16, 1}, {4, 16, 1}, {2, 16, 1}, {1, 16, 1}};
  auto eq = [](TileMxNxK t, int64_t m, int64_t n, int64_t k) {
    return t.m == m && t.n == n && t.k == k;
  };
  // No narrow dimension: the largest M·N·K.
  EXPECT_TRUE(eq(chooseMatmulTile(tiles, NarrowDim(), true), 16, 16, 1));
  // Narrow M of 3 (rounded to 4): no penalty for M ≤ 4; the largest wins.
  NarrowDim narrowM{NarrowDim::Dim::M, 3};
  EXPECT_TRUE(eq(chooseMatmulTile(tiles, narrowM, true), 4, 16, 1));
  // Narrow N: chosen as M, then M and N swapped.
  NarrowDim narrowN{NarrowDim::Dim::N, 2};
  EXPECT_TRUE(eq(chooseMatmulTile(tiles, narrowN, true), 16, 2, 1));
  // Without the transposition the penalty still looks at M.
  EXPECT_TRUE(eq(chooseMatmulTile(tiles, narrowN, false), 2, 16, 1));
  // A dynamic tile is taken as is.
  SmallVector<TileMxNxK> dynamicTiles = {
      {ShapedType::kDynamic, ShapedType::kDynamic, ShapedType::kDynamic}};
  EXPECT_TRUE(chooseMatmulTile(dynamicTiles, narrowM, true).isDynamic());
}

TEST_F(EncodingResolverTest, NarrowDimensions) {
  auto narrow = [&](StringRef sizes) {
    return getPo2NarrowDim(matmul(0, "f32, f32, f32", sizes));
  };
  EXPECT_FALSE(getPo2NarrowDim(matmul(0)));
  EXPECT_FALSE(narrow("?, ?, 16"));
  EXPECT_FALSE(narrow("8, 8, 16"));
  NarrowDim n = narrow("?, 3, 16");
  EXPECT_TRUE(n.isN());
  EXPECT_EQ(n.size, 4);
  NarrowDim m = narrow("5, ?, 16");
  EXPECT_TRUE(m.isM());
  EXPECT_EQ(m.size, 8);
  EXPECT_TRUE(narrow("64, 2, 16").isN());
  EXPECT_TRUE(narrow("1, 64, 16").isM());
  EXPECT_TRUE(isNarrowNResult(matmul(2, "f32, f32, f32", "64, 2, 16")));
  EXPECT_FALSE(isNarrowNResult(matmul(1, "f32, f32, f32", "64, 2, 16")));
}

TEST_F(EncodingResolverTest, MatmulRecords) {
  TileMxNxK tile{8, 4, 2};
  auto lhs = getMatmulEncodingInfo(matmul(0), tile);
  auto rhs = getMatmulEncodingInfo(matmul(1), tile);
  auto out = getMatmulEncodingInfo(matmul(2), tile);
  ASSERT_TRUE(lhs && rhs && out);
  EXPECT_EQ(lhs->innerDimsPos, (SmallVector<int64_t>{0, 1}));
  EXPECT_EQ(lhs->innerTileSizes, (SmallVector<int64_t>{8, 2}));
  EXPECT_EQ(rhs->innerDimsPos, (SmallVector<int64_t>{1, 0}));
  EXPECT_EQ(rhs->innerTileSizes, (SmallVector<int64_t>{4, 2}));
  EXPECT_EQ(rhs->outerDimsPerm, (SmallVector<int64_t>{1, 0}));
  EXPECT_EQ(out->innerTileSizes, (SmallVector<int64_t>{8, 4}));
  transposeNarrowNResult(*out);
  EXPECT_EQ(out->innerDimsPos, (SmallVector<int64_t>{1, 0}));
  EXPECT_EQ(out->innerTileSizes, (SmallVector<int64_t>{4, 8}));
}

//===----------------------------------------------------------------------===//
// Resolvers
//===----------------------------------------------------------------------===//

TEST_F(EncodingResolverTest, CPUResolverTiles) {
  auto resolve = [&](StringRef triple, StringRef features, EncodingAttr enc,
                     StringRef shape) {
    auto resolver =
        cast<LayoutResolverAttr>(attr("#iree_cpu.cpu_encoding_resolver<>"));
    Attribute simplified =
        resolver.cloneWithSimplifiedConfig(cast<DictionaryAttr>(
            attr(("{target_triple = \"" + triple + "\", cpu_features = \"" +
                  features + "\", unrelated = 1}")
                     .str())));
    // Only the CPU keys are kept.
    EXPECT_FALSE(cast<iree_cpu::CPUEncodingResolverAttr>(simplified)
                     .getConfiguration()
                     .get("unrelated"));
    RankedTensorType type = RankedTensorType::get(
        tensor(shape).getShape(), tensor(shape).getElementType(), enc);
    return recordOf(cast<LayoutResolverAttr>(simplified).getLayout(type));
  };
  // x86-64: +avx512f / +avx / neither for f32.
  EXPECT_EQ(
      resolve("x86_64-unknown-linux", "+avx512f", matmul(0), "tensor<?x?xf32>")
          .innerTileSizes,
      (SmallVector<int64_t>{16, 1}));
  EXPECT_EQ(
      resolve("x86_64-unknown-linux", "+avx", matmul(0), "tensor<?x?xf32>")
          .innerTileSizes,
      (SmallVector<int64_t>{8, 1}));
  EXPECT_EQ(resolve("x86_64-unknown-linux", "", matmul(1), "tensor<?x?xf32>")
                .innerTileSizes,
            (SmallVector<int64_t>{4, 1}));
  // Features are matched exactly after splitting at commas.
  EXPECT_EQ(resolve("x86_64-unknown-linux", "+avx512fx,+avx", matmul(0),
                    "tensor<?x?xf32>")
                .innerTileSizes,
            (SmallVector<int64_t>{8, 1}));
  // AArch64 i8 x i8 -> i32 with +i8mm.
  EXPECT_EQ(resolve("aarch64-unknown-linux", "+i8mm", matmul(0, "i8, i8, i32"),
                    "tensor<?x?xi8>")
                .innerTileSizes,
            (SmallVector<int64_t>{8, 8}));
  // No table (RISC-V, or an unknown type combination): identity.
  EXPECT_TRUE(
      resolve("riscv64-unknown-linux", "+v", matmul(0), "tensor<?x?xf32>")
          .isIdentity());
  EXPECT_TRUE(resolve("x86_64-unknown-linux", "+avx512f",
                      matmul(0, "i4, i4, i4"), "tensor<?x?xi4>")
                  .isIdentity());
  // Not a data-tiling encoding: identity.
  auto resolver = cast<LayoutResolverAttr>(
      attr("#iree_cpu.cpu_encoding_resolver<configuration = {target_triple = "
           "\"x86_64-unknown-linux\"}>"));
  EXPECT_TRUE(recordOf(resolver.getLayout(
                           tensor("tensor<4xf32, #iree_encoding.testing<>>")))
                  .isIdentity());
}

TEST_F(EncodingResolverTest, BitcastAdjustment) {
  // An i4 weight bitcast to i8: the last tile scales by 4 / 8.
  auto enc = cast<EncodingAttr>(attr(
      std::string("#iree_encoding.encoding<operand_index = 1 : index, op_type "
                  "= matmul, element_types = [f32, f32, f32], "
                  "original_element_type = i16, ") +
      kMaps + ">"));
  auto resolver = cast<LayoutResolverAttr>(
      attr("#iree_cpu.cpu_encoding_resolver<configuration = {target_triple = "
           "\"x86_64-unknown-linux\", cpu_features = \"+avx512f\"}>"));
  RankedTensorType type =
      RankedTensorType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                            IntegerType::get(&context, 8), enc);
  // Tiles [16, 1] for f32 element types; the last becomes 1 * 16 / 8 = 2.
  EXPECT_EQ(recordOf(resolver.getLayout(type)).innerTileSizes,
            (SmallVector<int64_t>{16, 2}));
}

TEST_F(EncodingResolverTest, VMVXResolver) {
  auto resolver =
      cast<LayoutResolverAttr>(attr("#iree_cpu.vmvx_encoding_resolver<>"));
  auto withUkernels = cast<LayoutResolverAttr>(
      resolver.cloneWithSimplifiedConfig(cast<DictionaryAttr>(
          attr("{ukernels = \"all\", target_triple = \"x\"}"))));
  EXPECT_EQ(
      cast<iree_cpu::VMVXEncodingResolverAttr>(withUkernels).getConfiguration(),
      attr("{ukernels = \"all\"}"));
  RankedTensorType type =
      RankedTensorType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                            Float32Type::get(&context), matmul(0));
  // ukernels: one fully dynamic tile.
  MaterializeEncodingInfo dynamicInfo = recordOf(withUkernels.getLayout(type));
  EXPECT_EQ(dynamicInfo.innerTileSizes,
            (SmallVector<int64_t>{ShapedType::kDynamic, ShapedType::kDynamic}));
  // Default: [8, 8, 4] for the LHS.
  auto plain = cast<LayoutResolverAttr>(
      resolver.cloneWithSimplifiedConfig(DictionaryAttr::get(&context)));
  EXPECT_EQ(recordOf(plain.getLayout(type)).innerTileSizes,
            (SmallVector<int64_t>{8, 4}));
}

TEST_F(EncodingResolverTest, GPUDataTiledTile) {
  std::string target =
      "#iree_gpu.target<arch = \"gfx942\", features = \"\", wgp = <compute = "
      "fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], "
      "subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, "
      "1024], max_thread_count_per_workgroup = 1024, "
      "max_workgroup_memory_bytes = 65536, max_workgroup_counts = "
      "[2147483647, 2147483647, 2147483647], max_load_instruction_bits = "
      "128, simds_per_wgp = 4, vgpr_space_bits = 16384>>";
  auto resolver =
      cast<LayoutResolverAttr>(attr("#iree_gpu.gpu_encoding_resolver<>"));
  auto simplified = cast<LayoutResolverAttr>(
      resolver.cloneWithSimplifiedConfig(cast<DictionaryAttr>(
          attr("{iree_codegen.target_info = " + target + "}"))));
  auto layout = [&](EncodingAttr enc) {
    return recordOf(simplified.getLayout(
        RankedTensorType::get({ShapedType::kDynamic, ShapedType::kDynamic},
                              Float32Type::get(&context), enc)));
  };
  // The worked example of §6.5: tile (128, 128, 16).
  EXPECT_EQ(layout(matmul(0)).innerTileSizes, (SmallVector<int64_t>{128, 16}));
  EXPECT_EQ(layout(matmul(1)).innerTileSizes, (SmallVector<int64_t>{128, 16}));
  EXPECT_EQ(layout(matmul(2)).innerTileSizes, (SmallVector<int64_t>{128, 128}));
  // Small static sizes bound the unrolling: M = N = 16 gives maxM = maxN = 1,
  // so the tile is a single intrinsic: (16, 16, 4 · kU).
  EXPECT_EQ(layout(matmul(2, "f32, f32, f32", "16, 16, 64")).innerTileSizes,
            (SmallVector<int64_t>{16, 16}));
  EXPECT_EQ(layout(matmul(0, "f32, f32, f32", "16, 16, 64")).innerTileSizes,
            (SmallVector<int64_t>{16, 16}));
  // Element types without an intrinsic: identity.
  EXPECT_TRUE(layout(matmul(0, "f16, f16, f32")).isIdentity());
  // getUnifiedEncoding is the first encoding.
  Attribute first = matmul(0), second = matmul(1);
  EXPECT_EQ(resolver.getUnifiedEncoding({first, second}), first);
  EXPECT_FALSE(resolver.getUnifiedEncoding({}));
}

TEST_F(EncodingResolverTest, PaddingResolver) {
  auto resolver = cast<LayoutResolverAttr>(
      attr("#iree_gpu.gpu_padding_resolver<cache_line_bytes = 128, "
           "cache_sets = 4>"));
  auto pad = [&](StringRef type) { return resolver.getLayout(tensor(type)); };
  EXPECT_EQ(pad("tensor<?x2048xf16, #iree_encoding.padding<[0, ?]>>"),
            attr("#iree_encoding.padding<[0, 64]>"));
  EXPECT_EQ(pad("tensor<?x200xf32, #iree_encoding.padding<[0, ?]>>"),
            attr("#iree_encoding.padding<[0, 24]>"));
  EXPECT_EQ(pad("tensor<?x16xf16, #iree_encoding.padding<[0, ?]>>"),
            attr("#iree_encoding.padding<[0, 0]>"));
  // 4096 bytes of i8 rows: aligned and a multiple of 512 -> one more line.
  EXPECT_EQ(pad("tensor<?x4096xi8, #iree_encoding.padding<[0, ?]>>"),
            attr("#iree_encoding.padding<[0, 128]>"));
  EXPECT_FALSE(pad("tensor<2048x?xf16, #iree_encoding.padding<[0, ?]>>"));
  EXPECT_FALSE(pad("tensor<?x64xf16, #iree_encoding.padding<[?, ?]>>"));
  EXPECT_FALSE(pad("tensor<?x64xf16, #iree_encoding.testing<>>"));
  EXPECT_EQ(pad("tensor<?x64xf16, #iree_encoding.padding<[0, 8]>>"),
            attr("#iree_encoding.padding<[0, 8]>"));
  // Sub-byte elements: zero padding.
  EXPECT_EQ(pad("tensor<?x4096xi4, #iree_encoding.padding<[0, ?]>>"),
            attr("#iree_encoding.padding<[0, 0]>"));
}

//===----------------------------------------------------------------------===//
// Storage sizes (§4, §6.1)
//===----------------------------------------------------------------------===//

TEST_F(EncodingResolverTest, StaticStorageSizes) {
  auto size = [&](StringRef encoding, StringRef type) {
    return staticSize(cast<SerializableAttr>(attr(encoding)), tensor(type));
  };
  EXPECT_EQ(size("#iree_encoding.identity", "tensor<3x5xf16>"), 30);
  EXPECT_EQ(size("#iree_encoding.identity", "tensor<8xi4>"), 4);
  EXPECT_EQ(size("#iree_encoding.identity", "tensor<3xi4>"), -1);
  EXPECT_EQ(size("#iree_encoding.identity", "tensor<2xcomplex<f32>>"), 16);
  EXPECT_EQ(size("#iree_encoding.padding<[1, 2]>", "tensor<3x5xi8>"), 28);
  EXPECT_EQ(size("#iree_encoding.padding<[1]>", "tensor<3x5xi8>"), -1);
  EXPECT_EQ(size("#iree_encoding.packed_storage", "tensor<9xi1>"), 2);
  EXPECT_EQ(size("#iree_encoding.packed_storage", "tensor<3x3xi2>"), 3);
  // max(layouts): the padded layout is larger.
  EXPECT_EQ(size("#iree_encoding.layout<[#iree_encoding.identity, "
                 "#iree_encoding.padding<[0, 4]>]>",
                 "tensor<2x4xf32>"),
            64);
  EXPECT_EQ(size("#iree_encoding.layout<[#iree_encoding.padding<[0, 4]>]>",
                 "tensor<2x4xf32>"),
            64);
  EXPECT_EQ(size("#iree_cpu.cpu_encoding_resolver<configuration = "
                 "{encoding_info = {innerDimsPos = [0, 1], innerTileSizes = "
                 "[8, 4], outerDimsPerm = [0, 1]}}>",
                 "tensor<5x7xf32>"),
            8 * 8 * 4);
  // Sub-byte packed layouts: 16 x 2 i4 elements = 16 bytes.
  EXPECT_EQ(size("#iree_cpu.cpu_encoding_resolver<configuration = "
                 "{encoding_info = {innerDimsPos = [0], innerTileSizes = "
                 "[16], outerDimsPerm = [0, 1]}}>",
                 "tensor<9x2xi4>"),
            16);
  // Not sizeable: an unserialized verbose encoding.
  EXPECT_EQ(size("#iree_encoding.testing<layouts = [#iree_encoding.encoding<"
                 "operand_index = 0, op_type = matmul, element_types = []>]>",
                 "tensor<4xf32>"),
            -1);
}

TEST_F(EncodingResolverTest, StorageElementTypes) {
  using iree_encoding::legalizeStorageElementType;
  EXPECT_EQ(legalizeStorageElementType(tensor("tensor<4xi1>")),
            IntegerType::get(&context, 8));
  EXPECT_EQ(legalizeStorageElementType(
                tensor("tensor<4xi1, #iree_encoding.packed_storage>")),
            IntegerType::get(&context, 1));
  EXPECT_EQ(legalizeStorageElementType(tensor("tensor<4xi3>")),
            IntegerType::get(&context, 8));
  EXPECT_EQ(legalizeStorageElementType(tensor("tensor<4xi4>")),
            IntegerType::get(&context, 4));
  EXPECT_EQ(legalizeStorageElementType(tensor("tensor<4xui33>")),
            IntegerType::get(&context, 64, IntegerType::Unsigned));
  EXPECT_EQ(legalizeStorageElementType(tensor("tensor<4xbf16>")),
            BFloat16Type::get(&context));
}

//===----------------------------------------------------------------------===//
// HAL's resolver lookup (§7.2)
//===----------------------------------------------------------------------===//

TEST_F(EncodingResolverTest, HALResolverLookup) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    #t1 = #hal.executable.target<"vmvx", "a", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
    #t2 = #hal.executable.target<"vmvx", "b", {iree.encoding.resolver = #iree_encoding.specialization_resolver<2>}>
    #t3 = #hal.executable.target<"vmvx", "c", {}>
    #t4 = #hal.executable.target<"rocm", "d", {iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, subgroup_size_choices = [64], max_workgroup_sizes = [1], max_thread_count_per_workgroup = 1, max_workgroup_memory_bytes = 1, max_workgroup_counts = [1]>>}>
    module attributes {hal.device.targets = [#hal.device.target<"legacy", [#t3]> : !hal.device]} {
      util.global private @two = #hal.device.target<"local", [#t1, #t2, #t1]> : !hal.device
      util.global private @none = #hal.device.target<"local", [#t3]> : !hal.device
      util.global private @gpu = #hal.device.target<"local", [#t4]> : !hal.device
      util.global private @uninitialized : !hal.device
      util.func public @f() {
        util.return
      }
    }
  )mlir");
  ASSERT_TRUE(module);
  auto interfaces = stream::gatherAffinityAnalysisDialectInterfaces(&context);
  ASSERT_EQ(interfaces.size(), 1u);
  stream::ResolveLayoutAttrFn resolve =
      interfaces.front()->makeLayoutAttrResolver(*module);
  Operation *funcOp = &module->getBody()->back();
  auto affinity = [&](StringRef source) {
    return cast<stream::AffinityAttr>(attr(source));
  };
  SmallVector<stream::AffinityAndOpPair> queries = {
      {affinity("#hal.device.affinity<@two>"), funcOp},
      {affinity("#hal.device.affinity<@none>"), funcOp},
      {affinity("#hal.device.affinity<@gpu>"), funcOp},
      {affinity("#hal.device.affinity<@uninitialized>"), funcOp},
      {affinity("#hal.device.promise<@two>"), funcOp},
      {affinity("#hal.device.affinity<@missing>"), funcOp},
  };
  llvm::DenseMap<stream::AffinityAndOpPair, stream::LayoutAttrSet> results;
  ASSERT_TRUE(succeeded(resolve(queries, results)));
  auto resolvers = [&](unsigned i) {
    SmallVector<Attribute> list(results[queries[i]].begin(),
                                results[queries[i]].end());
    return list;
  };
  // Both targets of @two, without duplicates.
  EXPECT_EQ(resolvers(0),
            (SmallVector<Attribute>{
                attr("#iree_encoding.specialization_resolver<1>"),
                attr("#iree_encoding.specialization_resolver<2>")}));
  // No key: the identity resolver.
  EXPECT_EQ(resolvers(1),
            (SmallVector<Attribute>{attr("#iree_encoding.identity_resolver")}));
  // Simplified against the target's configuration.
  EXPECT_EQ(resolvers(2),
            (SmallVector<Attribute>{attr("#iree_gpu.gpu_padding_resolver<"
                                         "cache_line_bytes = 128, cache_sets "
                                         "= 4>")}));
  // No initial value, another affinity kind, a missing global: the legacy
  // hal.device.targets lookup.
  for (unsigned i : {3u, 4u, 5u})
    EXPECT_EQ(resolvers(i), (SmallVector<Attribute>{
                                attr("#iree_encoding.identity_resolver")}))
        << i;
}

TEST_F(EncodingResolverTest, HALResolverWithoutTargets) {
  OwningOpRef<ModuleOp> module = parse(R"mlir(
    util.global private @uninitialized : !hal.device
    util.func public @f() {
      util.return
    }
  )mlir");
  ASSERT_TRUE(module);
  auto interfaces = stream::gatherAffinityAnalysisDialectInterfaces(&context);
  ASSERT_EQ(interfaces.size(), 1u);
  stream::ResolveLayoutAttrFn resolve =
      interfaces.front()->makeLayoutAttrResolver(*module);
  stream::AffinityAndOpPair query = {
      cast<stream::AffinityAttr>(attr("#hal.device.affinity<@uninitialized>")),
      &module->getBody()->back()};
  llvm::DenseMap<stream::AffinityAndOpPair, stream::LayoutAttrSet> results;
  ASSERT_TRUE(succeeded(resolve({query}, results)));
  // A query without executable targets gets no entry.
  EXPECT_FALSE(results.contains(query));
}

} // namespace
