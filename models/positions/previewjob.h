#pragma once

#include "previewresult.h"

namespace tidemark {
class TaskFeedback;
}

namespace tidemark::positions {

// The preview as a background job: opens its own connection, reads the mower's watermark and oldest row,
// plans the round's slices, loads the range with their context (PreviewLoader), runs keep_set as the round
// would (PreviewThinning), classifies every row of the range and computes the coverage check and the signal
// layers. Progress, cancel (between steps) through TaskFeedback; throws tidemark::Error.
class PreviewJob {
  public:
    static PreviewResult run(const PreviewRequest& request, TaskFeedback* control = nullptr);
    // The pure part after loading, for tests and tools: `track` must hold the context of `slices`.
    static PreviewResult evaluate(const PreviewRequest& request, const MowerTrack& track,
                                  std::optional<Micros> watermark, std::span<const SliceRange> slices);
};

} // namespace tidemark::positions
