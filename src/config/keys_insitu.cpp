// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The insitu.* keys of the key table (key_table.hpp): ParaView Catalyst scripts
// and the views the ready scripts draw.
#include "config/key_sections.hpp"

#include <array>
#include <cmath>

namespace gs {

namespace {

// One path or a list of paths; an empty list switches the feature off.
std::vector<std::string> read_path_list(const Setting& s) {
  if (!s.value.is_array()) return {read_nonempty_string(s)};
  std::vector<std::string> out;
  for (const auto& item : s.value.as_array()) out.push_back(read_nonempty_string(Setting{s.key, item, s.source, s.entry}));
  return out;
}

// Exactly `count` numbers in [lo, hi], for in-situ vectors and colours.
template <std::size_t N>
std::array<double, N> read_real_n(const Setting& s, double lo, double hi, const char* example) {
  std::array<double, N> out{};
  const std::string what = "expected a list of " + std::to_string(N) + " numbers" +
                           (lo > -1e299 ? " from " + json_number(lo) + " to " + json_number(hi) : std::string()) + ", e.g. " + example;
  if (!s.value.is_array() || s.value.as_array().size() != N) throw_setting(s, what);
  for (std::size_t i = 0; i < N; ++i) {
    const Setting item{s.key, s.value.as_array()[i], s.source};
    if (!item.value.is_integer() && !item.value.is_floating()) throw_setting(s, what + "; entry " + std::to_string(i + 1) + " is not a number");
    out[i] = read_real_range(item, lo, true, hi);
  }
  return out;
}

// A camera vector [x, y, z], or "none" (then `given` is false and the preset decides).
void read_camera_vector(const Setting& s, std::array<double, 3>& out, bool& given) {
  if (s.value.is_string()) {
    read_choice(s, {"none"});
    given = false;
    return;
  }
  if (!s.value.is_array()) throw_setting(s, R"~(expected a list of 3 numbers, e.g. [0, 0, 1], or "none")~");
  out = read_real_n<3>(s, -1e300, 1e300, "[0, 0, 1]");
  given = true;
}

Json camera_vector_json(bool given, const std::array<double, 3>& v) { return given ? Json(std::vector<double>(v.begin(), v.end())) : Json("none"); }

}  // namespace

std::vector<KeySpec> insitu_keys() {
  return {
    {"insitu.script", RestartRole::Free, "string or list of strings", "path", "ParaView Catalyst Python scripts run in situ (e.g. inputs/catalyst/isosurface.py); [] = no in-situ output; needs a build with Catalyst; relative paths in an input file: from its folder, else the current one",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.scripts = read_path_list(s); },
     [](const SimConfig& c) { return Json(c.insitu.scripts); }},
    {"insitu.every", RestartRole::Free, "integer", "steps", "hand the fields to the scripts every N steps, at the first step and at the last (>= 1)",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.every = read_int(s, 1, 1L << 50); },
     [](const SimConfig& c) { return Json(c.insitu.every); }},
    {"insitu.iso", RestartRole::Free, "number or list", "-", "iso values of insitu.contour_array (v by default) passed to the scripts (isosurfaces, contour lines)",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.iso = read_real_list(s, -HUGE_VAL, true); },
     [](const SimConfig& c) { return first_of(c.insitu.iso.data(), int(c.insitu.iso.size())); }},
    {"insitu.fail", RestartRole::Free, "string", "-", R"~(a failed in-situ call (a script error on any rank, files not written): "error" fails the run (exit 1), "warn" reports it, turns in situ off and the run goes on (exit 0, failure in summary.json))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.fail_is_error = read_choice(s, {"error", "warn"}) == "error"; },
     [](const SimConfig& c) { return Json(c.insitu.fail_is_error ? "error" : "warn"); }},
    {"insitu.contour_array", RestartRole::Free, "string", "-", R"~(array the ready scripts contour at insitu.iso: "u" or "v")~",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.contour = read_enum(s, kOutputFieldNames); },
     [](const SimConfig& c) { return Json(name_of(c.insitu.contour)); }},
    {"insitu.color_array", RestartRole::Free, "string", "-", R"~(array that colours surfaces and planes: "u", "v" or "auto" (surfaces by the array not contoured, planes by the contoured one))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.color = read_enum(s, kInsituColorNames); },
     [](const SimConfig& c) { return Json(name_of(c.insitu.color)); }},
    {"insitu.color_range", RestartRole::Free, R"~(list of 2 numbers or string)~", "-", R"~(colour range [min, max] (min < max), "default" (fixed per array: v [0, 0.5]; u [0.3, 0.6] on surfaces, [0.2, 1] on planes) or "auto" (the range shown, over all ranks, at each call))~",
     [](const Setting& s, SimConfig& c, Pending&) {
       if (s.value.is_string()) {
         c.insitu.range_mode = read_choice(s, {"default", "auto"}) == "auto" ? InsituConfig::Range::Auto : InsituConfig::Range::Default;
         return;
       }
       if (!s.value.is_array()) throw_setting(s, R"~(expected a list of 2 numbers [min, max], "default" or "auto")~");
       c.insitu.color_range = read_real_n<2>(s, -1e300, 1e300, "[0, 0.5]");
       if (!(c.insitu.color_range[0] < c.insitu.color_range[1]))
         throw_setting(s, "min " + json_number(c.insitu.color_range[0]) + " is not below max " + json_number(c.insitu.color_range[1]) + "; allowed: [min, max] with min < max");
       c.insitu.range_mode = InsituConfig::Range::Fixed;
     },
     [](const SimConfig& c) {
       if (c.insitu.range_mode == InsituConfig::Range::Fixed) return first_of(c.insitu.color_range.data(), 2);
       return Json(c.insitu.range_mode == InsituConfig::Range::Auto ? "auto" : "default");
     }},
    {"insitu.image_size", RestartRole::Free, "list of 2 integers", "pixels", "width and height of the images (16 to 8192 each)",
     [](const Setting& s, SimConfig& c, Pending&) {
       const bool pair = s.value.is_array() && s.value.as_array().size() == 2;
       const auto v = pair ? read_int_list(s, 16, 8192) : std::vector<long>{};
       if (!pair) throw_setting(s, "expected a list of 2 integers [width, height] from 16 to 8192, e.g. [800, 600]");
       c.insitu.image_size = {v[0], v[1]};
     },
     [](const SimConfig& c) { return first_of(c.insitu.image_size.data(), 2); }},
    {"insitu.camera", RestartRole::Free, "string", "-", R"~(camera preset of the 3D views: "iso" (from the +x, -y, +z side), "+x", "-x", "+y", "-y", "+z", "-z" (view direction, as ParaView's buttons) or "auto" ("iso" in 3D, "-z" in 2D); 2D: only "auto", "iso", "+z", "-z"; exclusive with insitu.camera_position)~",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.camera = read_enum(s, kCameraPresetNames); },
     [](const SimConfig& c) { return Json(name_of(c.insitu.camera)); }},
    {"insitu.camera_position", RestartRole::Free, R"~(list of 3 numbers or "none")~", "length", R"~(camera position [x, y, z] in domain coordinates, instead of a preset; "none": from insitu.camera)~",
     [](const Setting& s, SimConfig& c, Pending&) { read_camera_vector(s, c.insitu.position, c.insitu.has_position); },
     [](const SimConfig& c) { return camera_vector_json(c.insitu.has_position, c.insitu.position); }},
    {"insitu.camera_focal_point", RestartRole::Free, R"~(list of 3 numbers or "none")~", "length", R"~(point the camera looks at; "none": the domain centre)~",
     [](const Setting& s, SimConfig& c, Pending&) { read_camera_vector(s, c.insitu.focal_point, c.insitu.has_focal_point); },
     [](const SimConfig& c) { return camera_vector_json(c.insitu.has_focal_point, c.insitu.focal_point); }},
    {"insitu.camera_view_up", RestartRole::Free, R"~(list of 3 numbers or "none")~", "-", R"~(direction shown upwards (not along the view direction); "none": +z, or +y when looking along z)~",
     [](const Setting& s, SimConfig& c, Pending&) { read_camera_vector(s, c.insitu.view_up, c.insitu.has_view_up); },
     [](const SimConfig& c) { return camera_vector_json(c.insitu.has_view_up, c.insitu.view_up); }},
    {"insitu.background", RestartRole::Free, "list of 3 numbers", "-", "background colour [red, green, blue] of the images, each 0 to 1",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.background = read_real_n<3>(s, 0.0, 1.0, "[1, 1, 1] (white)"); },
     [](const SimConfig& c) { return first_of(c.insitu.background.data(), 3); }},
    {"insitu.step_label", RestartRole::Free, "boolean", "-", R"~(the ready scripts write "step N  t = T" at the top right of every image)~",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.step_label = read_bool(s); },
     [](const SimConfig& c) { return Json(c.insitu.step_label); }},
    {"insitu.axes", RestartRole::Free, "boolean", "-", "the ready scripts draw an orientation triad (x, y, z) in the lower left of 3D views (not in pictures of planes, nor below 150 pixels)",
     [](const Setting& s, SimConfig& c, Pending&) { c.insitu.axes = read_bool(s); },
     [](const SimConfig& c) { return Json(c.insitu.axes); }},
  };
}

}  // namespace gs
