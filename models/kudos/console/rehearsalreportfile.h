#pragma once

#include "kudosrehearsal.h"

#include <QString>

namespace tidemark::kudos {

// Saves a rehearsal's report where the operator chose: its JSON (KudosRehearsalReport::toJson) when the
// file name ends in .json, else its text as the CLI prints it. Written whole or not at all (QSaveFile);
// throws Error(Failed) naming the file.
void writeRehearsalReport(const KudosRehearsalReport& report, const QString& path);

} // namespace tidemark::kudos
