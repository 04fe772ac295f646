#pragma once

#include "previewresult.h"

namespace tidemark {
class TaskFeedback;
class PgConnection;
} // namespace tidemark

namespace tidemark::positions {

// The preview as a job, for the console's dataset and `tidemark-cli positions coverage --db` alike: opens its
// own connection, loads the range with the context of the round's slices, runs keep_set as the round would
// (PreviewThinning), classifies every row of the range and computes the coverage check and the signal
// layers. Progress and cancel (between its steps: a cancelled preview is returned with cancelled = true and
// nothing else) through TaskFeedback; throws tidemark::Error.
class PreviewJob {
  public:
    static PreviewResult run(const PreviewRequest& request, TaskFeedback& feedback);
    // The pure part after loading, for tests and tools: `track` must hold the context of `slices`.
    static PreviewResult evaluate(const PreviewRequest& request, const MowerTrack& track,
                                  std::optional<Micros> watermark, std::span<const SliceRange> slices);

  private:
    // What a preview reads from the database: the mower's watermark, the round's slices that meet the range
    // (planned from the real watermark and oldest row) and the rows of the range with those slices' context.
    struct Input {
        MowerTrack track;
        std::optional<Micros> watermark;
        std::vector<SliceRange> slices;
        double loadSeconds = 0;
    };

    static Input load(PgConnection& db, const PreviewRequest& request);
};

} // namespace tidemark::positions
