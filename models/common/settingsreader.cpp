#include "settingsreader.h"

#include "error.h"

#include <cmath>
#include <limits>

namespace tidemark {

SettingsReader::SettingsReader(QHash<QString, QString> values) : m_values(std::move(values)) {}

bool SettingsReader::has(const QString& name) const {
    m_asked.insert(name);
    return m_values.contains(name) && !m_values.value(name).trimmed().isEmpty();
}

QString SettingsReader::text(const QString& name, const QString& fallback) const {
    return has(name) ? m_values.value(name).trimmed() : fallback;
}

void SettingsReader::fail(const QString& name, const QString& value, const QString& rule) {
    throw Error(Error::Kind::Settings, QStringLiteral("%1=\"%2\": %3").arg(name, value.left(80), rule));
}

long long SettingsReader::integer(const QString& name, long long fallback,
                                  const std::function<bool(long long)>& valid, const QString& rule) const {
    if (!has(name))
        return fallback;
    const QString raw = text(name, {});
    bool ok = false;
    const long long v = raw.toLongLong(&ok);
    if (!ok)
        fail(name, raw, QStringLiteral("not an integer (%1)").arg(rule));
    if (!valid(v))
        fail(name, raw, rule);
    return v;
}

int SettingsReader::integer32(const QString& name, int fallback, const std::function<bool(int)>& valid,
                              const QString& rule) const {
    const long long v = integer(
        name, fallback,
        [](long long x) {
            return x >= std::numeric_limits<int>::min() && x <= std::numeric_limits<int>::max();
        },
        QStringLiteral("out of range (%1)").arg(rule));
    if (!valid(static_cast<int>(v)))
        fail(name, text(name, {}), rule);
    return static_cast<int>(v);
}

double SettingsReader::real(const QString& name, double fallback, const std::function<bool(double)>& valid,
                            const QString& rule) const {
    if (!has(name))
        return fallback;
    const QString raw = text(name, {});
    bool ok = false;
    const double v = raw.toDouble(&ok);
    if (!ok || !std::isfinite(v))
        fail(name, raw, QStringLiteral("not a number (%1)").arg(rule));
    if (!valid(v))
        fail(name, raw, rule);
    return v;
}

QTimeZone SettingsReader::timeZone(const QString& name, const QString& fallback) const {
    const QString raw = text(name, fallback);
    if (raw == QLatin1String("UTC"))
        return QTimeZone::utc();
    const QTimeZone zone(raw.toUtf8());
    if (!zone.isValid())
        fail(name, raw, QStringLiteral("not an IANA time zone name"));
    return zone;
}

} // namespace tidemark
