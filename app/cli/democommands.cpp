#include "cliregistry.h"

namespace tidemark::cli {
// Filled by the demo workspace: demo up | status | down.
void registerDemoCommands(CliRegistry&) {}
} // namespace tidemark::cli
