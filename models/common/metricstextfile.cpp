#include "metricstextfile.h"

#include "error.h"

#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QSaveFile>
#include <QStringList>
#include <algorithm>

namespace tidemark {

void MetricsTextfile::Histogram::observe(double value) {
    for (std::size_t k = 0; k < buckets.size(); ++k)
        if (value <= buckets[k])
            ++counts[k];
    ++count;
    sum += value;
}

MetricsTextfile::MetricsTextfile(QString runPrefix, QString whatRuns)
    : m_runPrefix(std::move(runPrefix)), m_whatRuns(std::move(whatRuns)) {}

void MetricsTextfile::declare(const QString& name, const QString& help, bool histogram) {
    if (std::none_of(m_families.begin(), m_families.end(), [&](const Family& f) { return f.name == name; }))
        m_families.push_back({name, help, histogram});
}

QString MetricsTextfile::series(const QString& name, const QString& labels) {
    return labels.isEmpty() ? name : QStringLiteral("%1{%2}").arg(name, labels);
}

MetricsTextfile::Counter& MetricsTextfile::counter(const QString& name, const QString& help,
                                                   const QString& labels) {
    declare(name, help, false);
    for (Counter& c : m_counters)
        if (c.name == name && c.labels == labels)
            return c;
    return m_counters.emplace_back(Counter{name, labels, 0});
}

MetricsTextfile::Histogram& MetricsTextfile::histogram(const QString& name, const QString& help,
                                                       const QString& labels, std::vector<double> buckets) {
    declare(name, help, true);
    for (Histogram& h : m_histograms)
        if (h.name == name && h.labels == labels)
            return h;
    Histogram h{name, labels, std::move(buckets), {}, 0, 0};
    h.counts.assign(h.buckets.size(), 0);
    return m_histograms.emplace_back(std::move(h));
}

void MetricsTextfile::setLastRun(double unixSeconds, int exitCode) {
    m_lastRunSeconds = unixSeconds;
    m_lastExitCode = exitCode;
    if (exitCode == 0)
        m_lastSuccessSeconds = unixSeconds;
}

namespace {
// A histogram series' labels with `le` added.
QString withLe(const QString& labels, const QString& le) {
    const QString bound = QStringLiteral("le=\"%1\"").arg(le);
    return labels.isEmpty() ? bound : labels + QLatin1Char(',') + bound;
}
} // namespace

void MetricsTextfile::addPrevious(const QString& text, const QString& source) {
    // What a line adds to: a counter or bucket count, or a histogram's sum.
    struct Target {
        long long* count = nullptr;
        double* sum = nullptr;
    };
    const auto targetOf = [this](const QString& name) -> std::optional<Target> {
        for (Counter& c : m_counters)
            if (series(c.name, c.labels) == name)
                return Target{&c.value, nullptr};
        for (Histogram& h : m_histograms) {
            for (std::size_t k = 0; k < h.buckets.size(); ++k)
                if (series(h.name + QStringLiteral("_bucket"),
                           withLe(h.labels, QString::number(h.buckets[k]))) == name)
                    return Target{&h.counts[k], nullptr};
            if (series(h.name + QStringLiteral("_bucket"), withLe(h.labels, QStringLiteral("+Inf"))) == name)
                return Target{&h.count, nullptr};
            if (series(h.name + QStringLiteral("_sum"), h.labels) == name)
                return Target{nullptr, &h.sum};
        }
        return std::nullopt;
    };
    const QString lastSuccess = m_runPrefix + QStringLiteral("_last_success_timestamp_seconds");
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
        if (name == lastSuccess) {
            if (!ok)
                throw bad();
            if (!m_lastSuccessSeconds)
                m_lastSuccessSeconds = number;
            continue;
        }
        const std::optional<Target> target = targetOf(name);
        if (!target)
            continue;
        if (target->count) {
            const long long count = value.toLongLong(&ok);
            if (!ok || count < 0)
                throw bad();
            *target->count += count;
        } else {
            if (!ok)
                throw bad();
            *target->sum += number;
        }
    }
}

void MetricsTextfile::accumulateIntoTextfile(const QString& path) {
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

QString MetricsTextfile::accumulateIntoTextfileOrWarning(const QString& path, const QString& origin) {
    try {
        accumulateIntoTextfile(path);
        return {};
    } catch (const Error& e) {
        return QStringLiteral("the %1 ran but its metrics were not written to %2%3: %4; give this user write "
                              "access to %5 or choose another file")
            .arg(m_whatRuns, path, origin.isEmpty() ? QString() : QStringLiteral(" (%1)").arg(origin),
                 e.message(), QFileInfo(path).absolutePath());
    }
}

QString MetricsTextfile::prometheusText() const {
    QString t;
    for (const Family& f : m_families) {
        t += QStringLiteral("# HELP %1 %2\n# TYPE %1 %3\n")
                 .arg(f.name, f.help, f.histogram ? QStringLiteral("histogram") : QStringLiteral("counter"));
        for (const Counter& c : m_counters)
            if (c.name == f.name)
                t += QStringLiteral("%1 %2\n").arg(series(c.name, c.labels)).arg(c.value);
        for (const Histogram& h : m_histograms) {
            if (h.name != f.name)
                continue;
            const QString bucket = h.name + QStringLiteral("_bucket");
            for (std::size_t k = 0; k < h.buckets.size(); ++k)
                t += QStringLiteral("%1 %2\n")
                         .arg(series(bucket, withLe(h.labels, QString::number(h.buckets[k]))))
                         .arg(h.counts[k]);
            t += QStringLiteral("%1 %2\n")
                     .arg(series(bucket, withLe(h.labels, QStringLiteral("+Inf"))))
                     .arg(h.count);
            t += QStringLiteral("%1 %2\n")
                     .arg(series(h.name + QStringLiteral("_sum"), h.labels))
                     .arg(h.sum, 0, 'g', 10);
            t += QStringLiteral("%1 %2\n")
                     .arg(series(h.name + QStringLiteral("_count"), h.labels))
                     .arg(h.count);
        }
    }
    if (m_lastRunSeconds)
        t += QStringLiteral("# HELP %1_last_run_timestamp_seconds When the last %2 ended (seconds since the "
                            "epoch).\n# TYPE %1_last_run_timestamp_seconds gauge\n"
                            "%1_last_run_timestamp_seconds %3\n"
                            "# HELP %1_last_exit_code The last %2's exit code: 0 done, 1 failed or skipped "
                            "work, 75 stopped early (see tidemark-cli(1)).\n"
                            "# TYPE %1_last_exit_code gauge\n%1_last_exit_code %4\n")
                 .arg(m_runPrefix, m_whatRuns)
                 .arg(*m_lastRunSeconds, 0, 'f', 3)
                 .arg(m_lastExitCode);
    if (m_lastSuccessSeconds)
        t +=
            QStringLiteral("# HELP %1_last_success_timestamp_seconds When a %2 last ended with exit code 0.\n"
                           "# TYPE %1_last_success_timestamp_seconds gauge\n"
                           "%1_last_success_timestamp_seconds %3\n")
                .arg(m_runPrefix, m_whatRuns)
                .arg(*m_lastSuccessSeconds, 0, 'f', 3);
    return t;
}

void MetricsTextfile::writeTextfile(const QString& path) const {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(prometheusText().toUtf8()) < 0 || !file.commit())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write the metrics file %1: %2").arg(path, file.errorString()));
}

} // namespace tidemark
