#pragma once
// Colour images of the chosen field: the whole plane in 2D, the three
// mid-planes (xy | xz | yz) side by side in 3D, with a fixed value range.
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "core/buffer_spec.hpp"
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

// The planes an image shows, as (normal axis, global index): z = 0 in 2D;
// the mid-planes normal to z, y and x in 3D, drawn left to right.
std::vector<std::pair<int, long>> image_planes(const Decomposition& dec);

// The picture's size for planes of the given global cells (width, height) each:
// every cell drawn as scale x scale pixels, the planes side by side, 4 pixels apart.
struct ImageLayout {
  int scale = 1, width = 0, height = 0;
};
ImageLayout image_layout(const OutputConfig& out, const std::vector<std::pair<int, int>>& plane_cells);

// What writing an image allocates, one plane at a time on every rank
// (plane_buffers of the largest plane this rank holds), and on rank 0 the
// gathered planes, which it keeps until it draws them, and the pixels.
BufferSpecs image_buffers(const OutputConfig& out, const Decomposition& dec, std::size_t value_bytes);

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
