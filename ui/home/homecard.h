#pragma once

#include "homefigures.h"
#include "retentionplan.h"

#include <QGroupBox>

class QLabel;
class QPushButton;

namespace tidemark::ui {

// One dataset's card on the home: where it is, then its next run, backlog, last run and health, as the
// retention plan says; links in the text and the Open button ask for the dataset's workbench at the mower
// or partition they name (openRequested). Not configured: a muted card pointing at File ▸ Connect…; a
// section that failed: its error (which names the server or file) in the console's error style.
class HomeCard : public QGroupBox {
    Q_OBJECT
  public:
    enum class State { Empty, NotConfigured, Failed, Planned };

    explicit HomeCard(WorkspaceDataset dataset, QWidget* parent = nullptr);

    void setSection(const PlanSection<PositionsPlan>& section, Micros now);
    void setSection(const PlanSection<KudosPlan>& section, Micros now);
    void setSection(const PlanSection<TracksPlan>& section, Micros now);
    void clear(); // no plan yet

    WorkspaceDataset dataset() const { return m_dataset; }
    State state() const { return m_state; }
    QString whereText() const;
    QString bodyText() const; // the card's text (rich text)
    QString openTarget() const { return m_target; }
    QLabel* body() const { return m_body; }
    QPushButton* openButton() const { return m_open; }
    BarFigure* figure() const { return m_figure; } // the figures under the text

  signals:
    void openRequested(tidemark::WorkspaceDataset dataset, const QString& target);

  private:
    // Not configured or failed: true when the section has no plan to show (the card says why).
    bool showState(bool configured, const QString& where, const QString& error, double seconds);
    void showPlan(const QString& html, const QString& target, double seconds, const HomeFigure& figure);

    WorkspaceDataset m_dataset;
    State m_state = State::Empty;
    QString m_target;
    QLabel* m_where;
    QLabel* m_body;
    BarFigure* m_figure;
    QLabel* m_footer;
    QPushButton* m_open;
};

} // namespace tidemark::ui
