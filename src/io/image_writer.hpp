#pragma once
// Colour images of the chosen field: the whole plane in 2D, the three
// mid-planes (xy | xz | yz) side by side in 3D, with a fixed value range.
#include <string>

#include "config/config.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// Digits of the step in the image names of a run of `steps` steps (time.steps):
// 6, or as many as `steps` has when that is more, so that every name of the
// run has the same width and the names sort in step order.
int image_step_digits(long steps);
// "<field>_<step>.png", the step zero-padded to image_step_digits(steps).
std::string image_file_name(OutputField field, long step, long steps);

class ImageWriter {
 public:
  // `steps`: the run's time.steps, which fixes the width of the names.
  ImageWriter(const OutputConfig& out, const Decomposition& dec, long steps) : out_(out), dec_(dec), steps_(steps) {}
  // Collective. Returns the path written (on rank 0; empty elsewhere).
  template <class Real>
  std::string write(long step, const State<Real>& state) const;

 private:
  const OutputConfig& out_;
  const Decomposition& dec_;
  long steps_;
};

}  // namespace gs
