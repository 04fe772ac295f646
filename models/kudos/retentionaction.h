#pragma once

#include "retentioncatalog.h"

namespace tidemark::kudos {

// One transition of one catalog entry: roll up, dump, checkpoint, state, export, verify or drop.
struct RetentionAction {
    CatalogEntry entry; // as it was before the action
    QString to;         // the state the action moves it to ("dropped" for a drop)
    QString verb() const;
};

} // namespace tidemark::kudos
