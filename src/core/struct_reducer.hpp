// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// A Kokkos reducer over a struct of several results, so that one pass over
// the cells gives them all (statistics, pattern counts, the dynamics' sums).
// The struct's Ops say how: Ops::value_type, Ops::combine(dest, src) (a
// template, so that it also takes the volatile forms Kokkos 3 joins with) and
// Ops::init(value) (the identity of every member).
#include <Kokkos_Core.hpp>

namespace gs {

template <class Ops>
struct StructReducer {
  using reducer = StructReducer;
  using value_type = typename Ops::value_type;
  using result_view_type = Kokkos::View<value_type, Kokkos::HostSpace, Kokkos::MemoryUnmanaged>;

  explicit StructReducer(value_type& v) : value_(&v) {}

  KOKKOS_INLINE_FUNCTION void join(value_type& dest, const value_type& src) const { Ops::combine(dest, src); }
  KOKKOS_INLINE_FUNCTION void join(volatile value_type& dest, const volatile value_type& src) const { Ops::combine(dest, src); }
  KOKKOS_INLINE_FUNCTION void init(value_type& v) const { Ops::init(v); }
  KOKKOS_INLINE_FUNCTION value_type& reference() const { return *value_.data(); }
  KOKKOS_INLINE_FUNCTION result_view_type view() const { return value_; }
  KOKKOS_INLINE_FUNCTION bool references_scalar() const { return true; }

 private:
  result_view_type value_;
};

}  // namespace gs
