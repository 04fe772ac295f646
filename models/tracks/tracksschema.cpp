#include "tracksschema.h"

namespace tidemark::tracks {

DatasetSchema tracksSchema() {
    return {QStringLiteral("tracks"),
            {QStringLiteral("tracks"), QStringLiteral("pipeline_runs"), QStringLiteral("track_density")},
            {},
            {}};
}

DatasetSchema tracksPostgisSchema() {
    return {QStringLiteral("tracks"),
            {QStringLiteral("tracks"), QStringLiteral("pipeline_runs"), QStringLiteral("track_density"),
             QStringLiteral("tracks_migration")},
            QStringLiteral("tracks-postgis"),
            {QStringLiteral("postgis")}};
}

} // namespace tidemark::tracks
