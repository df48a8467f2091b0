// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// From a normalised noise value n in [-1, 1] to an initial state:
//   v = A * S((n - threshold) / width + 1/2),   u = 1 - v,
// with S the smoothstep 3x^2 - 2x^3 of x clamped to [0, 1]. Cells well above
// the threshold become seeded (u, v) = (1 - A, A), cells well below stay on the
// trivial state (1, 0), and the band of noise values `width` wide in between
// blends smoothly, so the first Laplacian sees no jump. width = 0 is a sharp step.
#include <Kokkos_Core.hpp>

#include "config/config.hpp"

namespace gs {

struct NoiseToState {
  double threshold = 0;
  double width = 0;
  double amplitude = 0;

  KOKKOS_INLINE_FUNCTION double v(double n) const {
    double x;
    if (width > 0) {
      x = (n - threshold) / width + 0.5;
      x = x < 0 ? 0.0 : (x > 1 ? 1.0 : x);
    } else {
      x = n > threshold ? 1.0 : 0.0;
    }
    return amplitude * (x * x * (3 - 2 * x));
  }
};

inline NoiseToState noise_to_state(const InitConfig& init) {
  NoiseToState m;
  m.threshold = init.threshold;
  m.width = init.smoothing;
  m.amplitude = init.amplitude;
  return m;
}

}  // namespace gs
