#pragma once
// The model state (u, v) with ghost layers, and the second state each time step
// writes into.
#include <string>
#include <utility>

#include "core/types.hpp"
#include "grid/decomposition.hpp"

namespace gs {

// One value for the two species, passed by role (in, base, out) instead of as
// separate u and v arguments. Copying a State copies two View handles, not data.
template <class Real>
struct State {
  Field<Real> u, v;

  static State make(const Decomposition& dec, const std::string& label) {
    return {make_field(dec, label + "_u"), make_field(dec, label + "_v")};
  }
  static Field<Real> make_field(const Decomposition& dec, const std::string& label) {
    return Field<Real>(label, dec.extent(2), dec.extent(1), dec.extent(0));
  }
};

// The current state plus the buffer a stage writes: an Euler step writes `next`
// and swaps it in; RK2 keeps its first stage there.
template <class Real>
struct Fields : State<Real> {
  State<Real> next;

  explicit Fields(const Decomposition& dec) : State<Real>(State<Real>::make(dec, "state")), next(State<Real>::make(dec, "next")) {}

  State<Real>& now() { return *this; }
  const State<Real>& now() const { return *this; }
  void swap() { std::swap(now(), next); }
};

}  // namespace gs
