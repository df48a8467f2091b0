// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "numerics/integrator.hpp"

#include <cmath>
#include <stdexcept>

namespace gs {

int stages_per_step(Integrator integrator, int rkl2_stages) {
  switch (integrator) {
    case Integrator::Euler: return 1;
    case Integrator::RK2: return 2;
    case Integrator::RKL2:
      if (rkl2_stages < 2) throw std::logic_error("stages_per_step: rkl2 without its stage count");
      return rkl2_stages;
  }
  throw std::logic_error("stages_per_step: unknown integrator");
}

int registers_of(Integrator integrator) {
  switch (integrator) {
    case Integrator::Euler: return 2;  // the state and the next one, swapped after the step
    case Integrator::RK2: return 2;    // the state and the first stage; the second writes over the state
    case Integrator::RKL2: return 4;   // Y_0, f(Y_0), and Y_{j-1}, Y_{j-2} taking turns with Y_j
  }
  throw std::logic_error("registers_of: unknown integrator");
}

bool blocks_supported(Integrator integrator) {
  switch (integrator) {
    case Integrator::Euler: return true;
    case Integrator::RK2: return true;
    case Integrator::RKL2: return false;  // four registers and per-stage weights: the block forms hold two
  }
  throw std::logic_error("blocks_supported: unknown integrator");
}

int rkl2_auto_stages(double ratio) {
  int s = 3;
  while (rkl2_stability_factor(s) < ratio) s += 2;
  return s;
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

Scheme make_scheme(Integrator integrator, int rkl2_stages) {
  Scheme s;
  s.integrator = integrator;
  s.registers = registers_of(integrator);
  switch (integrator) {
    case Integrator::Euler:
      s.result = 1;
      s.roles = {{StageKind::Forward, 0, -1, -1, -1, 1}};
      break;
    case Integrator::RK2:
      // s = y + dt f(y);  y <- (y + (s + dt f(s))) / 2, written in place over y.
      s.result = 0;
      s.roles = {{StageKind::Forward, 0, -1, -1, -1, 1}, {StageKind::Average, 1, 0, -1, -1, 0}};
      break;
    case Integrator::RKL2: {
      const Rkl2Coefficients c = rkl2_coefficients(rkl2_stages);
      // Y_j (j >= 1) lives in register 2 + (j - 1) % 2: Y_j overwrites Y_{j-2}
      // cell by cell, except Y_2, since Y_0 (register 0) is read to the end.
      const auto reg = [](int j) { return j == 0 ? 0 : 2 + (j - 1) % 2; };
      s.roles.push_back({StageKind::RklFirst, 0, -1, -1, 1, reg(1)});
      StageWeights first;
      first.c_f = c.mut[0];
      s.weights.push_back(first);
      for (int j = 2; j <= rkl2_stages; ++j) {
        const std::size_t i = std::size_t(j - 1);
        s.roles.push_back({StageKind::Rkl, reg(j - 1), 0, reg(j - 2), 1, reg(j)});
        StageWeights w;
        w.c_in = c.mu[i];
        w.c_prev = c.nu[i];
        w.c_base = 1.0 - c.mu[i] - c.nu[i];
        w.c_f = c.mut[i];
        w.c_rate = c.gamt[i];
        s.weights.push_back(w);
      }
      s.result = reg(rkl2_stages);
      break;
    }
  }
  if (s.weights.size() < s.roles.size()) s.weights.resize(s.roles.size());
  return s;
}

}  // namespace gs
