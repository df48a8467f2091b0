// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The key table's sections, one function each in keys_<section>.cpp, declared
// in the order key_table() joins them (the order of --help and of the
// effective configuration as JSON), and the readers more than one section uses.
// A help line names another key by its full name (`time.stages`, or
// `physics.*` for a section): the unit test KeyTable.HelpNamesOnlyKeys checks
// that each one exists.
#include <cstddef>
#include <vector>

#include "config/choices.hpp"
#include "config/key_table.hpp"

namespace gs {

std::vector<KeySpec> grid_keys();
std::vector<KeySpec> physics_keys();
std::vector<KeySpec> time_keys();
std::vector<KeySpec> init_keys();
std::vector<KeySpec> output_keys();
std::vector<KeySpec> checkpoint_keys();
std::vector<KeySpec> parallel_keys();
std::vector<KeySpec> insitu_keys();

// One of the names in `table`, as its enum value.
template <class E, std::size_t N>
E read_enum(const Setting& s, const ChoiceName<E> (&table)[N]) {
  std::vector<const char*> list;
  for (const auto& c : table) list.push_back(c.name);
  const std::string chosen = read_choice(s, list);
  for (const auto& c : table)
    if (chosen == c.name) return c.value;
  throw_setting(s, "unknown value");
}

// The first `count` entries of a per-dimension array, as a JSON list.
template <class T>
Json first_of(const T* values, int count) {
  return Json(std::vector<T>(values, values + count));
}

}  // namespace gs
