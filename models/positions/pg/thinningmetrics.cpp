#include "thinningmetrics.h"

#include "error.h"
#include "roundreport.h"

#include <QFile>
#include <QLockFile>
#include <QSaveFile>

namespace tidemark::positions {

void ThinningMetrics::Histogram::observe(double seconds) {
    for (std::size_t k = 0; k < kBuckets.size(); ++k)
        if (seconds <= kBuckets[k])
            ++counts[k];
    ++count;
    sum += seconds;
}

void ThinningMetrics::record(const RoundReport& report) {
    if (report.dryRun || report.skippedLocked)
        return;
    m_positionsDeletedByAge += report.ageDeleted;
    m_scanned += report.scanned;
    m_thinDeleted += report.deleted;
    m_failedMowers += static_cast<long long>(report.failures.size());
    m_interrupted += report.interrupted.isEmpty() ? 0 : 1;
    m_clockOverrides += report.clockOverride ? 1 : 0;
    m_deleteSeconds.observe(report.deleteSeconds);
    if (report.slices > 0)
        m_thinSeconds.observe(report.thinSeconds);
}

void ThinningMetrics::setLastRun(double unixSeconds, int exitCode) {
    m_lastRunSeconds = unixSeconds;
    m_lastExitCode = exitCode;
    if (exitCode == 0)
        m_lastSuccessSeconds = unixSeconds;
}

namespace {
const QString kDeletedByAge =
    QStringLiteral("mowdeck_telemetry_retention_rows_deleted_total{table=\"mower_positions\"}");
const QString kScanned = QStringLiteral("mowdeck_telemetry_position_thinning_rows_scanned_total");
const QString kThinDeleted = QStringLiteral("mowdeck_telemetry_position_thinning_rows_deleted_total");
const QString kFailedMowers = QStringLiteral("tidemark_positions_round_failed_mowers_total");
const QString kInterrupted = QStringLiteral("tidemark_positions_round_interrupted_total");
const QString kClockOverrides = QStringLiteral("tidemark_positions_round_clock_overrides_total");
const QString kRoundSeconds = QStringLiteral("mowdeck_telemetry_retention_round_seconds");
const QString kLastRun = QStringLiteral("tidemark_positions_round_last_run_timestamp_seconds");
const QString kLastExitCode = QStringLiteral("tidemark_positions_round_last_exit_code");
const QString kLastSuccess = QStringLiteral("tidemark_positions_round_last_success_timestamp_seconds");

QString bucketSeries(const char* kind, const QString& le) {
    return QStringLiteral("%1_bucket{kind=\"%2\",le=\"%3\"}").arg(kRoundSeconds, QLatin1String(kind), le);
}
} // namespace

std::vector<ThinningMetrics::Series> ThinningMetrics::accumulatingSeries() {
    std::vector<Series> series = {{kDeletedByAge, &m_positionsDeletedByAge},
                                  {kScanned, &m_scanned},
                                  {kThinDeleted, &m_thinDeleted},
                                  {kFailedMowers, &m_failedMowers},
                                  {kInterrupted, &m_interrupted},
                                  {kClockOverrides, &m_clockOverrides}};
    const auto histogram = [&series](const char* kind, Histogram& h) {
        for (std::size_t k = 0; k < kBuckets.size(); ++k)
            series.push_back({bucketSeries(kind, QString::number(kBuckets[k])), &h.counts[k]});
        series.push_back({bucketSeries(kind, QStringLiteral("+Inf")), &h.count});
        series.push_back(
            {QStringLiteral("%1_sum{kind=\"%2\"}").arg(kRoundSeconds, QLatin1String(kind)), nullptr, &h.sum});
    };
    histogram("delete", m_deleteSeconds);
    histogram("thin", m_thinSeconds);
    return series;
}

void ThinningMetrics::addPrevious(const QString& text, const QString& source) {
    const std::vector<Series> series = accumulatingSeries();
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const QString& line = lines[i];
        const qsizetype space = line.lastIndexOf(QLatin1Char(' '));
        if (line.startsWith(QLatin1Char('#')) || space <= 0)
            continue;
        const QString name = line.left(space);
        const QString value = line.mid(space + 1);
        bool ok = false;
        const double number = value.toDouble(&ok);
        const auto bad = [&] {
            return Error(Error::Kind::Failed,
                         QStringLiteral("%1:%2: '%3' is not a number").arg(source).arg(i + 1).arg(value));
        };
        if (name == kLastSuccess) {
            if (!ok)
                throw bad();
            if (!m_lastSuccessSeconds)
                m_lastSuccessSeconds = number;
            continue;
        }
        for (const Series& s : series) {
            if (s.name != name)
                continue;
            if (s.count) {
                const long long count = value.toLongLong(&ok);
                if (!ok || count < 0)
                    throw bad();
                *s.count += count;
            } else {
                if (!ok)
                    throw bad();
                *s.sum += number;
            }
            break;
        }
    }
}

