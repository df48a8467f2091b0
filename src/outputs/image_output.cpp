// Copyright (c) 2026, the grayscott developers. SPDX-License-Identifier: BSD-3-Clause
#include "outputs/image_output.hpp"

#include <cstdio>
#include <filesystem>

#include "comm/reduce.hpp"
#include "core/error.hpp"
#include "io/summary.hpp"
#include "physics/diagnostics.hpp"

namespace gs {

template <class Real>
ImageOutput<Real>::ImageOutput(const SimConfig& cfg, const Decomposition& dec) : dec_(dec), images_(cfg.output, dec, cfg.time.steps) {
  cadence_.every = cfg.output.every;
  cadence_.at_fresh_start = true;
  cadence_.at_last = true;
}

template <class Real>
void ImageOutput<Real>::write(const OutputStep& s, const State<Real>& state) {
  const std::uint64_t digest = state_digest(state, dec_);
  digests_.emplace_back(s.step, digest);
  // Rank 0 alone writes the file; every rank learns whether it worked, so a
  // failed write ends the run alike everywhere instead of leaving the other
  // ranks in the next collective call.
  std::string path, err;
  try {
    path = images_.write(s.step, state);
  } catch (const std::exception& e) {
    err = e.what();
  }
  err = first_error(err, dec_.comm());
  if (!err.empty()) throw RunError(err);
  if (dec_.rank() != 0) return;
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  report_.bytes += ec ? 0 : (long long)size;
  report_.last_path = path;
  std::printf("output step %ld  digest %s  image %s\n", s.step, digest_hex(digest).c_str(), path.c_str());
}

template <class Real>
Json ImageOutput<Real>::summary_extra() const {
  Json digests = Json::array();
  for (const auto& [step, digest] : digests_) digests.push_back({{"step", step}, {"digest", digest_hex(digest)}});
  return {{"digests", digests}};
}

template class ImageOutput<float>;
template class ImageOutput<double>;

}  // namespace gs
