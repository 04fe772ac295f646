#pragma once

#include <QCommandLineOption>
#include <QString>

namespace tidemark::cli {

class CliContext;

// --metrics-file PATH of the commands a timer runs (positions round, kudos retain, tracks retain).
QCommandLineOption metricsFileOption();

// Where the run's job writes its metrics: the --metrics-file path ("" without it) and how warnings name it
// (the option, or the option from TIDEMARK_METRICS_FILE when the timer's setting gave it). The job writes the
// file; one it cannot write is a warning and the run keeps its exit code.
struct MetricsTarget {
    QString path;
    QString origin;
};
MetricsTarget metricsTarget(const CliContext& ctx);

} // namespace tidemark::cli
