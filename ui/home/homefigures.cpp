#include "homefigures.h"

#include "displayformat.h"
#include "kudosvalues.h"

#include <QCoreApplication>
#include <algorithm>

namespace tidemark::ui {

namespace {
constexpr int kMostNights = 6;

QString slices(long long n) {
    const int form = display::pluralForm(n);
    return QCoreApplication::translate("HomeFigure", "%1 slice(s)", nullptr, form).arg(display::count(n));
}
} // namespace

HomeFigure positionsFigure(const PositionsPlan& plan) {
    HomeFigure figure;
    if (plan.slicesPending <= 0)
        return figure;
    const double pending = double(plan.slicesPending);
    figure.bars.push_back(
        {QCoreApplication::translate("HomeFigure", "now"), 1.0, slices(plan.slicesPending), false});
    if (!plan.slicesTonight || *plan.slicesTonight <= 0) {
        figure.title =
            QCoreApplication::translate("HomeFigure", "Slices pending (no recorded pace to project them)");
        return figure;
    }
    figure.title =
        QCoreApplication::translate("HomeFigure", "Slices pending after each night at the recorded pace");
    long long left = plan.slicesPending;
    for (int night = 1; night <= kMostNights && left > 0; ++night) {
        left = std::max(0LL, left - *plan.slicesTonight);
        figure.bars.push_back({QCoreApplication::translate("HomeFigure", "night %1").arg(night),
                               double(left) / pending, slices(left), false});
    }
    if (left > 0)
        figure.bars.back().value += QStringLiteral(" …");
    return figure;
}

HomeFigure kudosFigure(const KudosPlan& plan) {
    HomeFigure figure;
    if (plan.tiers.empty())
        return figure;
    figure.title = QCoreApplication::translate("HomeFigure", "Archive tiers against their budgets");
    for (const kudos::KudosForecast::Tier& tier : plan.tiers) {
        BarFigure::Bar bar;
        bar.label = kudos::datasetName(tier.dataset);
        if (!tier.budgetBytes || *tier.budgetBytes <= 0) {
            bar.value = QCoreApplication::translate("HomeFigure", "%1, no budget set")
                            .arg(display::size(tier.usedBytes));
        } else {
            bar.fraction = double(tier.usedBytes) / double(*tier.budgetBytes);
            bar.value = QCoreApplication::translate("HomeFigure", "%1 of %2")
                            .arg(display::size(tier.usedBytes), display::size(*tier.budgetBytes));
            bar.warn = tier.overBudget;
        }
        figure.bars.push_back(bar);
    }
    return figure;
}

HomeFigure tracksFigure(const TracksPlan& plan) {
    HomeFigure figure;
    if (plan.postgis)
        return figure; // the mark is the SQLite file's
    const double mark = double(TracksPlan::kAlertBytes);
    figure.title = QCoreApplication::translate("HomeFigure", "The store against the %1 mark")
                       .arg(display::size(TracksPlan::kAlertBytes));
    figure.bars.push_back({QCoreApplication::translate("HomeFigure", "now"), double(plan.bytes) / mark,
                           QCoreApplication::translate("HomeFigure", "%1 (%2)")
                               .arg(display::size(plan.bytes), display::percent(double(plan.bytes) / mark)),
                           plan.aboveAlert});
    if (plan.bytesToFree > 0) {
        const qint64 after = std::max<qint64>(0, plan.bytes - plan.bytesToFree);
        figure.bars.push_back(
            {QCoreApplication::translate("HomeFigure", "after retention"), double(after) / mark,
             QCoreApplication::translate("HomeFigure", "≈ %1").arg(display::size(after)), false});
    }
    return figure;
}

} // namespace tidemark::ui
