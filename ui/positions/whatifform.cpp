#include "whatifform.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QSpinBox>

namespace tidemark::ui {

namespace {

const QString kPrefix = QStringLiteral("MOWDECK_TELEMETRY_");

QComboBox* binBox(QWidget* parent) {
    auto* box = new QComboBox(parent);
    for (int s = 1; s <= 300; ++s)
        if (300 % s == 0)
            box->addItem(WhatIfForm::tr("%n s", nullptr, s), s);
    return box;
}

void select(QComboBox* box, int seconds) {
    const int i = box->findData(seconds);
    if (i >= 0)
        box->setCurrentIndex(i);
}

} // namespace

WhatIfForm::WhatIfForm(QWidget* parent) : QWidget(parent) {
    m_active = binBox(this);
    m_active->setToolTip(tr("MOWDECK_TELEMETRY_POSITIONS_THIN_ACTIVE_SECONDS: the bin of a mowing row"));
    m_idle = binBox(this);
    m_idle->setToolTip(tr("MOWDECK_TELEMETRY_POSITIONS_THIN_IDLE_SECONDS: the bin of an idle row"));
    m_joinSeconds = new QSpinBox(this);
    m_joinSeconds->setRange(1, 86400);
    m_joinSeconds->setSuffix(tr(" s"));
    m_joinSeconds->setToolTip(
        tr("MOWDECK_TELEMETRY_HEATMAP_JOIN_SECONDS: the longest gap the heatmap joins"));
    m_joinMetres = new QDoubleSpinBox(this);
    m_joinMetres->setRange(0.1, 10000);
    m_joinMetres->setDecimals(1);
    m_joinMetres->setSuffix(tr(" m"));
    m_joinMetres->setToolTip(tr("MOWDECK_TELEMETRY_HEATMAP_JOIN_METRES: the longest step the heatmap joins"));
    auto* form = new QFormLayout(this);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("Active bin"), m_active);
    form->addRow(tr("Idle bin"), m_idle);
    form->addRow(tr("Join up to"), m_joinSeconds);
    form->addRow(tr("Join within"), m_joinMetres);
    for (QComboBox* box : {m_active, m_idle})
        connect(box, &QComboBox::currentIndexChanged, this, &WhatIfForm::changed);
    connect(m_joinSeconds, &QSpinBox::valueChanged, this, &WhatIfForm::changed);
    connect(m_joinMetres, &QDoubleSpinBox::valueChanged, this, &WhatIfForm::changed);
    setConfigured(m_configured);
}

void WhatIfForm::setConfigured(const positions::PositionSettings& s) {
    m_configured = s;
    select(m_active, s.thinActiveSeconds);
    select(m_idle, s.thinIdleSeconds);
    m_joinSeconds->setValue(s.heatmapJoinSeconds);
    m_joinMetres->setValue(s.heatmapJoinMetres);
}

std::vector<std::pair<QString, QString>> WhatIfForm::overrides() const {
    std::vector<std::pair<QString, QString>> out;
    const auto add = [&out](const char* name, const QString& value) {
        out.emplace_back(kPrefix + QLatin1String(name), value);
    };
    if (m_active->currentData().toInt() != m_configured.thinActiveSeconds)
        add("POSITIONS_THIN_ACTIVE_SECONDS", QString::number(m_active->currentData().toInt()));
    if (m_idle->currentData().toInt() != m_configured.thinIdleSeconds)
        add("POSITIONS_THIN_IDLE_SECONDS", QString::number(m_idle->currentData().toInt()));
    if (m_joinSeconds->value() != m_configured.heatmapJoinSeconds)
        add("HEATMAP_JOIN_SECONDS", QString::number(m_joinSeconds->value()));
    if (std::abs(m_joinMetres->value() - m_configured.heatmapJoinMetres) > 1e-9)
        add("HEATMAP_JOIN_METRES", QString::number(m_joinMetres->value()));
    return out;
}

void WhatIfForm::setActiveSeconds(int seconds) {
    select(m_active, seconds);
}

void WhatIfForm::setJoinMetres(double metres) {
    m_joinMetres->setValue(metres);
}

} // namespace tidemark::ui
