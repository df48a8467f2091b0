// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "numerics/integrator.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace gs {

namespace {

// ---- The schemes, one builder each ----

// y <- y + dt f(y), into register 1, swapped with the state after the step.
Scheme euler_scheme(int) {
  Scheme s;
  s.order = 1;
  s.stability_factor = 1;
  s.roles = {{StageKind::Forward, 0, -1, -1, -1, 1}};
  s.weights = {StageWeights<double>{}};
  s.result = 1;
  return s;
}

// Heun: s = y + dt f(y);  y <- (y + (s + dt f(s))) / 2, written in place over y.
Scheme heun_scheme(int) {
  Scheme s;
  s.order = 2;
  s.stability_factor = 1;
  s.roles = {{StageKind::Forward, 0, -1, -1, -1, 1}, {StageKind::Average, 1, 0, -1, -1, 0}};
  StageWeights<double> average;
  average.c_base = 0.5;
  s.weights = {StageWeights<double>{}, average};
  s.result = 0;
  return s;
}

// RKL2 with `stages` stages: register 0 holds Y_0, register 1 f(Y_0), and Y_j
// (j >= 1) lives in register 2 + (j - 1) % 2: Y_j overwrites Y_{j-2} cell by
// cell, except Y_2, since Y_0 is read to the end.
Scheme rkl2_scheme(int stages) {
  const Rkl2Coefficients c = rkl2_coefficients(stages);
  const auto reg = [](int j) { return j == 0 ? 0 : 2 + (j - 1) % 2; };
  Scheme s;
  s.order = 2;
  s.stability_factor = rkl2_stability_factor(stages);
  s.roles.push_back({StageKind::ForwardKeepRate, 0, -1, -1, 1, reg(1)});
  StageWeights<double> first;
  first.c_f = c.mut[0];
  s.weights.push_back(first);
  for (int j = 2; j <= stages; ++j) {
    const std::size_t i = std::size_t(j - 1);
    s.roles.push_back({StageKind::Combine, reg(j - 1), 0, reg(j - 2), 1, reg(j)});
    StageWeights<double> w;
    w.c_in = c.mu[i];
    w.c_prev = c.nu[i];
    w.c_base = 1.0 - c.mu[i] - c.nu[i];
    w.c_f = c.mut[i];
    w.c_rate = c.gamt[i];
    s.weights.push_back(w);
  }
  s.result = reg(stages);
  return s;
}

// The classic RK4, k1 = f(y0), y1 = y0 + dt/2 k1, y2 = y0 + dt/2 f(y1),
// y3 = y0 + dt f(y2), y_new = y0 + dt/6 (k1 + 2 f(y1) + 2 f(y2) + f(y3)).
// Since f(y1) = 2 (y2 - y0) / dt and f(y2) = (y3 - y0) / dt, the last stage is
// y_new = (2/3) y2 + (1/3) y3 + dt/6 k1 + dt/6 f(y3): four registers (y0, k1
// and two taking turns), no stored f(y1) or f(y2). Registers: 0 = y0, 1 = k1,
// y1 in 2, y2 in 3, y3 over y1 in 2, y_new over y2 in 3. A Combine stage reads
// all of its roles; where a weight is 0 the role names y0 or k1, already read.
Scheme rk4_scheme(int) {
  Scheme s;
  s.order = 4;
  s.stability_factor = rk4_stability_interval() / 2;
  const auto weights = [](double c_in, double c_prev, double c_base, double c_f, double c_rate) {
    StageWeights<double> w;
    w.c_in = c_in;
    w.c_prev = c_prev;
    w.c_base = c_base;
    w.c_f = c_f;
    w.c_rate = c_rate;
    return w;
  };
  s.roles = {{StageKind::ForwardKeepRate, 0, -1, -1, 1, 2},
             {StageKind::Combine, 2, 0, 0, 1, 3},
             {StageKind::Combine, 3, 0, 0, 1, 2},
             {StageKind::Combine, 2, 0, 3, 1, 3}};
  s.weights = {weights(1, 0, 0, 0.5, 0), weights(0, 0, 1, 0.5, 0), weights(0, 0, 1, 1, 0),
               weights(1.0 / 3.0, 2.0 / 3.0, 0, 1.0 / 6.0, 1.0 / 6.0)};
  s.result = 3;
  return s;
}

// The smallest odd s >= 3 whose factor holds `ratio`. Odd, because for even s
// the stability polynomial is +1 at the end of the interval: the stiffest mode
// (the grid checkerboard) would not be damped at all.
int rkl2_auto_stages(double ratio, int max_stages) {
  for (int s = 3; s <= max_stages; s += 2)
    if (rkl2_stability_factor(s) >= ratio) return s;
  return 0;
}

// The table. An integrator that takes a stage count has auto_stages.
struct Entry {
  Integrator integrator;
  Scheme (*build)(int stages);
  int (*auto_stages)(double ratio, int max_stages);
};

constexpr Entry kSchemes[] = {
    {Integrator::Euler, euler_scheme, nullptr},
    {Integrator::RK2, heun_scheme, nullptr},
    {Integrator::RKL2, rkl2_scheme, rkl2_auto_stages},
    {Integrator::RK4, rk4_scheme, nullptr},
};

const Entry& entry_of(Integrator integrator) {
  for (const Entry& e : kSchemes)
    if (e.integrator == integrator) return e;
  throw std::logic_error("integrator without an entry in the scheme table");
}

}  // namespace

