#pragma once
// The state (u, v) with ghost layers and the second buffer each time step writes.
#include <string>

#include "core/types.hpp"
#include "grid/decomposition.hpp"

namespace gs {

struct Fields {
  Field u, v;            // current state
  Field u_next, v_next;  // written by a stage, then swapped in (Euler) or kept as the stage (RK2)

  explicit Fields(const Decomposition& dec)
      : u(make(dec, "u")), v(make(dec, "v")), u_next(make(dec, "u_next")), v_next(make(dec, "v_next")) {}

  void swap() {
    std::swap(u, u_next);
    std::swap(v, v_next);
  }

  static Field make(const Decomposition& dec, const std::string& label) {
    return Field(label, dec.extent(2), dec.extent(1), dec.extent(0));
  }
};

}  // namespace gs
