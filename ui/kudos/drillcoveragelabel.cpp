#include "drillcoveragelabel.h"

#include "archivedrillhistory.h"
#include "coveringobjectmodel.h"
#include "displayformat.h"

namespace tidemark::ui {

using kudos::CoveringObjectModel;

DrillCoverageLabel::DrillCoverageLabel(QWidget* parent) : QLabel(parent) {
    setTextFormat(Qt::RichText);
}

// Over every object the retention catalog records.
void DrillCoverageLabel::showCoverage(const kudos::DrillCoverage& c) {
    if (c.objects == 0) {
        setText(tr("Drills: the catalog records no archive object yet."));
        setToolTip(QString());
        return;
    }
    QString text = tr("Drills: %1 of %Ln object(s) proven within %2 days", "", c.objects)
                       .arg(c.provenWithin)
                       .arg(c.windowDays);
    if (c.unproven > 0)
        text += tr(" · %Ln not proven", "", c.unproven);
    if (c.lastPassed)
        text += tr(" · last passed %1").arg(CoveringObjectModel::drillTimeText(*c.lastPassed));
    const bool allProven = c.provenWithin == c.objects;
    setText(
        QStringLiteral("<span style='color:%1'>%2</span>")
            .arg(allProven ? QStringLiteral("#1b6e20") : QStringLiteral("#8a5a00"), text.toHtmlEscaped()));
    QString tip =
        tr("Over every archive object the retention catalog records (currency and statistics): "
           "proven means its latest drill passed, within KUDOS_ARCHIVE_DRILL_MAX_AGE_DAYS = %1 (UTC, by "
           "the server's clock); a failed drill un-proves an object until one passes again.")
            .arg(c.windowDays);
    if (c.oldestProof)
        tip += QLatin1Char('\n') + tr("The oldest of the last proofs: %1, passed %2.")
                                       .arg(c.oldestProofKey, display::instant(*c.oldestProof));
    setToolTip(tip);
}

} // namespace tidemark::ui
