// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#pragma once
// PNG images of output.field (io/image_writer) and the state digest at each of
// them: at step 0, every output.every steps and at the last step.
#include <cstdint>
#include <utility>
#include <vector>

#include "config/config.hpp"
#include "grid/decomposition.hpp"
#include "io/image_writer.hpp"
#include "outputs/output.hpp"

namespace gs {

template <class Real>
class ImageOutput : public CadencedOutput<Real> {
 public:
  ImageOutput(const SimConfig& cfg, const Decomposition& dec);
  std::string name() const override { return "images"; }
  void write(const OutputStep& s, const State<Real>& state) override;
  Json summary_extra() const override;

 private:
  using Output<Real>::report_;
  using CadencedOutput<Real>::cadence_;
  const Decomposition& dec_;
  ImageWriter images_;
  std::vector<std::pair<long, std::uint64_t>> digests_;  // (step, digest) of every image
};

}  // namespace gs
