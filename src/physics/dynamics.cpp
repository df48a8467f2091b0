// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "physics/dynamics.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "comm/reduce.hpp"
#include "core/struct_reducer.hpp"

namespace gs {

namespace {

// The sum of ChangeSums member by member.
struct ChangeOps {
  using value_type = ChangeSums;
  template <class Dest, class Src>
  KOKKOS_INLINE_FUNCTION static void combine(Dest& dest, const Src& src) {
    dest.squared += src.squared;
    dest.gained += src.gained;
    dest.lost += src.lost;
  }
  KOKKOS_INLINE_FUNCTION static void init(value_type& v) {
    v.squared = 0;
    v.gained = v.lost = 0;
  }
};
using ChangeReducer = StructReducer<ChangeOps>;

double median(std::vector<double> x) {
  if (x.empty()) return 0;
  const std::size_t m = x.size() / 2;
  std::nth_element(x.begin(), x.begin() + long(m), x.end());
  const double hi = x[m];
  if (x.size() % 2) return hi;
  return (*std::max_element(x.begin(), x.begin() + long(m)) + hi) / 2;
}

std::string fmt(const char* f, double a, double b = 0, double c = 0) {
  char buf[256];
  std::snprintf(buf, sizeof buf, f, a, b, c);
  return buf;
}

// The autocorrelation peak of x after its first zero: (lag, value), lags 1..n/3,
// with x detrended by its least-squares line first. (0, 0) when none.
std::pair<double, double> periodic_peak(std::vector<double> x) {
  const std::size_t n = x.size();
  if (n < 4) return {0, 0};
  double sx = 0, st = 0, stt = 0, stx = 0;
  for (std::size_t i = 0; i < n; ++i) {
    sx += x[i];
    st += double(i);
    stt += double(i) * double(i);
    stx += double(i) * x[i];
  }
  const double dn = double(n), denom = dn * stt - st * st;
  const double slope = denom != 0 ? (dn * stx - st * sx) / denom : 0, icept = (sx - slope * st) / dn;
  double norm = 0;
  for (std::size_t i = 0; i < n; ++i) {
    x[i] -= icept + slope * double(i);
    norm += x[i] * x[i];
  }
  if (!(norm > 0)) return {0, 0};
  const std::size_t most = n / 3;
  std::vector<double> rho(most + 2, 0.0);
  for (std::size_t m = 1; m <= most + 1 && m < n; ++m) {
    double s = 0;
    for (std::size_t i = 0; i + m < n; ++i) s += x[i] * x[i + m];
    rho[m] = s / norm;
  }
  std::size_t m = 1;
  while (m <= most && rho[m] >= 0) ++m;
  std::size_t best = 0;
  for (; m <= most; ++m)
    if (best == 0 || rho[m] > rho[best]) best = m;
  if (best == 0) return {0, 0};
  double lag = double(best);
  // A parabola through the peak and its neighbours places it between lags.
  if (best >= 1 && best + 1 < rho.size()) {
    const double a = rho[best - 1], b = rho[best], c = rho[best + 1], curve = a - 2 * b + c;
    if (curve < 0) lag += 0.5 * (a - c) / curve;
  }
  return {lag, rho[best]};
}

}  // namespace

template <class Real>
ChangeSums change_sums(const Field<Real>& v, const Field<Real>& before, const Decomposition& dec, double theta) {
  ChangeSums r;
  const IndexBox owned = dec.owned();
  if (!owned.empty()) {
    // for each owned cell: add (v - before)^2, and whether it crossed theta up or down
    Kokkos::parallel_reduce(
        "dynamics_change", owned.policy(),
        KOKKOS_LAMBDA(int z, int y, int x, ChangeSums& acc) {
          const double now = double(v(z, y, x)), then = double(before(z, y, x)), d = now - then;
          acc.squared += d * d;
          const bool on = now >= theta, was = then >= theta;
          acc.gained += (on && !was) ? 1 : 0;
          acc.lost += (was && !on) ? 1 : 0;
        },
        ChangeReducer(r));
  }
  // One all-reduce: the counts travel as doubles, exact (and order-free) below 2^53 cells.
  double sums[3] = {r.squared, double(r.gained), double(r.lost)};
  allreduce_sum(sums, 3, dec.comm());
  return {sums[0], (long long)sums[1], (long long)sums[2]};
}

DynamicsVerdict judge_dynamics(const std::vector<DynamicsSample>& all, long long total_cells, long row_steps) {
  DynamicsVerdict out;
  if (all.empty()) {
    out.reason = "no rows in pattern.csv";
    return out;
  }
  const double t_last = all.back().t;
  std::vector<DynamicsSample> span;
  for (const DynamicsSample& r : all)
    if (r.measured() && r.t >= t_last / 2) span.push_back(r);
  out.rows = long(span.size());
  if (span.size() < std::size_t(kDynamicsMinRows)) {
    out.reason = "not judged: " + std::to_string(span.size()) + " measured rows in the last half of the run (t >= " +
                 fmt("%g", t_last / 2) + "), the verdict needs " + std::to_string(kDynamicsMinRows) +
                 ": a longer run or rows more often (output.pattern_every)";
    return out;
  }
  out.t_from = span.front().t;
  out.t_to = span.back().t;
  std::vector<double> rates, churn;
  for (const DynamicsSample& r : span) {
    rates.push_back(r.rate);
    churn.push_back(2.0 * double(std::min(r.gained, r.lost)) / double(std::max(r.on_cells, 1LL)) / r.window);
  }
  out.median_rate = median(rates);
  out.median_churn = median(churn);
  const DynamicsSample& last = all.back();
  if (last.on_cells == 0 || last.on_cells == total_cells) {
    out.verdict = "decayed";
    out.reason = last.on_cells == 0 ? "no cell has v >= theta at the end" : "every cell has v >= theta at the end";
    return out;
  }
  const std::size_t tail = std::max<std::size_t>(4, span.size() / 4);
  double tail_rate = 0;
  for (std::size_t i = span.size() - tail; i < span.size(); ++i) tail_rate = std::max(tail_rate, span[i].rate);
  // Cells whose v sits at theta may still cross it (a few a window in a frozen lattice): the rate alone decides.
  if (tail_rate <= kSteadyRate) {
    out.verdict = "steady";
    out.reason = fmt("v changes by at most %.3g per time unit over the last %g time units", tail_rate,
                     span.back().t - span[span.size() - tail].t);
    return out;
  }
  std::vector<double> mean_v;
  for (const DynamicsSample& r : span)
    if (row_steps > 0 && r.step % row_steps == 0) mean_v.push_back(r.v_mean);
  const auto [lag, rho] = periodic_peak(mean_v);
  out.correlation = rho;
  if (rho >= kPeriodicCorrelation && lag > 0) {
    const double period = lag * double(row_steps) * (span.back().t - span.front().t) / double(span.back().step - span.front().step);
    if (out.median_churn * period < kChaoticChurnPerPeriod) {
      out.verdict = "oscillating";
      out.period = period;
      out.reason = fmt("the mean of v repeats with period %.4g (autocorrelation %.2f)", out.period, rho);
    } else {
      out.verdict = "chaotic";
      out.reason = fmt("the mean of v repeats with period %.4g (autocorrelation %.2f), but %.3g of the on set is replaced per period",
                       period, rho, out.median_churn * period);
    }
    return out;
  }
  if (out.median_churn >= kChaoticChurn) {
    out.verdict = "chaotic";
    out.reason = fmt("%.3g of the on set replaced per time unit (median), no period (autocorrelation peak %.2f)", out.median_churn, rho);
  } else {
    out.verdict = "evolving";
    out.reason = fmt("changing (v by %.3g per time unit, median) with %.3g of the on set replaced per time unit, no period", out.median_rate,
                     out.median_churn);
  }
  return out;
}

Json dynamics_json(const DynamicsVerdict& v) {
  Json j = {{"verdict", v.verdict.empty() ? Json(nullptr) : Json(v.verdict)},
            {"reason", v.reason},
            {"period", v.verdict == "oscillating" ? Json(v.period) : Json(nullptr)},
            {"autocorrelation_peak", v.correlation},
            {"median_change_rate", v.median_rate},
            {"median_churn", v.median_churn},
            {"rows", v.rows}};
  if (v.rows >= kDynamicsMinRows) j["span"] = Json::array({v.t_from, v.t_to});
  return j;
}

template ChangeSums change_sums(const Field<float>&, const Field<float>&, const Decomposition&, double);
template ChangeSums change_sums(const Field<double>&, const Field<double>&, const Decomposition&, double);

}  // namespace gs
