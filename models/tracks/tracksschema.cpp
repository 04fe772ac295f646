#include "tracksschema.h"

namespace tidemark::tracks {

DatasetSchema tracksSchema() {
    return {QStringLiteral("tracks"),
            {QStringLiteral("tracks"), QStringLiteral("pipeline_runs"), QStringLiteral("track_density"),
             QStringLiteral("track_density_activity")},
            {},
            {},
            QStringLiteral("tidemark-cli tracks init --sqlite FILE")};
}

DatasetSchema tracksPostgisSchema() {
    return {QStringLiteral("tracks"),
            {QStringLiteral("tracks"), QStringLiteral("pipeline_runs"), QStringLiteral("track_density"),
             QStringLiteral("tracks_migration"), QStringLiteral("track_density_activity")},
            QStringLiteral("tracks-postgis"),
            {QStringLiteral("postgis")},
            QStringLiteral("tidemark-cli tracks init --db CONNINFO")};
}

} // namespace tidemark::tracks
