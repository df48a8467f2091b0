#include "io/image_writer.hpp"

#include <algorithm>
#include <cstdio>

#include "io/colormap.hpp"
#include "io/plane_gather.hpp"
#include "io/png.hpp"

namespace gs {

int image_step_digits(long steps) {
  int digits = 1;
  for (long rest = steps; rest >= 10; rest /= 10) ++digits;
  return std::max(6, digits);
}

std::string image_file_name(OutputField field, long step, long steps) {
  char name[64];
  std::snprintf(name, sizeof name, "%s_%0*ld.png", name_of(field), image_step_digits(steps), step);
  return name;
}

namespace {
constexpr int kImageGap = 4;  // pixels between planes
}

std::vector<std::pair<int, long>> image_planes(const Decomposition& dec) {
  if (dec.dims() == 2) return {{2, 0}};
  std::vector<std::pair<int, long>> planes;
  for (int axis : {2, 1, 0}) planes.emplace_back(axis, dec.global_n()[axis] / 2);
  return planes;
}

ImageLayout image_layout(const OutputConfig& out, const std::vector<std::pair<int, int>>& plane_cells) {
  int cells_high = 1;
  for (const auto& [wide, high] : plane_cells) cells_high = std::max(cells_high, high);
  ImageLayout l;
  l.scale = out.image_scale > 0 ? out.image_scale : std::max(1, std::min(16, (256 + cells_high - 1) / cells_high));
  l.height = cells_high * l.scale;
  for (const auto& [wide, high] : plane_cells) l.width += wide * l.scale + (l.width ? kImageGap : 0);
  return l;
}

BufferSpecs image_buffers(const OutputConfig& out, const Decomposition& dec, std::size_t value_bytes) {
  BufferSpecs largest;
  std::vector<std::pair<int, int>> cells;
  double gathered = 0, largest_gathered = 0;
  for (const auto& [axis, index] : image_planes(dec)) {
    BufferSpecs plane = plane_buffers(dec, axis, index, value_bytes);
    if (largest.empty() || plane.at(0).values() > largest.at(0).values()) largest = plane;
    int a = 0, b = 0;
    plane_axes(axis, a, b);
    cells.emplace_back(int(dec.global_n()[a]), int(dec.global_n()[b]));
    const double values = double(dec.global_n()[a]) * double(dec.global_n()[b]);
    gathered += values;
    largest_gathered = std::max(largest_gathered, values);
  }
  BufferSpecs b;
  if (largest.at(0).values() > 0) b = largest;
  if (dec.rank() == 0) {
    // Every plane's values, kept, plus the gather buffer of the one in flight.
    const std::size_t held = std::size_t(gathered + largest_gathered);
    b.push_back({"image_gather (rank 0)", {held, 1, 1}, sizeof(double), BufferHome::HostVector});
    const ImageLayout l = image_layout(out, cells);
    b.push_back({"image_pixels (rank 0)", {std::size_t(l.width), std::size_t(l.height), 3}, 1, BufferHome::HostVector});
  }
  return b;
}

template <class Real>
std::string ImageWriter::write(long step, const State<Real>& state) const {
  const Field<Real>& f = out_.field == OutputField::U ? state.u : state.v;
  std::vector<Plane> planes;
  for (const auto& [axis, index] : image_planes(dec_)) planes.push_back(gather_plane(f, dec_, axis, index));
  if (dec_.rank() != 0) return {};

  std::vector<std::pair<int, int>> cells;
  for (const auto& p : planes) cells.emplace_back(p.width, p.height);
  const ImageLayout layout = image_layout(out_, cells);
  const int scale = layout.scale, width = layout.width, height = layout.height;
  const int gap = kImageGap;
  std::vector<std::uint8_t> rgb(std::size_t(width) * height * 3, 40);  // dark grey between panels
  const double inv_range = 1.0 / (out_.vmax - out_.vmin);
  int x0 = 0;
  for (const auto& p : planes) {
    for (int j = 0; j < p.height * scale; ++j)
      for (int i = 0; i < p.width * scale; ++i) {
        const double value = p.values[std::size_t(j / scale) * p.width + std::size_t(i / scale)];
        const Rgb c = colormap(out_.colormap, (value - out_.vmin) * inv_range);
        // Second axis points up, as in a plot: row 0 of the image is its last index.
        const std::size_t px = (std::size_t(height - 1 - j) * width + std::size_t(x0 + i)) * 3;
        rgb[px] = c[0];
        rgb[px + 1] = c[1];
        rgb[px + 2] = c[2];
      }
    x0 += p.width * scale + gap;
  }
  const std::string path = out_.dir + "/" + image_file_name(out_.field, step, steps_);
  write_png(path, width, height, rgb);
  return path;
}

template std::string ImageWriter::write(long, const State<float>&) const;
template std::string ImageWriter::write(long, const State<double>&) const;

}  // namespace gs
