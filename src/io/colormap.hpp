#pragma once
// Perceptual colormaps sampled at 33 points and interpolated linearly.
#include <array>
#include <cstdint>
#include <string>

namespace gs {

using Rgb = std::array<std::uint8_t, 3>;

bool colormap_known(const std::string& name);
// t in [0, 1] (clamped); NaN maps to the first colour.
Rgb colormap(const std::string& name, double t);

}  // namespace gs
