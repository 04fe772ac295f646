#pragma once

#include "timestamp.h"

#include <QString>

namespace tidemark {

// How long before `now` a figure was measured, as the console labels an estimate's age: "just now",
// "3 min ago", "2 h ago", "4 day(s) ago" (translated, context "AgeText"). A `then` after `now` is "just now".
QString ageText(Micros then, Micros now);

} // namespace tidemark
