#pragma once
// Typed run configuration in physical units. Defaults live here; the key table
// in schema.cpp maps "section.key" names onto these members and validates them.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace gs {

enum class Stencil { P5, P9, P7, P19, P27 };
enum class Integrator { Euler, RK2 };

struct GridConfig {
  int dims = 2;
  std::array<long, 3> n = {256, 256, 1};      // cells per dimension (z = 1 in 2D)
  std::array<double, 3> L = {256.0, 256.0, 1.0};  // domain length per dimension
  int stencil_points = 0;                      // 0: the dimension's default (9 / 27)
  Stencil stencil = Stencil::P9;
  double h(int d) const { return L[d] / double(n[d]); }
  long long cells() const { return (long long)n[0] * n[1] * (dims == 3 ? n[2] : 1); }
};

struct PhysicsConfig {
  double Du = 0.3;   // length^2 / time
  double Dv = 0.15;  // length^2 / time
  double F = 0.037;  // 1 / time
  double k = 0.06;   // 1 / time
  bool clamp = false;
};

struct TimeConfig {
  double dt = 1.0;
  long steps = 10000;
  Integrator integrator = Integrator::Euler;
  bool allow_unstable = false;
};

struct InitConfig {
  std::string type = "patch";  // patch | spots | spot
  std::uint64_t seed = 1;
  double size = 0.1;   // patch side / spot diameter as a fraction of the domain
  long count = 20;     // number of spots for "spots"
  double noise = 0.01; // peak-to-peak noise added inside seeded regions
};

struct OutputConfig {
  std::string dir = "out";
  long every = 1000;     // images + digest log; 0 = only at the end
  long log_every = 0;    // progress line + NaN check; 0 = about 20 lines per run
  std::string field = "v";
  std::string colormap = "inferno";
  double vmin = 0.0;
  double vmax = 0.5;
};

struct ParallelConfig {
  std::array<int, 3> layout = {0, 0, 0};  // ranks per dimension, 0 = chosen by MPI_Dims_create
  bool gpu_aware_mpi = false;             // hand device buffers straight to MPI
};

struct SimConfig {
  GridConfig grid;
  PhysicsConfig physics;
  TimeConfig time;
  InitConfig init;
  OutputConfig output;
  ParallelConfig parallel;
  std::string input_file;  // where the config came from, for messages and the summary
};

}  // namespace gs
