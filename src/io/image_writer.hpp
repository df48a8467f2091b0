// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Images of a run: colormaps, planes gathered on rank 0, PNG files, and the
// colour images of the chosen field: the whole plane in 2D, the three
// mid-planes (xy | xz | yz) side by side in 3D, with a fixed value range.
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "core/buffer_spec.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

// Perceptual colormaps sampled at 33 points and interpolated linearly.
using Rgb = std::array<std::uint8_t, 3>;

// t in [0, 1] (clamped); NaN maps to the first colour.
Rgb colormap(Colormap map, double t);

// Planes: one global plane of a distributed field collected on rank 0. Called
// only at output steps; it moves a plane, never a whole 3D field.
struct Plane {
  int width = 0, height = 0;  // along the first / second in-plane axis
  std::vector<double> values; // row-major, row = second axis; filled on rank 0 only
};

// In-plane axes of the plane normal to `axis`: (x, y) for z, (x, z) for y, (y, z) for x.
void plane_axes(int axis, int& first, int& second);

// What gather_plane allocates on this rank: the owned part of the plane in
// the field space, its host copy, and that copy again as a std::vector (the
// plane's second entry); empty extents where the plane misses the rank. Rank
// 0 adds the gathered values, which its caller keeps (see image_buffers).
BufferSpecs plane_buffers(const Decomposition& dec, int axis, long index, std::size_t value_bytes);

// Collective over dec.comm(). `index` is a global cell index along `axis`.
template <class Real>
Plane gather_plane(const Field<Real>& f, const Decomposition& dec, int axis, long index);

// PNG files (libpng).
// rgb holds width*height*3 bytes, top row first. Writes under a temporary name
// and renames, so a reader never sees a half-written image. Throws RunError.
void write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb);

// Images.
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