int Scheme::registers() const {
  int highest = result;
  for (const StageRoles& r : roles) highest = std::max({highest, r.in, r.base, r.prev, r.rate, r.out});
  return highest + 1;
}

bool Scheme::blocks() const {
  if (registers() > 2) return false;
  return std::all_of(roles.begin(), roles.end(),
                     [](const StageRoles& r) { return r.kind == StageKind::Forward || r.kind == StageKind::Average; });
}

int Scheme::values_moved_per_cell() const {
  int values = 0;
  for (const StageRoles& r : roles) {
    // Registers read (each once, however many roles name it), then written.
    std::vector<int> read = {r.in};
    if (reads_base(r.kind)) read.push_back(r.base);
    if (reads_prev(r.kind)) read.push_back(r.prev);
    if (reads_rate(r.kind)) read.push_back(r.rate);
    std::sort(read.begin(), read.end());
    const int distinct = int(std::unique(read.begin(), read.end()) - read.begin());
    const int written = 1 + (writes_rate(r.kind) ? 1 : 0);
    values += 2 * (distinct + written);  // u and v
  }
  return values;
}

double Scheme::flops_per_cell(double laplacian_flops) const {
  // Per stage: a Laplacian per species, 16 for the reaction and the Forward
  // update of both species, and what the kind adds.
  double flops = 0;
  for (const StageRoles& r : roles) flops += 2 * laplacian_flops + 16 + extra_update_flops(r.kind);
  return flops;
}

bool takes_stage_count(Integrator integrator) { return entry_of(integrator).auto_stages != nullptr; }

int auto_stage_count(Integrator integrator, double ratio, int max_stages) {
  const Entry& e = entry_of(integrator);
  if (!e.auto_stages) throw std::logic_error("auto_stage_count: an integrator with a fixed stage count");
  return e.auto_stages(ratio, max_stages);
}

Scheme make_scheme(Integrator integrator, int stages) {
  const Entry& e = entry_of(integrator);
  if (e.auto_stages && stages < 2) throw std::logic_error("make_scheme: an integrator that takes a stage count, without it");
  Scheme s = e.build(stages);
  s.integrator = integrator;
  if (s.weights.size() != s.roles.size()) throw std::logic_error("make_scheme: a stage without weights");
  return s;
}

int stages_per_step(Integrator integrator, int stages) { return make_scheme(integrator, stages).stages(); }

