#include "budgetpanel.h"

#include "displayformat.h"

#include <QGridLayout>
#include <QLabel>
#include <QProgressBar>

namespace tidemark::ui {

using namespace tidemark::kudos;

BudgetPanel::BudgetPanel(QWidget* parent) : QWidget(parent) {
    m_archive = new QLabel(this);
    m_archive->setWordWrap(true);
    auto* layout = new QGridLayout(this);
    layout->addWidget(m_archive, 0, 0, 1, 2);
    const QString names[] = {tr("currency/"), tr("statistics/")};
    for (int i = 0; i < 2; ++i) {
        m_bars[i] = new QProgressBar(this);
        m_bars[i]->setRange(0, 1000);
        m_bars[i]->setValue(0);
        m_bars[i]->setTextVisible(false);
        m_texts[i] = new QLabel(this);
        m_texts[i]->setWordWrap(true);
        layout->addWidget(new QLabel(QStringLiteral("<b>%1</b>").arg(names[i]), this), 1 + 2 * i, 0);
        layout->addWidget(m_bars[i], 1 + 2 * i, 1);
        layout->addWidget(m_texts[i], 2 + 2 * i, 1);
    }
    layout->setColumnStretch(1, 1);
    layout->setRowStretch(5, 1);
}

void BudgetPanel::showStatus(const KudosStatus& status) {
    m_archive->setText(
        status.archiveProblem.isEmpty()
            ? tr("Archive: %1").arg(status.archive)
            : QStringLiteral("<b style='color:#b00020'>%1</b>")
                  .arg(tr("The archive is not reachable: %1").arg(status.archiveProblem).toHtmlEscaped()));
    const char* const settings[] = {"KUDOS_ARCHIVE_BUDGET_CURRENCY_BYTES",
                                    "KUDOS_ARCHIVE_BUDGET_STATISTICS_BYTES"};
    for (int i = 0; i < 2; ++i) {
        const ArchiveTierUse* tier = nullptr;
        for (const ArchiveTierUse& t : status.tiers)
            if (int(t.dataset) == i)
                tier = &t;
        if (!tier || tier->usedBytes < 0) {
            m_bars[i]->hide();
            m_texts[i]->setText(tr("unknown: the archive could not be read"));
            continue;
        }
        const QString used = display::size(tier->usedBytes);
        // Without a budget there is nothing to fill: the line says so and names the setting instead.
        m_bars[i]->setVisible(tier->budgetBytes > 0);
        if (tier->budgetBytes <= 0) {
            m_texts[i]->setText(
                tr("%1 used; no budget set for this tier: %2 sets it").arg(used, QLatin1String(settings[i])));
            continue;
        }
        const double share = double(tier->usedBytes) / double(tier->budgetBytes);
        m_bars[i]->setValue(int(std::min(1.0, share) * 1000));
        m_texts[i]->setText(
            tr("%1 of %2 (%3)").arg(used, display::size(tier->budgetBytes), display::percent(share)));
    }
}

QString BudgetPanel::tierText(RetentionDataset dataset) const {
    return m_texts[int(dataset)]->text();
}

QString BudgetPanel::archiveText() const {
    return m_archive->text();
}

} // namespace tidemark::ui
