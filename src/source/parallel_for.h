#ifndef GBREAK_SOURCE_PARALLEL_FOR_H_
#define GBREAK_SOURCE_PARALLEL_FOR_H_

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

namespace gbreak {

// Runs body(worker, item) for every item in [0, count) on `threads` workers. Workers take the next
// item from a shared counter, so a slow file does not hold up a fixed share of the others; each
// worker owns its per-thread state (parser, query cursor) indexed by `worker`. Results must be
// written to per-item slots so the output order never depends on scheduling.
template <typename Body>
void ParallelFor(size_t count, int threads, Body&& body) {
  size_t workers = std::max<size_t>(1, std::min<size_t>(static_cast<size_t>(threads), count));
  std::atomic<size_t> next{0};
  auto work = [&](size_t worker) {
    for (size_t item = next.fetch_add(1); item < count; item = next.fetch_add(1)) {
      body(worker, item);
    }
  };
  if (workers == 1) {
    work(0);
    return;
  }
  std::vector<std::jthread> pool;
  pool.reserve(workers - 1);
  for (size_t w = 1; w < workers; ++w) pool.emplace_back(work, w);
  work(0);
}

// The default worker count: every core the process may use.
inline int DefaultThreadCount() {
  unsigned n = std::thread::hardware_concurrency();
  return n == 0 ? 1 : static_cast<int>(n);
}

}  // namespace gbreak

#endif  // GBREAK_SOURCE_PARALLEL_FOR_H_
