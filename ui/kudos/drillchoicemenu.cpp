#include "drillchoicemenu.h"

namespace tidemark::ui {

DrillChoiceMenu::DrillChoiceMenu(QWidget* parent) : QMenu(parent) {
    setObjectName(QStringLiteral("drillChoices"));
    m_selected = addAction(QString());
    m_selected->setObjectName(QStringLiteral("drillSelected"));
    m_sample = addAction(QString());
    m_sample->setObjectName(QStringLiteral("drillSample"));
    m_all = addAction(QString());
    m_all->setObjectName(QStringLiteral("drillAll"));
    connect(m_selected, &QAction::triggered, this, [this] { emit chosen(Choice::Selected); });
    connect(m_sample, &QAction::triggered, this, [this] { emit chosen(Choice::Sample); });
    connect(m_all, &QAction::triggered, this, [this] { emit chosen(Choice::All); });
    setCounts(0, 0, -1);
}

void DrillChoiceMenu::setCounts(int selected, int sample, int catalog) {
    m_selected->setEnabled(selected > 0);
    m_selected->setText(selected > 0 ? tr("The %Ln selected object(s)", "", selected)
                                     : tr("The selected objects (none selected)"));
    m_sample->setText(tr("A sample of %Ln object(s), the never drilled first", "", sample));
    m_all->setText(catalog >= 0 ? tr("All %Ln object(s) of the catalog", "", catalog)
                                : tr("All objects of the catalog"));
}

QAction* DrillChoiceMenu::action(Choice choice) const {
    switch (choice) {
    case Choice::Selected:
        return m_selected;
    case Choice::Sample:
        return m_sample;
    case Choice::All:
        return m_all;
    }
    return nullptr;
}

} // namespace tidemark::ui
