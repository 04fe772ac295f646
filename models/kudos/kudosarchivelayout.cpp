#include "kudosarchivelayout.h"

#include "kudosvalues.h"

namespace tidemark::kudos {

archive::ArchiveLayout kudosArchiveLayout() {
    archive::ArchiveLayout layout;
    for (const RetentionDataset dataset : {RetentionDataset::Currency, RetentionDataset::Statistics}) {
        layout.datasets.append(datasetTable(dataset));
        layout.tiers.append(datasetName(dataset));
    }
    return layout;
}

} // namespace tidemark::kudos
