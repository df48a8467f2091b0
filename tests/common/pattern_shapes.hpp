// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// Shapes with known Minkowski functionals on a periodic grid, for the tests
// of physics/minkowski.hpp, and the counts of their cell complex found by
// enumerating every vertex, edge, face and cell of the whole grid (no ranks,
// no ghosts, no ownership), plus the boundary from face-adjacent on/off pairs.
#include <cmath>
#include <functional>
#include <string>
#include <vector>

#include "physics/minkowski.hpp"

namespace gs::test {

// Whether global cell (x, y, z) is "on"; indices within [0, n).
using ShapeFn = std::function<bool(long x, long y, long z)>;

struct Shape {
  std::string name;
  int dims;
  std::array<long, 3> n;  // n[2] = 1 in 2D
  ShapeFn on;
  long long euler;  // the known Euler characteristic
};

// Periodic distance along one axis between a cell centre and c.
inline double wrap_delta(long i, double c, long n) {
  double d = (double(i) + 0.5) - c;
  d -= double(n) * std::round(d / double(n));
  return d;
}

// Cell centres within radius r of (cx, cy, cz), measured across the periodic wrap.
inline ShapeFn disk(double cx, double cy, double r, std::array<long, 3> n) {
  return [=](long x, long y, long) {
    const double dx = wrap_delta(x, cx, n[0]), dy = wrap_delta(y, cy, n[1]);
    return dx * dx + dy * dy <= r * r;
  };
}
inline ShapeFn ball(double cx, double cy, double cz, double r, std::array<long, 3> n) {
  return [=](long x, long y, long z) {
    const double dx = wrap_delta(x, cx, n[0]), dy = wrap_delta(y, cy, n[1]), dz = wrap_delta(z, cz, n[2]);
    return dx * dx + dy * dy + dz * dz <= r * r;
  };
}
inline ShapeFn any_of(std::vector<ShapeFn> parts) {
  return [=](long x, long y, long z) {
    for (const auto& p : parts)
      if (p(x, y, z)) return true;
    return false;
  };
}
inline ShapeFn minus(ShapeFn a, ShapeFn b) {
  return [=](long x, long y, long z) { return a(x, y, z) && !b(x, y, z); };
}

// The shapes the tests know the answer for. (cx, cy, cz): where the first
// part sits, so a test can move it across rank boundaries and the wrap.
inline std::vector<Shape> shapes_2d(std::array<long, 3> n, double cx, double cy) {
  std::vector<Shape> s;
  const auto at = [&](double dx, double dy) { return std::array<double, 2>{cx + dx, cy + dy}; };
  s.push_back({"empty", 2, n, [](long, long, long) { return false; }, 0});
  s.push_back({"everything", 2, n, [](long, long, long) { return true; }, 0});  // a torus
  s.push_back({"single_cell", 2, n, [=](long x, long y, long) { return x == long(cx) % n[0] && y == long(cy) % n[1]; }, 1});
  {
    std::vector<ShapeFn> disks;
    for (int i = 0; i < 5; ++i) {
      const auto c = at(7.3 * i, 3.1 * (i % 2));
      disks.push_back(disk(c[0], c[1], 2.2 + 0.3 * i, n));
    }
    s.push_back({"five_disks", 2, n, any_of(disks), 5});
  }
  s.push_back({"annulus", 2, n, minus(disk(cx, cy, 9.5, n), disk(cx, cy, 5.2, n)), 0});
  {
    std::vector<ShapeFn> holes;
    for (int i = 0; i < 3; ++i) holes.push_back(disk(cx - 5 + 5.5 * i, cy + 0.5, 1.6, n));
    s.push_back({"disk_three_holes", 2, n, minus(disk(cx, cy, 11.0, n), any_of(holes)), 1 - 3});
  }
  s.push_back({"stripe_x", 2, n, [=](long, long y, long) { return std::abs(wrap_delta(y, cy, n[1])) < 3; }, 0});
  s.push_back({"stripe_y", 2, n, [=](long x, long, long) { return std::abs(wrap_delta(x, cx, n[0])) < 2; }, 0});
  // Convention: squares that share only a corner touch (one component); the
  // off square enclosed by four on squares through their edges is a hole.
  s.push_back({"corner_touching_pair", 2, n,
               [=](long x, long y, long) {
                 const long x0 = long(cx) % n[0], y0 = long(cy) % n[1];
                 return (x == x0 && y == y0) || (x == (x0 + 1) % n[0] && y == (y0 + 1) % n[1]);
               },
               1});
  s.push_back({"diamond_ring", 2, n,
               [=](long x, long y, long) {
                 const long dx = std::abs(long(std::lround(wrap_delta(x, std::floor(cx) + 0.5, n[0])))),
                            dy = std::abs(long(std::lround(wrap_delta(y, std::floor(cy) + 0.5, n[1]))));
                 return dx + dy == 1;
               },
               0});
  return s;
}

inline std::vector<Shape> shapes_3d(std::array<long, 3> n, double cx, double cy, double cz) {
  std::vector<Shape> s;
  s.push_back({"empty", 3, n, [](long, long, long) { return false; }, 0});
  s.push_back({"everything", 3, n, [](long, long, long) { return true; }, 0});  // a 3-torus
  s.push_back({"single_cube", 3, n,
               [=](long x, long y, long z) { return x == long(cx) % n[0] && y == long(cy) % n[1] && z == long(cz) % n[2]; }, 1});
  s.push_back({"ball", 3, n, ball(cx, cy, cz, 5.3, n), 1});
  s.push_back({"two_balls", 3, n, any_of({ball(cx, cy, cz, 3.2, n), ball(cx + 9, cy + 1, cz - 1, 2.7, n)}), 2});
  s.push_back({"spherical_shell", 3, n, minus(ball(cx, cy, cz, 7.6, n), ball(cx, cy, cz, 4.4, n)), 2});
  s.push_back({"solid_torus", 3, n,
               [=](long x, long y, long z) {
                 const double dx = wrap_delta(x, cx, n[0]), dy = wrap_delta(y, cy, n[1]), dz = wrap_delta(z, cz, n[2]);
                 const double ring = std::hypot(dx, dy) - 6.0;
                 return ring * ring + dz * dz <= 2.3 * 2.3;
               },
               0});
  // Wraps along x and y: a thickened 2-torus, T^2 x I.
  s.push_back({"slab", 3, n, [=](long, long, long z) { return std::abs(wrap_delta(z, cz, n[2])) < 2.5; }, 0});
  // Wraps along x only: a solid ring S^1 x D^2.
  s.push_back({"rod", 3, n,
               [=](long, long y, long z) { return std::hypot(wrap_delta(y, cy, n[1]), wrap_delta(z, cz, n[2])) < 2.6; }, 0});
  // Cubes that share only a corner, or only an edge, touch.
  s.push_back({"corner_touching_pair", 3, n,
               [=](long x, long y, long z) {
                 const long x0 = long(cx) % n[0], y0 = long(cy) % n[1], z0 = long(cz) % n[2];
                 return (x == x0 && y == y0 && z == z0) ||
                        (x == (x0 + 1) % n[0] && y == (y0 + 1) % n[1] && z == (z0 + 1) % n[2]);
               },
               1});
  s.push_back({"edge_touching_pair", 3, n,
               [=](long x, long y, long z) {
                 const long x0 = long(cx) % n[0], y0 = long(cy) % n[1], z0 = long(cz) % n[2];
                 return (x == x0 && y == y0 && z == z0) || (x == (x0 + 1) % n[0] && y == (y0 + 1) % n[1] && z == z0);
               },
               1});
  return s;
}

// The counts of the whole periodic grid by enumeration: a vertex (edge, face)
// of the grid belongs to the union when one of the cells that meet it is on.
// The boundary: ordered pairs of face neighbours with one cell on and one off.
struct Enumerated {
  PatternCounts counts;
  long long boundary = 0;
};

inline Enumerated enumerate(const Shape& s) {
  const std::array<long, 3> n = s.n;
  const bool three = s.dims == 3;
  std::vector<char> grid(std::size_t(n[0] * n[1] * n[2]));
  const auto idx = [&](long x, long y, long z) {
    x = ((x % n[0]) + n[0]) % n[0];
    y = ((y % n[1]) + n[1]) % n[1];
    z = ((z % n[2]) + n[2]) % n[2];
    return std::size_t((z * n[1] + y) * n[0] + x);
  };
  for (long z = 0; z < n[2]; ++z)
    for (long y = 0; y < n[1]; ++y)
      for (long x = 0; x < n[0]; ++x) grid[idx(x, y, z)] = s.on(x, y, z) ? 1 : 0;
  const auto on = [&](long x, long y, long z) { return grid[idx(x, y, z)] != 0; };
  // Whether any cell of the block [x - sx, x] x [y - sy, y] x [z - sz, z] is on.
  const auto any = [&](long x, long y, long z, int sx, int sy, int sz) {
    for (int c = 0; c <= sz; ++c)
      for (int b = 0; b <= sy; ++b)
        for (int a = 0; a <= sx; ++a)
          if (on(x - a, y - b, z - c)) return true;
    return false;
  };
  Enumerated e;
  PatternCounts& c = e.counts;
  const int sz = three ? 1 : 0;
  for (long z = 0; z < n[2]; ++z)
    for (long y = 0; y < n[1]; ++y)
      for (long x = 0; x < n[0]; ++x) {
        c.cells += on(x, y, z);
        // The grid point at the low corner of cell (x, y, z), the edges and
        // faces through it: each element of the periodic grid once.
        c.vertices += any(x, y, z, 1, 1, sz);
        if (three) {
          c.edges[0] += any(x, y, z, 0, 1, 1);
          c.edges[1] += any(x, y, z, 1, 0, 1);
          c.edges[2] += any(x, y, z, 1, 1, 0);
          c.faces[0] += any(x, y, z, 1, 0, 0);
          c.faces[1] += any(x, y, z, 0, 1, 0);
          c.faces[2] += any(x, y, z, 0, 0, 1);
        } else {
          c.edges[0] += any(x, y, z, 0, 1, 0);
          c.edges[1] += any(x, y, z, 1, 0, 0);
        }
        for (int d = 0; d < s.dims; ++d)
          if (on(x, y, z) != on(x + (d == 0), y + (d == 1), z + (d == 2))) ++e.boundary;
      }
  return e;
}

inline bool same_counts(const PatternCounts& a, const PatternCounts& b) {
  for (int i = 0; i < PatternCounts::kMembers; ++i)
    if (a.data()[i] != b.data()[i]) return false;
  return true;
}

inline std::string counts_text(const PatternCounts& c) {
  return "cells " + std::to_string(c.cells) + ", faces " + std::to_string(c.faces[0]) + "/" + std::to_string(c.faces[1]) + "/" +
         std::to_string(c.faces[2]) + ", edges " + std::to_string(c.edges[0]) + "/" + std::to_string(c.edges[1]) + "/" +
         std::to_string(c.edges[2]) + ", vertices " + std::to_string(c.vertices);
}

}  // namespace gs::test
