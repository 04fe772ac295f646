#include "cliregistry.h"

namespace tidemark::cli {
// Filled by the thinning engine: positions thin-file | round | status.
void registerPositionsCommands(CliRegistry&) {}
} // namespace tidemark::cli
