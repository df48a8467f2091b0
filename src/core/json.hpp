// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// The one JSON type of the program (nlohmann::json 3.11) and how it is written
// to text. Everything that writes or reads JSON (summary.json, the effective
// configuration, --check, the benchmark file, the restart check) goes through
// this header, so there is one set of rules:
//  - objects keep their keys in insertion order (ordered_json), so files read
//    the same from run to run and key order follows the key table;
//  - numbers are written as the shortest text that reads back to the same
//    double (nlohmann's Grisu2), integers as integers;
//  - NaN and infinities have no JSON form: they are written as null (the
//    summary says so in docs/io.md and its schema allows null there);
//  - strings that are not valid UTF-8 (a path with Latin-1 bytes) get U+FFFD
//    for each bad byte instead of an exception that would lose the file.
#include <nlohmann/json.hpp>
#include <string>

namespace gs {

using Json = nlohmann::ordered_json;

// `j` as text: indent < 0 on one line, otherwise pretty-printed with `indent` spaces per level.
inline std::string dump_json(const Json& j, int indent) {
  return j.dump(indent, ' ', false, Json::error_handler_t::replace);
}

// A number, or null when it is not finite (what dump would write anyway, made explicit).
inline Json json_finite(double x) { return x - x == 0 ? Json(x) : Json(nullptr); }

}  // namespace gs
