#include "tracksschema.h"

namespace tidemark::tracks {

DatasetSchema tracksSchema() {
    return {QStringLiteral("tracks"), {QStringLiteral("tracks"), QStringLiteral("pipeline_runs")}};
}

} // namespace tidemark::tracks
