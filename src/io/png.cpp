#include "io/png.hpp"

#include <png.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "core/error.hpp"

namespace gs {

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

}  // namespace gs
