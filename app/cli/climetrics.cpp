#include "climetrics.h"

#include "clicontext.h"
#include "error.h"
#include "metricstextfile.h"
#include "timestamp.h"

#include <QFileInfo>

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

void writeRunMetrics(CliContext& ctx, MetricsTextfile& metrics, int exitCode) {
    if (!ctx.isSet(QStringLiteral("metrics-file")))
        return;
    const QString path = ctx.value(QStringLiteral("metrics-file"));
    metrics.setLastRun(static_cast<double>(nowMicros()) / 1e6, exitCode);
    try {
        metrics.accumulateIntoTextfile(path);
    } catch (const Error& e) {
        const bool fromSetting = ctx.settings().metricsFile == path;
        ctx.err() << "tidemark-cli: WARNING: the " << metrics.whatRuns()
                  << " ran but its metrics were not written to " << path << " (--metrics-file"
                  << (fromSetting ? " from TIDEMARK_METRICS_FILE" : "") << "): " << e.message()
                  << "; give this user write access to " << QFileInfo(path).absolutePath()
                  << " or choose another file\n";
        ctx.err().flush();
    }
}

} // namespace tidemark::cli