void ThinningMetrics::accumulateIntoTextfile(const QString& path) {
    QLockFile lock(path + QStringLiteral(".lock"));
    if (!lock.tryLock(30000)) {
        const QString why =
            lock.error() == QLockFile::LockFailedError   ? QStringLiteral("held by another run for 30 s")
            : lock.error() == QLockFile::PermissionError ? QStringLiteral("permission denied")
                                                         : QStringLiteral("cannot be created");
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot lock the metrics file %1 (%2.lock: %3)").arg(path, path, why));
    }
    QFile previous(path);
    if (previous.exists()) {
        if (!previous.open(QIODevice::ReadOnly))
            throw Error(
                Error::Kind::Failed,
                QStringLiteral("cannot read the metrics file %1: %2").arg(path, previous.errorString()));
        addPrevious(QString::fromUtf8(previous.readAll()), path);
    }
    writeTextfile(path);
}

QString ThinningMetrics::prometheusText() const {
    QString t;
    t += QStringLiteral(
             "# HELP mowdeck_telemetry_retention_rows_deleted_total Rows deleted by the age limit.\n"
             "# TYPE mowdeck_telemetry_retention_rows_deleted_total counter\n"
             "mowdeck_telemetry_retention_rows_deleted_total{table=\"mower_positions\"} %1\n")
             .arg(m_positionsDeletedByAge);
    t += QStringLiteral(
             "# HELP mowdeck_telemetry_position_thinning_rows_scanned_total Rows of thinned slices.\n"
             "# TYPE mowdeck_telemetry_position_thinning_rows_scanned_total counter\n"
             "mowdeck_telemetry_position_thinning_rows_scanned_total %1\n")
             .arg(m_scanned);
    t += QStringLiteral(
             "# HELP mowdeck_telemetry_position_thinning_rows_deleted_total Rows deleted by thinning.\n"
             "# TYPE mowdeck_telemetry_position_thinning_rows_deleted_total counter\n"
             "mowdeck_telemetry_position_thinning_rows_deleted_total %1\n")
             .arg(m_thinDeleted);
    t += QStringLiteral(
             "# HELP tidemark_positions_round_failed_mowers_total Mowers skipped by a round (a bad "
             "row, a moved watermark).\n"
             "# TYPE tidemark_positions_round_failed_mowers_total counter\n"
             "tidemark_positions_round_failed_mowers_total %1\n"
             "# HELP tidemark_positions_round_interrupted_total Rounds stopped by a lock or statement "
             "timeout, a serialization failure or a deadlock.\n"
             "# TYPE tidemark_positions_round_interrupted_total counter\n"
             "tidemark_positions_round_interrupted_total %2\n"
             "# HELP tidemark_positions_round_clock_overrides_total Rounds run with the clock check "
             "overridden.\n"
             "# TYPE tidemark_positions_round_clock_overrides_total counter\n"
             "tidemark_positions_round_clock_overrides_total %3\n")
             .arg(m_failedMowers)
             .arg(m_interrupted)
             .arg(m_clockOverrides);
    t += QStringLiteral(
        "# HELP mowdeck_telemetry_retention_round_seconds Seconds of the retention round steps.\n"
        "# TYPE mowdeck_telemetry_retention_round_seconds histogram\n");
    const auto histogram = [&t](const char* kind, const Histogram& h) {
        for (std::size_t k = 0; k < kBuckets.size(); ++k)
            t +=
                QStringLiteral("mowdeck_telemetry_retention_round_seconds_bucket{kind=\"%1\",le=\"%2\"} %3\n")
                    .arg(QLatin1String(kind))
                    .arg(kBuckets[k])
                    .arg(h.counts[k]);
        t += QStringLiteral("mowdeck_telemetry_retention_round_seconds_bucket{kind=\"%1\",le=\"+Inf\"} %2\n")
                 .arg(QLatin1String(kind))
                 .arg(h.count);
        t += QStringLiteral("mowdeck_telemetry_retention_round_seconds_sum{kind=\"%1\"} %2\n")
                 .arg(QLatin1String(kind))
                 .arg(h.sum, 0, 'g', 10);
        t += QStringLiteral("mowdeck_telemetry_retention_round_seconds_count{kind=\"%1\"} %2\n")
                 .arg(QLatin1String(kind))
                 .arg(h.count);
    };
    histogram("delete", m_deleteSeconds);
    histogram("thin", m_thinSeconds);
    if (m_lastRunSeconds)
        t += QStringLiteral(
                 "# HELP %1 When the last round ended (seconds since the epoch).\n# TYPE %1 gauge\n%1 %2\n"
                 "# HELP %3 The last round's exit code: 0 done, 1 a mower skipped, 75 stopped early.\n"
                 "# TYPE %3 gauge\n%3 %4\n")
                 .arg(kLastRun)
                 .arg(*m_lastRunSeconds, 0, 'f', 3)
                 .arg(kLastExitCode)
                 .arg(m_lastExitCode);
    if (m_lastSuccessSeconds)
        t += QStringLiteral("# HELP %1 When a round last ended with exit code 0.\n# TYPE %1 gauge\n%1 %2\n")
                 .arg(kLastSuccess)
                 .arg(*m_lastSuccessSeconds, 0, 'f', 3);
    return t;
}

void ThinningMetrics::writeTextfile(const QString& path) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(prometheusText().toUtf8()) < 0 || !file.commit())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write the metrics file %1: %2").arg(path, file.errorString()));
}

} // namespace tidemark::positions
