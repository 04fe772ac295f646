#include "tracksschema.h"

namespace tidemark::tracks {

DatasetSchema tracksSchema() {
    return {QStringLiteral("tracks"), {QStringLiteral("tracks"), QStringLiteral("pipeline_runs")}, {}, {}};
}

DatasetSchema tracksPostgisSchema() {
    return {QStringLiteral("tracks"),
            {QStringLiteral("tracks"), QStringLiteral("pipeline_runs"), QStringLiteral("tracks_migration")},
            QStringLiteral("tracks-postgis"),
            {QStringLiteral("postgis")}};
}

} // namespace tidemark::tracks
