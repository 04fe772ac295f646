#pragma once

#include "positionsettings.h"

#include <QWidget>
#include <utility>
#include <vector>

class QComboBox;
class QDoubleSpinBox;
class QSpinBox;

namespace tidemark::ui {

// The what-if's settings in the Capacity area: the bin widths (the divisors of 300 s the rule allows) and the
// heatmap join limits, starting at the configured values. Only what differs becomes an override.
class WhatIfForm : public QWidget {
    Q_OBJECT
  public:
    explicit WhatIfForm(QWidget* parent = nullptr);

    void setConfigured(const positions::PositionSettings& settings); // resets the fields
    // The settings changed from the configured ones (full names, values as text); empty when none.
    std::vector<std::pair<QString, QString>> overrides() const;
    void setActiveSeconds(int seconds); // tests and the panel's presets
    void setJoinMetres(double metres);

  signals:
    void changed();

  private:
    positions::PositionSettings m_configured;
    QComboBox* m_active;
    QComboBox* m_idle;
    QSpinBox* m_joinSeconds;
    QDoubleSpinBox* m_joinMetres;
};

} // namespace tidemark::ui
