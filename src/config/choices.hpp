// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Named choices of the input (init.type, physics.map, ...) as enums, so every
// switch over them is checked by -Wswitch, with one table per enum giving the
// names the input uses. The loader reads names through these tables; code
// compares enum values only.
#include <cstddef>

#include "numerics/integrator.hpp"

namespace gs {

enum class InitType { Patch, Pearson, Spots, Spot, Perlin, DiamondSquare, Sine };
enum class ParameterMapType { None, Gradient, Noise };
enum class OutputField { U, V };
enum class Colormap { Inferno, Viridis, Magma, Gray };
// In-situ views (insitu.color_array, insitu.camera; docs/insitu.md).
enum class InsituColor { Auto, U, V };
enum class CameraPreset { Auto, Iso, PlusX, MinusX, PlusY, MinusY, PlusZ, MinusZ };
enum class Precision { Double, Float };
// Field outputs (output.fields_precision, output.fields_compression; docs/io.md).
enum class FieldPrecision { Same, Float32, Float64 };
enum class FieldCompression { None, Deflate };
// output.box: a mid-plane (through the middle cell across x, y or z) or a box.
enum class BoxPlane { MidX, MidY, MidZ, Box };

template <class E>
struct ChoiceName {
  const char* name;
  E value;
};

inline constexpr ChoiceName<Integrator> kIntegratorNames[] = {
    {"euler", Integrator::Euler}, {"rk2", Integrator::RK2}, {"rkl2", Integrator::RKL2}, {"rk4", Integrator::RK4}};
inline constexpr ChoiceName<InitType> kInitTypeNames[] = {{"patch", InitType::Patch},
                                                          {"pearson", InitType::Pearson},
                                                          {"spots", InitType::Spots},
                                                          {"spot", InitType::Spot},
                                                          {"perlin", InitType::Perlin},
                                                          {"diamond_square", InitType::DiamondSquare},
                                                          {"sine", InitType::Sine}};
inline constexpr ChoiceName<ParameterMapType> kParameterMapNames[] = {
    {"none", ParameterMapType::None}, {"gradient", ParameterMapType::Gradient}, {"noise", ParameterMapType::Noise}};
inline constexpr ChoiceName<OutputField> kOutputFieldNames[] = {{"u", OutputField::U}, {"v", OutputField::V}};
inline constexpr ChoiceName<Colormap> kColormapNames[] = {
    {"inferno", Colormap::Inferno}, {"viridis", Colormap::Viridis}, {"magma", Colormap::Magma}, {"gray", Colormap::Gray}};
inline constexpr ChoiceName<Precision> kPrecisionNames[] = {{"double", Precision::Double}, {"float", Precision::Float}};
inline constexpr ChoiceName<FieldPrecision> kFieldPrecisionNames[] = {
    {"same", FieldPrecision::Same}, {"float32", FieldPrecision::Float32}, {"float64", FieldPrecision::Float64}};
inline constexpr ChoiceName<FieldCompression> kFieldCompressionNames[] = {{"none", FieldCompression::None}, {"deflate", FieldCompression::Deflate}};

inline constexpr ChoiceName<InsituColor> kInsituColorNames[] = {
    {"auto", InsituColor::Auto}, {"u", InsituColor::U}, {"v", InsituColor::V}};
// "+x" looks along +x (ParaView's "Set view direction to +X"): the camera on the -x side.
inline constexpr ChoiceName<CameraPreset> kCameraPresetNames[] = {
    {"auto", CameraPreset::Auto},   {"iso", CameraPreset::Iso},     {"+x", CameraPreset::PlusX},  {"-x", CameraPreset::MinusX},
    {"+y", CameraPreset::PlusY},    {"-y", CameraPreset::MinusY},   {"+z", CameraPreset::PlusZ},  {"-z", CameraPreset::MinusZ}};

template <class E, std::size_t N>
constexpr const char* choice_name(const ChoiceName<E> (&table)[N], E value) {
  for (const auto& c : table)
    if (c.value == value) return c.name;
  return "?";
}

inline const char* name_of(Integrator v) { return choice_name(kIntegratorNames, v); }
inline const char* name_of(InitType v) { return choice_name(kInitTypeNames, v); }
inline const char* name_of(ParameterMapType v) { return choice_name(kParameterMapNames, v); }
inline const char* name_of(OutputField v) { return choice_name(kOutputFieldNames, v); }
inline const char* name_of(Colormap v) { return choice_name(kColormapNames, v); }
inline const char* name_of(InsituColor v) { return choice_name(kInsituColorNames, v); }
inline const char* name_of(CameraPreset v) { return choice_name(kCameraPresetNames, v); }
inline const char* name_of(Precision v) { return choice_name(kPrecisionNames, v); }
inline constexpr ChoiceName<BoxPlane> kBoxPlaneNames[] = {{"mid_x", BoxPlane::MidX}, {"mid_y", BoxPlane::MidY}, {"mid_z", BoxPlane::MidZ}};
inline const char* name_of(BoxPlane v) { return choice_name(kBoxPlaneNames, v); }
inline const char* name_of(FieldPrecision v) { return choice_name(kFieldPrecisionNames, v); }
inline const char* name_of(FieldCompression v) { return choice_name(kFieldCompressionNames, v); }
// Bytes of one state value in this precision.
inline constexpr int bytes_of(Precision v) { return v == Precision::Float ? 4 : 8; }

}  // namespace gs
