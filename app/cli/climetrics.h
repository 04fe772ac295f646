#pragma once

#include <QCommandLineOption>

namespace tidemark {
class MetricsTextfile;
}

namespace tidemark::cli {

class CliContext;

// --metrics-file PATH of the commands a timer runs (positions round, kudos retain, tracks retain).
QCommandLineOption metricsFileOption();

// Adds the run's figures and its last-run gauges to the --metrics-file, when one is given. The run's work is
// done and recorded by then, so a file that cannot be written (a folder the service user may not write to, a
// damaged previous file) is a warning naming the path and the setting, and the run keeps its own exit code.
void writeRunMetrics(CliContext& ctx, MetricsTextfile& metrics, int exitCode);

} // namespace tidemark::cli
