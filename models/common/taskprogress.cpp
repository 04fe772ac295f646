#include "taskprogress.h"

#include <QCoreApplication>
#include <QLocale>
#include <algorithm>
#include <cmath>

namespace tidemark {

namespace {
constexpr qint64 kShareUnits = 1000;

QString durationText(double seconds) {
    const auto s = static_cast<long long>(std::llround(seconds));
    if (s < 60)
        return QCoreApplication::translate("TaskProgress", "%1 s left").arg(s);
    if (s < 3600)
        return QCoreApplication::translate("TaskProgress", "%1 min %2 s left").arg(s / 60).arg(s % 60);
    return QCoreApplication::translate("TaskProgress", "%1 h %2 min left").arg(s / 3600).arg(s / 60 % 60);
}
} // namespace

double TaskProgress::fraction() const {
    if (total <= 0)
        return total == 0 ? 1.0 : -1.0;
    return std::clamp(double(done) / double(total), 0.0, 1.0);
}

QString TaskProgress::describe() const {
    const QLocale locale;
    QStringList parts;
    if (!stage.isEmpty())
        parts << stage;
    if (total > 0 && total != kShareUnits)
        parts << QStringLiteral("%1 / %2").arg(locale.toString(done), locale.toString(total));
    if (rows >= 0)
        parts << QCoreApplication::translate("TaskProgress", "%1 rows").arg(locale.toString(rows));
    if (bytes >= 0)
        parts << locale.formattedDataSize(bytes);
    if (secondsLeft >= 0)
        parts << durationText(secondsLeft);
    return parts.join(QStringLiteral(" · "));
}

TaskProgress TaskProgress::share(double fraction, const QString& stage) {
    TaskProgress p;
    p.stage = stage;
    p.total = kShareUnits;
    p.done = std::isfinite(fraction) ? qint64(std::clamp(fraction, 0.0, 1.0) * double(kShareUnits)) : 0;
    return p;
}

} // namespace tidemark
