#pragma once

#include "previewresult.h"

namespace tidemark {
class TaskFeedback;
class PgConnection;
} // namespace tidemark

namespace tidemark::positions {

// The preview as a background job: opens its own connection, loads (load), runs keep_set as the round
// would (PreviewThinning), classifies every row of the range and computes the coverage check and the signal
// layers. Progress, cancel (between steps) through TaskFeedback; throws tidemark::Error.
class PreviewJob {
  public:
    // What a preview reads from the database: the mower's watermark, the round's slices that meet the range
    // (planned from the real watermark and oldest row) and the rows of the range with those slices' context.
    struct Input {
        MowerTrack track;
        std::optional<Micros> watermark;
        std::vector<SliceRange> slices;
        double loadSeconds = 0;
    };

    static PreviewResult run(const PreviewRequest& request, TaskFeedback* control = nullptr);
    // The load step of run on a connection of the caller's (tidemark-cli positions coverage --db uses it,
    // so that it reports the preview's figures). request.conninfo is not used.
    static Input load(PgConnection& db, const PreviewRequest& request);
    // The pure part after loading, for tests and tools: `track` must hold the context of `slices`.
    static PreviewResult evaluate(const PreviewRequest& request, const MowerTrack& track,
                                  std::optional<Micros> watermark, std::span<const SliceRange> slices);
};

} // namespace tidemark::positions
