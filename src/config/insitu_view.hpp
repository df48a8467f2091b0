// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// What the ready in-situ scripts show, resolved from the insitu.* keys and the
// grid: the camera (a preset or explicit vectors), and the array and colour
// range of surfaces and of planes. Header-only: the loader checks the camera
// with it, and the in-situ output hands the result across the plugin boundary
// to the scripts as one JSON text, GS_INSITU_SETTINGS (docs/insitu.md).
#include <array>
#include <cmath>
#include <string>

#include "config/config.hpp"
#include "core/json.hpp"

namespace gs {

using Vec3 = std::array<double, 3>;

struct CameraVectors {
  Vec3 position, focal_point, view_up;
};

// Centre of the point grid the scripts see: points run from h/2 to L + h/2
// (the last layer is the periodic image of the first); a 2D grid lies at z = 0.
inline Vec3 insitu_domain_centre(const GridConfig& g) {
  Vec3 c = {0, 0, 0};
  for (int d = 0; d < g.dims; ++d) c[d] = 0.5 * (g.L[d] + g.h(d));
  return c;
}

inline CameraPreset resolved_preset(const SimConfig& c) {
  if (c.insitu.camera != CameraPreset::Auto) return c.insitu.camera;
  return c.grid.dims == 3 ? CameraPreset::Iso : CameraPreset::MinusZ;  // 2D: x to the right, y up
}

inline CameraVectors resolve_camera(const SimConfig& c) {
  const InsituConfig& in = c.insitu;
  CameraVectors cam;
  cam.focal_point = in.has_focal_point ? in.focal_point : insitu_domain_centre(c.grid);
  // From the focal point towards the camera: "+x" looks along +x, so the camera sits on the -x side.
  Vec3 toward = {0.62, -0.55, 0.56};
  switch (resolved_preset(c)) {
    case CameraPreset::Auto:
    case CameraPreset::Iso: break;
    case CameraPreset::PlusX: toward = {-1, 0, 0}; break;
    case CameraPreset::MinusX: toward = {1, 0, 0}; break;
    case CameraPreset::PlusY: toward = {0, -1, 0}; break;
    case CameraPreset::MinusY: toward = {0, 1, 0}; break;
    case CameraPreset::PlusZ: toward = {0, 0, -1}; break;
    case CameraPreset::MinusZ: toward = {0, 0, 1}; break;
  }
  // The whole box in a 30 degree view angle: sin(15 deg) is about 0.26, less a margin.
  double diagonal2 = 0;
  for (int d = 0; d < c.grid.dims; ++d) diagonal2 += c.grid.L[d] * c.grid.L[d];
  const double distance = 0.5 * std::sqrt(diagonal2) / 0.25;
  const double norm = std::sqrt(toward[0] * toward[0] + toward[1] * toward[1] + toward[2] * toward[2]);
  for (int d = 0; d < 3; ++d) cam.position[d] = cam.focal_point[d] + distance * toward[d] / norm;
  if (in.has_position) cam.position = in.position;
  // Default up: +z, unless the view runs (nearly) along z, then +y.
  Vec3 dir;
  for (int d = 0; d < 3; ++d) dir[d] = cam.focal_point[d] - cam.position[d];
  const double len = std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
  const bool along_z = len > 0 && std::fabs(dir[2]) > 0.99 * len;
  cam.view_up = in.has_view_up ? in.view_up : along_z ? Vec3{0, 1, 0} : Vec3{0, 0, 1};
  return cam;
}

// Why the camera cannot give a picture, or "" when it can.
inline std::string camera_problem(const CameraVectors& cam) {
  Vec3 dir;
  for (int d = 0; d < 3; ++d) dir[d] = cam.focal_point[d] - cam.position[d];
  const Vec3& u = cam.view_up;
  const double dl = std::sqrt(dir[0] * dir[0] + dir[1] * dir[1] + dir[2] * dir[2]);
  const double ul = std::sqrt(u[0] * u[0] + u[1] * u[1] + u[2] * u[2]);
  if (!(dl > 0)) return "the camera position is the focal point; the camera needs a direction to look in";
  if (!(ul > 0)) return "the view-up vector is zero";
  const Vec3 cross = {dir[1] * u[2] - dir[2] * u[1], dir[2] * u[0] - dir[0] * u[2], dir[0] * u[1] - dir[1] * u[0]};
  const double cl = std::sqrt(cross[0] * cross[0] + cross[1] * cross[1] + cross[2] * cross[2]);
  if (cl < 1e-6 * dl * ul) return "the view-up vector is parallel to the view direction (focal point - position); give one across it";
  return "";
}

// An array and its colour range, for surfaces (contours) or planes (slices).
inline Json insitu_coloring(const SimConfig& c, bool surface) {
  const InsituConfig& in = c.insitu;
  const char* contoured = name_of(in.contour);
  const char* other = in.contour == OutputField::U ? "v" : "u";
  const std::string array = in.color == InsituColor::Auto ? (surface ? other : contoured) : name_of(in.color);
  Json range;
  switch (in.range_mode) {
    case InsituConfig::Range::Fixed: range = Json::array({in.color_range[0], in.color_range[1]}); break;
    case InsituConfig::Range::Auto: range = "auto"; break;
    case InsituConfig::Range::Default:
      // v spans 0 to about 0.5 in every pattern; u on a v isosurface spans a narrow band.
      range = array == "v" ? Json::array({0.0, 0.5}) : surface ? Json::array({0.3, 0.6}) : Json::array({0.2, 1.0});
      break;
  }
  return Json{{"array", array}, {"range", range}};
}

// Everything the ready scripts read, as GS_INSITU_SETTINGS holds it.
inline Json insitu_settings(const SimConfig& c, const std::string& out_dir) {
  const CameraVectors cam = resolve_camera(c);
  const auto list = [](const auto& a) { return Json(std::vector<double>(a.begin(), a.end())); };
  Json j;
  j["dir"] = out_dir;
  j["dims"] = c.grid.dims;
  j["length"] = list(c.grid.L);
  j["centre"] = list(insitu_domain_centre(c.grid));
  j["contour_array"] = name_of(c.insitu.contour);
  j["iso"] = c.insitu.iso;
  j["surface"] = insitu_coloring(c, true);
  j["plane"] = insitu_coloring(c, false);
  j["image_size"] = {c.insitu.image_size[0], c.insitu.image_size[1]};
  j["background"] = list(c.insitu.background);
  // A preset looking at the domain centre is fitted by the scripts to the
  // image left of the legend (gs_view.fit_camera); explicit vectors are kept.
  const bool fit = !c.insitu.has_position && !c.insitu.has_focal_point;
  j["camera"] = Json{{"position", list(cam.position)}, {"focal_point", list(cam.focal_point)}, {"view_up", list(cam.view_up)}, {"view_angle", 30}, {"fit", fit}};
  j["step_label"] = c.insitu.step_label;
  j["axes"] = c.insitu.axes;
  return j;
}

}  // namespace gs
