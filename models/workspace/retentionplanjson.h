#pragma once

#include "retentionplan.h"

#include <QJsonObject>

namespace tidemark {

// The retention plan as `plan --json` prints it and `plan --out` and the Home's Save plan… write it (sealed
// by planfile::seal): each section's figures and, in a plan made to be applied, its connection, target,
// settings and units.
QJsonObject retentionPlanJson(const RetentionPlan& plan);
// The plan to apply as `plan --out` and the Home's Save plan… write it: retentionPlanJson sealed
// (planfile::seal) at the first server's clock, by this OS user and the first dataset's database role,
// expiring `expiresInHours` later (Error Usage outside 1..168).
QJsonObject sealedRetentionPlan(const RetentionPlan& plan, int expiresInHours);

} // namespace tidemark
