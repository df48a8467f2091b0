// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The model state (u, v) with ghost layers, and the other registers (state-
// sized buffers) the integrator's stages write into.
#include <string>
#include <utility>
#include <vector>

#include "core/buffer_spec.hpp"
#include "core/types.hpp"
#include "grid/decomposition.hpp"

namespace gs {

// One field of this rank's box with its ghost layers, stored (z, y, x).
// Extents in std::size_t: the memory check sizes boxes past the int range
// (to refuse them) from the same description.
inline BufferSpec field_buffer(const Decomposition& dec, const std::string& label, std::size_t value_bytes) {
  const auto extent = [&](int d) { return std::size_t(dec.local_n()[d]) + 2 * std::size_t(dec.ghost(d)); };
  return {label, {extent(2), extent(1), extent(0)}, value_bytes};
}

// The label of register i's fields (with "_u" and "_v"): the state, Euler's
// next state or RK2's first stage, then the stage values of longer tables.
inline std::string register_label(int i) { return i == 0 ? "state" : i == 1 ? "next" : "register" + std::to_string(i); }

// The integrator's registers (`registers` of them, the state included): u and v each.
inline BufferSpecs register_buffers(const Decomposition& dec, int registers, std::size_t value_bytes) {
  BufferSpecs b;
  for (int i = 0; i < registers; ++i)
    for (const char* species : {"_u", "_v"}) b.push_back(field_buffer(dec, register_label(i) + species, value_bytes));
  return b;
}

// One value for the two species, passed by role (in, base, out) instead of as
// separate u and v arguments. Copying a State copies two View handles, not data.
template <class Real>
struct State {
  Field<Real> u, v;

  static State make(const Decomposition& dec, const std::string& label) {
    return {make_field(dec, label + "_u"), make_field(dec, label + "_v")};
  }
  static Field<Real> make_field(const Decomposition& dec, const std::string& label) {
    return allocate<Field<Real>>(field_buffer(dec, label, sizeof(Real)));
  }
};

// The current state (register 0) plus the registers of the integrator's stage
// table (numerics/integrator.hpp): `next` is register 1 (an Euler step writes
// it and swaps it in; RK2 keeps its first stage there; RKL2 keeps f(Y_0)
// there), `more` registers 2 and up (RKL2's stage values).
template <class Real>
struct Fields : State<Real> {
  State<Real> next;
  std::vector<State<Real>> more;

  // `registers`: the integrator's count, the state included (at least 2).
  explicit Fields(const Decomposition& dec, int registers = 2)
      : State<Real>(State<Real>::make(dec, register_label(0))), next(State<Real>::make(dec, register_label(1))) {
    for (int i = 2; i < registers; ++i) more.push_back(State<Real>::make(dec, register_label(i)));
  }

  State<Real>& now() { return *this; }
  const State<Real>& now() const { return *this; }
  State<Real>& reg(int i) { return i == 0 ? now() : i == 1 ? next : more.at(std::size_t(i - 2)); }
  int registers() const { return 2 + int(more.size()); }
  void swap() { std::swap(now(), next); }
  // Makes register i the state (its old contents go to register i).
  void swap_with(int i) { std::swap(now(), reg(i)); }
};

}  // namespace gs
