#include "taskprogress.h"

#include "displayformat.h"

#include <QCoreApplication>
#include <algorithm>
#include <cmath>

namespace tidemark {

namespace {
constexpr qint64 kShareUnits = 1000;

} // namespace

double TaskProgress::fraction() const {
    if (total <= 0)
        return total == 0 ? 1.0 : -1.0;
    return std::clamp(double(done) / double(total), 0.0, 1.0);
}

QString TaskProgress::describe() const {
    QStringList parts;
    if (!stage.isEmpty())
        parts << stage;
    if (total > 0 && total != kShareUnits)
        parts << QStringLiteral("%1 / %2").arg(display::count(done), display::count(total));
    if (rows >= 0)
        parts << QCoreApplication::translate("TaskProgress", "%1 rows").arg(display::count(rows));
    if (bytes >= 0)
        parts << display::size(bytes);
    if (secondsLeft >= 0)
        parts << QCoreApplication::translate("TaskProgress", "%1 left").arg(display::duration(secondsLeft));
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
