#pragma once

#include "retentionplan.h"

#include <QJsonObject>

namespace tidemark {

// The retention plan as `plan --json` prints it and `plan --out` and the Home's Save plan… write it (sealed
// by planfile::seal): each section's figures and, in a plan made to be applied, its connection, target,
// settings and units.
QJsonObject retentionPlanJson(const RetentionPlan& plan);

} // namespace tidemark