bool blocks_supported(Integrator integrator) {
  // The roles of a scheme with a stage count do not depend on it beyond the
  // first stages: its smallest count decides.
  return make_scheme(integrator, takes_stage_count(integrator) ? 2 : 0).blocks();
}

Rkl2Coefficients rkl2_coefficients(int s) {
  if (s < 2) throw std::invalid_argument("rkl2_coefficients: s must be >= 2");
  // b_0 = b_1 = b_2 = 1/3, b_j = (j^2 + j - 2) / (2 j (j + 1)), a_j = 1 - b_j.
  std::vector<double> b(std::size_t(s) + 1);
  for (int j = 0; j <= s; ++j) b[std::size_t(j)] = j <= 2 ? 1.0 / 3.0 : (double(j) * j + j - 2) / (2.0 * j * (j + 1));
  const double w1 = 4.0 / (double(s) * s + s - 2);
  Rkl2Coefficients c;
  c.mu = {1.0};
  c.nu = {0.0};
  c.mut = {w1 / 3.0};
  c.gamt = {0.0};
  for (int j = 2; j <= s; ++j) {
    const std::size_t i = std::size_t(j);
    const double mu = (2.0 * j - 1) / j * b[i] / b[i - 1];
    const double nu = -(j - 1.0) / j * b[i] / b[i - 2];
    const double mut = mu * w1;
    c.mu.push_back(mu);
    c.nu.push_back(nu);
    c.mut.push_back(mut);
    c.gamt.push_back(-(1.0 - b[i - 1]) * mut);
  }
  return c;
}

double rkl2_amplification(int s, double z) {
  const double b_s = s <= 2 ? 1.0 / 3.0 : (double(s) * s + s - 2) / (2.0 * s * (s + 1));
  const double w1 = 4.0 / (double(s) * s + s - 2);
  const double x = 1.0 + w1 * z;
  // Legendre: (n + 1) P_{n+1} = (2n + 1) x P_n - n P_{n-1}.
  double p_prev = 1.0, p = x;
  for (int n = 1; n < s; ++n) {
    const double next = ((2.0 * n + 1) * x * p - n * p_prev) / (n + 1);
    p_prev = p;
    p = next;
  }
  return (1.0 - b_s) + b_s * p;
}

double rk4_stability_interval() {
  // Newton on g(z) = z^3 + 4 z^2 + 12 z + 24 (24 times the cubic) from -3,
  // where g < 0; g' > 0 everywhere, so this is its one real root.
  double z = -3;
  for (int i = 0; i < 50; ++i) {
    const double g = ((z + 4) * z + 12) * z + 24;
    const double dg = (3 * z + 8) * z + 12;
    const double next = z - g / dg;
    if (next == z) break;
    z = next;
  }
  return -z;
}

double amplification(const Scheme& scheme, double z) {
  // y' = lambda y with dt = 1: f(y) = z y.
  std::vector<double> reg(std::size_t(scheme.registers()), 0.0);
  reg[0] = 1.0;
  for (int j = 0; j < scheme.stages(); ++j) {
    const StageRoles& r = scheme.roles[std::size_t(j)];
    const StageWeights<double>& w = scheme.weights[std::size_t(j)];
    const double in = reg[std::size_t(r.in)], f = z * in;
    const auto at = [&](int i) { return i >= 0 ? reg[std::size_t(i)] : 0.0; };
    double out = 0;
    switch (r.kind) {
      case StageKind::Forward: out = in + w.c_f * f; break;
      case StageKind::Average: out = w.c_base * (at(r.base) + (in + w.c_f * f)); break;
      case StageKind::ForwardKeepRate:
        reg[std::size_t(r.rate)] = f;
        out = in + w.c_f * f;
        break;
      case StageKind::Combine:
        out = w.c_in * in + w.c_prev * at(r.prev) + w.c_base * at(r.base) + w.c_f * f + w.c_rate * at(r.rate);
        break;
    }
    reg[std::size_t(r.out)] = out;
  }
  return reg[std::size_t(scheme.result)];
}

}  // namespace gs
