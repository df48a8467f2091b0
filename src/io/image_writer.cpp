#include "io/image_writer.hpp"

#include <algorithm>
#include <cstdio>

#include "io/colormap.hpp"
#include "io/plane_gather.hpp"
#include "io/png.hpp"

namespace gs {

std::string ImageWriter::write(long step, const Field& u, const Field& v) const {
  const Field& f = out_.field == "u" ? u : v;
  std::vector<Plane> planes;
  if (dec_.dims() == 2) {
    planes.push_back(gather_plane(f, dec_, 2, 0));
  } else {
    for (int axis : {2, 1, 0}) planes.push_back(gather_plane(f, dec_, axis, dec_.global_n()[axis] / 2));
  }
  if (dec_.rank() != 0) return {};

  const int gap = planes.size() > 1 ? 4 : 0;
  int width = 0, height = 0;
  for (const auto& p : planes) {
    width += p.width + (width ? gap : 0);
    height = std::max(height, p.height);
  }
  std::vector<std::uint8_t> rgb(std::size_t(width) * height * 3, 40);  // dark grey between panels
  const double scale = 1.0 / (out_.vmax - out_.vmin);
  int x0 = 0;
  for (const auto& p : planes) {
    for (int j = 0; j < p.height; ++j)
      for (int i = 0; i < p.width; ++i) {
        const Rgb c = colormap(out_.colormap, (p.values[std::size_t(j) * p.width + i] - out_.vmin) * scale);
        // Second axis points up, as in a plot: row 0 of the image is its last index.
        const std::size_t px = (std::size_t(height - 1 - j) * width + std::size_t(x0 + i)) * 3;
        rgb[px] = c[0];
        rgb[px + 1] = c[1];
        rgb[px + 2] = c[2];
      }
    x0 += p.width + gap;
  }
  char name[64];
  std::snprintf(name, sizeof name, "%s_%06ld.png", out_.field.c_str(), step);
  const std::string path = out_.dir + "/" + name;
  write_png(path, width, height, rgb);
  return path;
}

}  // namespace gs
