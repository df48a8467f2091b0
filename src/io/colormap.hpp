#pragma once
// Perceptual colormaps sampled at 33 points and interpolated linearly.
#include <array>
#include <cstdint>
#include "config/choices.hpp"

namespace gs {

using Rgb = std::array<std::uint8_t, 3>;

// t in [0, 1] (clamped); NaN maps to the first colour.
Rgb colormap(Colormap map, double t);

}  // namespace gs
