// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// Images of a run (image_writer.hpp): colormaps, plane gathers, PNG files
// and the images themselves.
#include "io/image_writer.hpp"

#include <png.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "core/error.hpp"

namespace gs {

// ---- Colormaps

namespace {

using Table = std::array<Rgb, 33>;

// Samples of matplotlib's inferno, viridis and magma at t = i/32.
const Table kInferno = {{{0, 0, 4}, {4, 3, 18}, {11, 7, 36}, {21, 11, 55}, {33, 12, 74}, {47, 10, 91}, {61, 9, 101},
                         {74, 12, 107}, {87, 16, 110}, {100, 21, 110}, {113, 25, 110}, {125, 30, 109}, {138, 34, 106},
                         {151, 39, 102}, {163, 44, 97}, {176, 49, 91}, {188, 55, 84}, {199, 62, 76}, {210, 70, 68},
                         {219, 80, 59}, {228, 90, 49}, {235, 102, 40}, {241, 115, 29}, {246, 128, 19}, {249, 142, 9},
                         {251, 157, 7}, {252, 172, 17}, {251, 188, 33}, {249, 203, 53}, {245, 219, 76}, {242, 234, 105},
                         {243, 246, 138}, {252, 255, 164}}};
const Table kViridis = {{{68, 1, 84}, {71, 13, 96}, {72, 24, 106}, {72, 35, 116}, {71, 45, 123}, {69, 55, 129},
                         {66, 64, 134}, {62, 73, 137}, {59, 82, 139}, {55, 91, 141}, {51, 99, 141}, {47, 107, 142},
                         {44, 114, 142}, {41, 122, 142}, {38, 130, 142}, {35, 137, 142}, {33, 145, 140}, {31, 152, 139},
                         {31, 160, 136}, {34, 167, 133}, {40, 174, 128}, {50, 182, 122}, {63, 188, 115}, {78, 195, 107},
                         {94, 201, 98}, {112, 207, 87}, {132, 212, 75}, {152, 216, 62}, {173, 220, 48}, {194, 223, 35},
                         {216, 226, 25}, {236, 229, 27}, {253, 231, 37}}};
const Table kMagma = {{{0, 0, 4}, {3, 3, 18}, {10, 8, 34}, {19, 13, 52}, {29, 17, 71}, {41, 17, 90}, {54, 16, 107},
                       {68, 15, 118}, {81, 18, 124}, {93, 23, 127}, {106, 28, 129}, {118, 33, 129}, {131, 38, 129},
                       {144, 42, 129}, {156, 46, 127}, {170, 51, 125}, {183, 55, 121}, {196, 60, 117}, {208, 65, 111},
                       {220, 72, 105}, {231, 82, 99}, {239, 93, 94}, {245, 107, 92}, {249, 121, 93}, {252, 137, 97},
                       {253, 152, 105}, {254, 167, 114}, {254, 182, 124}, {254, 196, 136}, {254, 211, 149},
                       {253, 226, 163}, {252, 240, 178}, {252, 253, 191}}};

}  // namespace

Rgb colormap(Colormap map, double t) {
  if (!(t > 0)) t = 0;  // also catches NaN
  if (t > 1) t = 1;
  const Table* table = &kInferno;
  switch (map) {
    case Colormap::Gray: {
      const auto g = std::uint8_t(std::lround(255 * t));
      return {g, g, g};
    }
    case Colormap::Inferno: table = &kInferno; break;
    case Colormap::Viridis: table = &kViridis; break;
    case Colormap::Magma: table = &kMagma; break;
  }
  const double pos = t * 32;
  const int i = std::min(31, int(pos));
  const double f = pos - i;
  Rgb out;
  for (int c = 0; c < 3; ++c) out[c] = std::uint8_t(std::lround((*table)[i][c] * (1 - f) + (*table)[i + 1][c] * f));
  return out;
}

// ---- Planes

void plane_axes(int axis, int& first, int& second) {
  first = axis == 0 ? 1 : 0;
  second = axis == 2 ? 1 : 2;
}

BufferSpecs plane_buffers(const Decomposition& dec, int axis, long index, std::size_t value_bytes) {
  int a = 0, b = 0;
  plane_axes(axis, a, b);
  const bool mine = index >= dec.offset()[axis] && index < dec.offset()[axis] + dec.local_n()[axis];
  const std::array<std::size_t, 3> extent{mine ? std::size_t(dec.local_n()[b]) : 0, std::size_t(dec.local_n()[a]), 1};
  return {{"plane", extent, value_bytes, BufferHome::Field, OtherCopy::SameLabel},
          {"image_plane_copy", extent, sizeof(double), BufferHome::HostVector}};
}

namespace {

template <class Real>
using Plane2D = Kokkos::View<Real**, Kokkos::LayoutRight, MemSpace>;

// The owned part of the plane on this rank as a contiguous (second, first) array.
template <class Real>
Plane2D<Real> local_plane(const Field<Real>& f, const Decomposition& dec, int axis, long index) {
  const IndexBox o = dec.owned();
  const int k = int(index - dec.offset()[axis]) + o.lo[axis];
  const auto xr = std::make_pair(o.lo[0], o.hi[0]);
  const auto yr = std::make_pair(o.lo[1], o.hi[1]);
  const auto zr = std::make_pair(o.lo[2], o.hi[2]);
  auto out = allocate<Plane2D<Real>>(plane_buffers(dec, axis, index, sizeof(Real)).at(0));
  if (axis == 2) Kokkos::deep_copy(out, Kokkos::subview(f, k, yr, xr));
  if (axis == 1) Kokkos::deep_copy(out, Kokkos::subview(f, zr, k, xr));
  if (axis == 0) Kokkos::deep_copy(out, Kokkos::subview(f, zr, yr, k));
  return out;
}

}  // namespace

template <class Real>
Plane gather_plane(const Field<Real>& f, const Decomposition& dec, int axis, long index) {
  int a = 0, b = 0;
  plane_axes(axis, a, b);
  const bool mine = index >= dec.offset()[axis] && index < dec.offset()[axis] + dec.local_n()[axis];
  // Header per rank: first/second origin and extent (0 extent when not on the plane).
  long header[4] = {dec.offset()[a], dec.offset()[b], mine ? dec.local_n()[a] : 0, mine ? dec.local_n()[b] : 0};
  std::vector<double> local;
  if (mine) {
    auto plane = local_plane(f, dec, axis, index);
    auto host = Kokkos::create_mirror_view_and_copy(Kokkos::HostSpace(), plane);
    local.assign(host.data(), host.data() + host.size());
  }
  const int nranks = dec.size();
  std::vector<long> headers(dec.rank() == 0 ? 4 * nranks : 0);
  GS_MPI_CHECK(MPI_Gather(header, 4, MPI_LONG, headers.data(), 4, MPI_LONG, 0, dec.comm()));
  std::vector<int> counts(nranks, 0), displs(nranks, 0);
  std::vector<double> all;
  if (dec.rank() == 0) {
    long total = 0;
    for (int r = 0; r < nranks; ++r) {
      counts[r] = int(headers[4 * r + 2] * headers[4 * r + 3]);
      displs[r] = int(total);
      total += counts[r];
    }
    all.resize(std::size_t(total));
  }
  GS_MPI_CHECK(MPI_Gatherv(local.data(), int(local.size()), MPI_DOUBLE, all.data(), counts.data(), displs.data(),
                           MPI_DOUBLE, 0, dec.comm()));
  Plane p;
  p.width = int(dec.global_n()[a]);
  p.height = int(dec.global_n()[b]);
  if (dec.rank() != 0) return p;
  p.values.assign(std::size_t(p.width) * p.height, 0.0);
  for (int r = 0; r < nranks; ++r) {
    const long a0 = headers[4 * r], b0 = headers[4 * r + 1], na = headers[4 * r + 2], nb = headers[4 * r + 3];
    for (long j = 0; j < nb; ++j)
      for (long i = 0; i < na; ++i)
        p.values[std::size_t(b0 + j) * p.width + std::size_t(a0 + i)] = all[std::size_t(displs[r] + j * na + i)];
  }
  return p;
}

template Plane gather_plane(const Field<float>&, const Decomposition&, int, long);
template Plane gather_plane(const Field<double>&, const Decomposition&, int, long);

// ---- PNG files

void write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb) {
  GS_REQUIRE(rgb.size() == std::size_t(width) * height * 3, "image buffer size");
  const std::string tmp = path + ".tmp";
  FILE* fp = std::fopen(tmp.c_str(), "wb");
  if (!fp) throw RunError(tmp + ": cannot write image (" + std::strerror(errno) + ")");
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, nullptr, nullptr, nullptr);
  png_infop info = png ? png_create_info_struct(png) : nullptr;
  if (!png || !info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, &info);
    std::fclose(fp);
    std::remove(tmp.c_str());
    throw RunError(path + ": libpng failed to write the image");
  }
  png_init_io(png, fp);
  png_set_IHDR(png, info, png_uint_32(width), png_uint_32(height), 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
               PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int row = 0; row < height; ++row)
    png_write_row(png, const_cast<png_bytep>(rgb.data() + std::size_t(row) * width * 3));
  png_write_end(png, nullptr);
  png_destroy_write_struct(&png, &info);
  const bool closed = std::fclose(fp) == 0;
  if (!closed || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw RunError(path + ": cannot finish writing the image (" + std::strerror(errno) + ")");
  }
}

// ---- Images

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
