#pragma once
// In-situ output: on due steps, refresh the ghost layer, copy the owned block
// (+ one point layer) off the device and run the Catalyst scripts on it.
// Catalyst starts at the first call, so a run refused at start-up (bad
// checkpoint) writes nothing and a run without in-situ output never loads it.
#include <memory>
#include <string>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "grid/fields.hpp"

namespace gs {

class CatalystAdaptor;
class InsituBlock;

class Insitu {
 public:
  Insitu(const SimConfig& cfg, const Decomposition& dec);
  ~Insitu();

  bool due(long step, bool first, bool last) const { return first || last || step % cfg_.insitu.every == 0; }
  // Collective. A script error goes to stderr and `failure`; with insitu.fail =
  // "error" it also throws RunError (exit 1).
  void write(long step, double time, const State& state, bool last);

  const std::string& dir() const { return dir_; }
  long long bytes() const { return bytes_; }
  double startup_seconds() const { return startup_s_; }
  double copy_seconds() const { return copy_s_; }
  const std::string& failure() const { return failure_; }

 private:
  const SimConfig& cfg_;
  const Decomposition& dec_;
  std::string dir_;
  std::unique_ptr<InsituBlock> block_;
  std::unique_ptr<CatalystAdaptor> adaptor_;
  long long bytes_ = 0;
  double startup_s_ = 0, copy_s_ = 0;
  std::string failure_;
};

}  // namespace gs
