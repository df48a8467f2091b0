#pragma once
// Colour images of the chosen field: the whole plane in 2D, the three
// mid-planes (xy | xz | yz) side by side in 3D, with a fixed value range.
#include <string>

#include "config/config.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

class ImageWriter {
 public:
  ImageWriter(const OutputConfig& out, const Decomposition& dec) : out_(out), dec_(dec) {}
  // Collective. Returns the path written (on rank 0; empty elsewhere).
  std::string write(long step, const State& state) const;

 private:
  const OutputConfig& out_;
  const Decomposition& dec_;
};

}  // namespace gs
