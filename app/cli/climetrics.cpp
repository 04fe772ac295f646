#include "climetrics.h"

#include "clicontext.h"

namespace tidemark::cli {

QCommandLineOption metricsFileOption() {
    return QCommandLineOption(
        QStringLiteral("metrics-file"),
        QStringLiteral(
            "Add this run's Prometheus metrics to this textfile-collector file (counters accumulate "
            "across runs); a file that cannot be written is a warning, the exit code stays the "
            "run's."),
        QStringLiteral("PATH"));
}

MetricsTarget metricsTarget(const CliContext& ctx) {
    MetricsTarget target{{}, QStringLiteral("--metrics-file")};
    if (!ctx.isSet(QStringLiteral("metrics-file")))
        return target;
    target.path = ctx.value(QStringLiteral("metrics-file"));
    if (ctx.settings().metricsFile == target.path)
        target.origin = QStringLiteral("--metrics-file from TIDEMARK_METRICS_FILE");
    return target;
}

} // namespace tidemark::cli
