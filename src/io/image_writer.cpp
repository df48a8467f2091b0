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

template <class Real>
std::string ImageWriter::write(long step, const State<Real>& state) const {
  const Field<Real>& f = out_.field == OutputField::U ? state.u : state.v;
  std::vector<Plane> planes;
  if (dec_.dims() == 2) {
    planes.push_back(gather_plane(f, dec_, 2, 0));
  } else {
    for (int axis : {2, 1, 0}) planes.push_back(gather_plane(f, dec_, axis, dec_.global_n()[axis] / 2));
  }
  if (dec_.rank() != 0) return {};

  int cells_high = 0;
  for (const auto& p : planes) cells_high = std::max(cells_high, p.height);
  const int scale = out_.image_scale > 0 ? out_.image_scale : std::max(1, std::min(16, (256 + cells_high - 1) / cells_high));
  const int gap = planes.size() > 1 ? 4 : 0;
  int width = 0;
  const int height = cells_high * scale;
  for (const auto& p : planes) width += p.width * scale + (width ? gap : 0);
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
