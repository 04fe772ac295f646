#pragma once

#include <QWidget>

class QAbstractItemModel;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QStackedWidget;
class QTableView;
class QToolButton;

namespace tidemark::ui {

// One dataset's panel: where it comes from, what state its loading is in, and the table of what was loaded.
// It shows a model and asks for reloads; the loading itself is a job the window starts. Compact, it is one
// line (the summary, the source, Reload) and shows its table only when the operator unfolds it: the window
// makes it compact while the workbench in front shows the same rows. A message (not connected, a failure)
// shows either way.
class DatasetPanel : public QWidget {
    Q_OBJECT
  public:
    enum class State { NotConnected, Loading, Loaded, Failed };

    // The dock around the panel carries the dataset's name.
    DatasetPanel(QAbstractItemModel* model, int sortRole, QWidget* parent = nullptr);

    void setSource(const QString& source); // e.g. "127.0.0.1:5433/positions" (never a password)
    void setNotConnected(const QString& hint);
    void setLoading();
    void setLoaded(const QString& summary);
    void setFailed(const QString& message);

    State state() const { return m_state; }
    QString summaryText() const;
    QString messageText() const; // the failure or hint shown instead of the table
    QTableView* view() const { return m_view; }
    QPushButton* reloadButton() const { return m_reload; } // enabled once a load ended (the Reload command)
    void setCompact(bool compact);
    bool isCompact() const { return m_compact; }
    QToolButton* unfoldButton() const { return m_unfold; } // checked: the table shows although compact
    bool showsTable() const;

  signals:
    void reloadRequested();

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    void showMessage(const QString& text);
    void fold();
    State m_state = State::NotConnected;
    bool m_compact = false;
    QToolButton* m_unfold;
    QLabel* m_source;
    QLabel* m_summary;
    QLabel* m_message;
    QPushButton* m_reload;
    QStackedWidget* m_stack;
    QTableView* m_view;
    QSortFilterProxyModel* m_proxy;
};

} // namespace tidemark::ui
