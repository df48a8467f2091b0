#include "config/restart_rules.hpp"

#include <cctype>
#include <stdexcept>

#include "config/key_table.hpp"

namespace gs {

namespace {

// A reader for the JSON that config_to_json writes: objects, arrays, strings,
// numbers and literals. It keeps the text of each value at depth 2.
class ConfigJsonReader {
 public:
  explicit ConfigJsonReader(const std::string& text) : s_(text) {}

  std::map<std::string, std::string> read() {
    std::map<std::string, std::string> out;
    expect('{');
    if (peek() != '}') {
      do {
        const std::string section = string_token();
        expect(':');
        expect('{');
        if (peek() != '}') {
          do {
            const std::string key = string_token();
            expect(':');
            skip_space();
            const std::size_t begin = pos_;
            skip_value();
            out[section + "." + key] = s_.substr(begin, pos_ - begin);
          } while (accept(','));
        }
        expect('}');
      } while (accept(','));
    }
    expect('}');
    return out;
  }

 private:
  void skip_space() {
    while (pos_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[pos_]))) ++pos_;
  }
  char peek() {
    skip_space();
    if (pos_ >= s_.size()) throw std::runtime_error("the stored configuration ends early");
    return s_[pos_];
  }
  bool accept(char c) {
    if (peek() != c) return false;
    ++pos_;
    return true;
  }
  void expect(char c) {
    if (!accept(c)) throw std::runtime_error(std::string("the stored configuration is not valid JSON (expected '") + c + "')");
  }
  std::string string_token() {
    expect('"');
    std::string out;
    while (pos_ < s_.size() && s_[pos_] != '"') {
      if (s_[pos_] == '\\') out += s_[pos_++];
      if (pos_ < s_.size()) out += s_[pos_++];
    }
    expect('"');
    return out;
  }
  void skip_value() {
    const char c = peek();
    if (c == '"') {
      string_token();
    } else if (c == '[' || c == '{') {
      const char close = c == '[' ? ']' : '}';
      ++pos_;
      if (!accept(close)) {
        do skip_value();
        while (accept(','));
        expect(close);
      }
    } else {
      const std::size_t begin = pos_;
      while (pos_ < s_.size() && (std::isalnum(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '.' || s_[pos_] == '-' ||
                                  s_[pos_] == '+'))
        ++pos_;
      if (pos_ == begin) throw std::runtime_error("the stored configuration is not valid JSON");
    }
  }
  const std::string& s_;
  std::size_t pos_ = 0;
};

  // Value text without the layout spaces, so "[1, 2]" and "[1,2]" compare equal.
std::string compact(const std::string& v) {
  std::string out;
  bool in_string = false;
  for (std::size_t i = 0; i < v.size(); ++i) {
    const char c = v[i];
    if (c == '"' && (i == 0 || v[i - 1] != '\\')) in_string = !in_string;
    if (in_string || !std::isspace(static_cast<unsigned char>(c))) out += c;
  }
  return out;
}

}  // namespace

std::map<std::string, std::string> flatten_config_json(const std::string& json) { return ConfigJsonReader(json).read(); }

std::string restart_conflict(const SimConfig& run, const std::string& stored_json) {
  std::map<std::string, std::string> stored;
  try {
    stored = flatten_config_json(stored_json);
  } catch (const std::exception& e) {
    return std::string("attribute 'config': ") + e.what();
  }
  const SimConfig defaults;
  for (const KeySpec& key : key_table()) {
    if (key.role == RestartRole::Free) continue;
    if (key.role == RestartRole::Physics && run.checkpoint.allow_physics_change) continue;
    if (key.affects_run && !key.affects_run(run)) continue;
    const auto it = stored.find(key.name);
    // A key the checkpoint does not know was added later, with a default that keeps the old behaviour.
    const std::string was = it != stored.end() ? it->second : key.show(defaults);
    const std::string now = key.show(run);  // the text config_to_json writes for this key
    if (compact(was) == compact(now)) continue;
    std::string why = std::string("written with ") + key.name + " = " + was + ", this run has " + key.name + " = " + now;
    if (key.role == RestartRole::Physics) why += " (set checkpoint.allow_physics_change = true to change it on restart)";
    else why += " (a checkpoint restarts only on the grid it was written for)";
    return why;
  }
  return "";
}

}  // namespace gs
