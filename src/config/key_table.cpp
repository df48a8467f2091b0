// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The key table (see key_table.hpp), put together from its sections
// (key_sections.hpp: one file per section). Each entry reads one key with the
// typed readers of values.hpp, which name the key and what is allowed on error.
#include "config/key_table.hpp"

#include "config/key_sections.hpp"

namespace gs {

const std::vector<KeySpec>& key_table() {
  static const std::vector<KeySpec> table = [] {
    std::vector<KeySpec> all;
    for (auto section : {grid_keys, physics_keys, time_keys, init_keys, output_keys, checkpoint_keys, parallel_keys, insitu_keys}) {
      std::vector<KeySpec> keys = section();
      all.insert(all.end(), keys.begin(), keys.end());
    }
    return all;
  }();
  return table;
}

const KeySpec* find_key(const std::string& name) {
  for (const auto& k : key_table())
    if (name == k.name) return &k;
  return nullptr;
}

}  // namespace gs
