#include "positionsschema.h"

namespace tidemark::positions {

DatasetSchema positionsSchema() {
    return {QStringLiteral("positions"),
            {QStringLiteral("mower_positions"), QStringLiteral("mower_history"),
             QStringLiteral("mower_positions_thinning")},
            {},
            {},
            {}};
}

} // namespace tidemark::positions
