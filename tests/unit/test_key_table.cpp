// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
// The key table as a reader meets it: the help lines name only keys that
// exist, each section's keys stand together (one file per section,
// src/config/keys_*.cpp), and the help of
// checkpoint.allow_physics_change names exactly the keys a restart compares as
// physics. Help lines are prose written by hand; these checks are what keeps
// the names in them true when a key is renamed, removed or added.
#include <gtest/gtest.h>

#include <cctype>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "config/key_table.hpp"

namespace gs {
namespace {

std::string section_of(const std::string& key) { return key.substr(0, key.find('.')); }

std::set<std::string> table_sections() {
  std::set<std::string> out;
  for (const KeySpec& k : key_table()) out.insert(section_of(k.name));
  return out;
}

bool word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// Every "section.name" or "section.*" in `text` whose section is one of
// `sections`, standing at the start of a word (so "fields_sub.xmf" and
// "summary.json" are not names of keys: their first part is no section).
std::vector<std::string> keys_named(const std::string& text, const std::set<std::string>& sections) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (!word_char(text[i]) || (i > 0 && (word_char(text[i - 1]) || text[i - 1] == '.'))) continue;
    std::size_t dot = i;
    while (dot < text.size() && word_char(text[dot])) ++dot;
    if (dot + 1 >= text.size() || text[dot] != '.' || !sections.count(text.substr(i, dot - i))) {
      i = dot;
      continue;
    }
    std::size_t end = dot + 1;
    if (text[end] == '*') {
      ++end;
    } else {
      while (end < text.size() && word_char(text[end])) ++end;
    }
    if (end > dot + 1) out.push_back(text.substr(i, end - i));
    i = end;
  }
  return out;
}

TEST(KeyTable, RecognizerFindsKeyNamesInProse) {
  const std::set<std::string> sections = {"time", "physics"};
  const std::vector<std::string> expected = {"time.stages", "physics.*", "time.stagez"};
  EXPECT_EQ(keys_named("as time.stages says; other physics.*, in summary.json or x.time.dt, then (time.stagez)", sections),
            expected);
}

TEST(KeyTable, HelpNamesOnlyKeys) {
  const std::set<std::string> sections = table_sections();
  int named = 0;
  for (const KeySpec& k : key_table()) {
    for (const std::string& name : keys_named(k.help, sections)) {
      ++named;
      if (name.back() == '*')
        EXPECT_TRUE(sections.count(section_of(name))) << k.name << "'s help names " << name << ", not a section";
      else
        EXPECT_NE(find_key(name), nullptr) << k.name << "'s help names " << name << ", which is not a key";
    }
  }
  // The help lines name other keys about twenty times: none found means the recognizer broke.
  EXPECT_GE(named, 15);
}

TEST(KeyTable, EachKeyOnceAndEachSectionTogether) {
  std::set<std::string> names, finished;
  std::string current;
  for (const KeySpec& k : key_table()) {
    EXPECT_TRUE(names.insert(k.name).second) << k.name << " is declared twice";
    const std::string section = section_of(k.name);
    if (section == current) continue;
    EXPECT_FALSE(finished.count(section)) << k.name << " stands apart from the other " << section << ".* keys";
    if (!current.empty()) finished.insert(current);
    current = section;
  }
}

// The keys a restart refuses to change unless checkpoint.allow_physics_change
// is set: a section whose keys all have that role is named as "section.*".
TEST(KeyTable, PhysicsChangeHelpNamesThePhysicsKeys) {
  std::map<std::string, std::vector<std::string>> physics_keys;
  std::map<std::string, int> section_size;
  for (const KeySpec& k : key_table()) {
    ++section_size[section_of(k.name)];
    if (k.role == RestartRole::Physics) physics_keys[section_of(k.name)].push_back(k.name);
  }
  std::set<std::string> expected;
  for (const auto& [section, keys] : physics_keys) {
    if (int(keys.size()) == section_size[section])
      expected.insert(section + ".*");
    else
      expected.insert(keys.begin(), keys.end());
  }
  const KeySpec* allow = find_key("checkpoint.allow_physics_change");
  ASSERT_NE(allow, nullptr);
  const std::vector<std::string> named = keys_named(allow->help, table_sections());
  EXPECT_EQ(std::set<std::string>(named.begin(), named.end()), expected) << "help: " << allow->help;
}

}  // namespace
}  // namespace gs
