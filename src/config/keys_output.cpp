// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The output.* keys of the key table (key_table.hpp): the output folder,
// images, progress lines, the measured pattern and field files.
#include "config/key_sections.hpp"

#include <cmath>

namespace gs {

namespace {

constexpr const char* kBoxForms = R"~(expected "mid_x", "mid_y", "mid_z", a list [x0, x1, y0, y1(, z0, z1)], or a list of these)~";

OutputBox read_one_box(const Setting& s) {
  OutputBox b;
  if (s.value.is_string()) {
    b.plane = read_enum(s, kBoxPlaneNames);
  } else if (s.value.is_array()) {
    b.plane = BoxPlane::Box;
    b.bounds = read_real_list(s, 0.0, true);
  } else {
    throw_setting(s, kBoxForms);
  }
  return b;
}

// output.box: one plane or box, or a list whose entries are planes or boxes.
std::vector<OutputBox> read_boxes(const Setting& s) {
  if (!s.value.is_array()) return {read_one_box(s)};
  const auto& items = s.value.as_array();
  const bool several = !items.empty() && (items[0].is_string() || items[0].is_array());
  if (!several) return {read_one_box(s)};
  std::vector<OutputBox> boxes;
  for (std::size_t i = 0; i < items.size(); ++i) {
    // Messages name the entry after the key, as box_problem does: "key 'output.box': entry 2: ...".
    const Setting entry{s.key, items[i], s.source, "entry " + std::to_string(i + 1)};
    if (!items[i].is_string() && !items[i].is_array()) throw_setting(entry, kBoxForms);
    boxes.push_back(read_one_box(entry));
  }
  return boxes;
}

Json box_json(const OutputBox& b) {
  return b.plane == BoxPlane::Box ? Json(b.bounds) : Json(name_of(b.plane));
}

}  // namespace

std::vector<KeySpec> output_keys() {
  return {
    {"output.dir", RestartRole::Free, "string", "path", "folder for images, logs and summary.json (created if missing)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.dir = read_nonempty_string(s); },
     [](const SimConfig& c) { return Json(c.output.dir); }},
    {"output.every", RestartRole::Free, "integer", "steps", "images and digest at step 0 of a fresh run, every N steps and the last step (0: only step 0 and the last)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.every = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.output.every); }},
    {"output.log_every", RestartRole::Free, "integer", "steps", "progress line and NaN check every N steps (0: about 20 per run)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.log_every = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.output.log_every); }},
    {"output.pattern_threshold", RestartRole::Free, R"~(number or "auto" or "off")~", "-", R"~(threshold theta of the measured pattern: the area (volume) fraction, boundary per area (surface per volume), mean curvature and Euler characteristic of the cells with v >= theta, in pattern.csv at every progress line; "auto": insitu.iso's first value (0.25 by default); "off": not measured)~",
     [](const Setting& s, SimConfig& c, Pending&) {
       if (s.value.is_string()) {
         c.output.pattern = read_choice(s, {"auto", "off"}) == "off" ? OutputConfig::Pattern::Off : OutputConfig::Pattern::Auto;
       } else if (s.value.is_integer() || s.value.is_floating()) {
         if (s.value.is_floating() && !std::isfinite(s.value.as_floating()))
           throw_setting(s, R"~(the value is not finite (NaN or infinity); allowed: a finite number, "auto" or "off")~");
         // v lies between 0 and 1: a threshold outside puts every cell or none in the set.
         const double theta = s.value.is_integer() ? double(s.value.as_integer()) : s.value.as_floating();
         // (0 and subnormals, which compare as 0 under the solver's flush-to-zero: read_real's messages.)
         if (theta < 0 || theta >= 1)
           throw_setting(s, "value " + json_number(theta) + R"~( is out of range; allowed: a number above 0 and below 1 (v lies between 0 and 1: outside, every cell or none is on), "auto" or "off")~");
         c.output.pattern_threshold = read_real(s, 0, false);
         c.output.pattern = OutputConfig::Pattern::Value;
       } else {
         throw_setting(s, R"~(expected a finite number, "auto" or "off")~");
       }
     },
     [](const SimConfig& c) {
       switch (c.output.pattern) {
         case OutputConfig::Pattern::Off: return Json("off");
         case OutputConfig::Pattern::Auto: return Json("auto");
         default: return Json(c.output.pattern_threshold);
       }
     }},
    {"output.pattern_every", RestartRole::Free, "integer", "steps", "a row of pattern.csv every N steps, and at the first and last step (0: at every progress line, output.log_every)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.pattern_every = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.output.pattern_every); }},
    {"output.dynamics_window", RestartRole::Free, "number", "time", "the pattern's dynamics (docs/patterns.md): each row of pattern.csv also measures how v changed over this window (a whole number of steps, at most the rows' interval), and summary.json gets the verdict steady, oscillating, chaotic, evolving or decayed (0: off)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.dynamics_window = read_real(s, 0, true); },
     [](const SimConfig& c) { return Json(c.output.dynamics_window); }},
    {"output.field", RestartRole::Free, "string", "-", R"~(field drawn in images: "u" or "v")~",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.field = read_enum(s, kOutputFieldNames); },
     [](const SimConfig& c) { return Json(name_of(c.output.field)); }},
    {"output.colormap", RestartRole::Free, "string", "-", R"~("inferno", "viridis", "magma" or "gray")~",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.colormap = read_enum(s, kColormapNames); },
     [](const SimConfig& c) { return Json(name_of(c.output.colormap)); }},
    {"output.vmin", RestartRole::Free, "number", "-", "value drawn as the colormap's first colour",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.vmin = read_real(s, -HUGE_VAL, true); },
     [](const SimConfig& c) { return Json(c.output.vmin); }},
    {"output.vmax", RestartRole::Free, "number", "-", "value drawn as the colormap's last colour (> vmin)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.vmax = read_real(s, -HUGE_VAL, true); },
     [](const SimConfig& c) { return Json(c.output.vmax); }},
    {"output.image_scale", RestartRole::Free, "integer", "pixels/cell", "pixels per cell edge in images (0: smallest giving at least 256 px height; 1 to 16)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.image_scale = (int)read_int(s, 0, 16); },
     [](const SimConfig& c) { return Json(c.output.image_scale); }},
    {"output.fields_every", RestartRole::Free, "integer", "steps", "u and v as HDF5 + XDMF (opens in ParaView) every N steps (0: never)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_every = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.output.fields_every); }},
    {"output.fields_precision", RestartRole::Free, "string", "-", R"~(floating point of the values in every field output: "same" (the run's grid.precision), "float32" or "float64"; checkpoints always keep the run's)~",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_precision = read_enum(s, kFieldPrecisionNames); },
     [](const SimConfig& c) { return Json(name_of(c.output.fields_precision)); }},
    {"output.fields_compression", RestartRole::Free, "string", "-", R"~(lossless compression of every field output: "none" or "deflate" (HDF5 shuffle + deflate, chunks chosen by the program; opens in ParaView and h5py as it is))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_compression = read_enum(s, kFieldCompressionNames); },
     [](const SimConfig& c) { return Json(name_of(c.output.fields_compression)); }},
    {"output.fields_deflate_level", RestartRole::Free, "integer", "-", R"~(deflate level with output.fields_compression = "deflate": 1 (fastest) to 9 (smallest))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.fields_deflate_level = (int)read_int(s, 1, 9); },
     [](const SimConfig& c) { return Json(c.output.fields_deflate_level); }},
    {"output.subsample_every", RestartRole::Free, "integer", "steps", "every output.subsample_stride-th cell of u and v along each axis as HDF5 + XDMF (fields_sub_NNNNNNNN.h5, fields_sub.xmf) every N steps (0: never)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.subsample_every = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.output.subsample_every); }},
    {"output.subsample_stride", RestartRole::Free, "integer", "cells", "output.subsample_every keeps cells 0, k, 2k, ... along each axis (2 to 4096)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.subsample_stride = read_int(s, 2, 4096); },
     [](const SimConfig& c) { return Json(c.output.subsample_stride); }},
    {"output.box_every", RestartRole::Free, "integer", "steps", "the cells of output.box as HDF5 + XDMF (fields_box_NNNNNNNN.h5, fields_box.xmf) every N steps (0: never)",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.box_every = read_int(s, 0, 1L << 50); },
     [](const SimConfig& c) { return Json(c.output.box_every); }},
    {"output.box", RestartRole::Free, "string or list", "length", R"~(cells written by output.box_every: "mid_x", "mid_y", "mid_z" (the plane through the middle cell across that axis, as in the images) or [x0, x1, y0, y1] in 2D, [x0, x1, y0, y1, z0, z1] in 3D (the cells whose centres lie in the box, 0 <= x0 <= x1 <= L); or a list of these, each written to its own files (["mid_x", "mid_y", "mid_z"]: fields_box_mid_x_NNNNNNNN.h5, ...; a box by its place: fields_box_2_NNNNNNNN.h5))~",
     [](const Setting& s, SimConfig& c, Pending&) { c.output.boxes = read_boxes(s); },
     [](const SimConfig& c) {
       Json entries = Json::array();
       for (const OutputBox& b : c.output.boxes) entries.push_back(box_json(b));
       return c.output.boxes.size() == 1 ? entries[0] : entries;
     }},
  };
}

}  // namespace gs
