#pragma once
// Minimal RGB8 PNG writer on libpng.
#include <cstdint>
#include <string>
#include <vector>

namespace gs {

// rgb holds width*height*3 bytes, top row first. Writes under a temporary name
// and renames, so a reader never sees a half-written image. Throws RunError.
void write_png(const std::string& path, int width, int height, const std::vector<std::uint8_t>& rgb);

}  // namespace gs
