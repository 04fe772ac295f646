#pragma once

#include <QWidget>

class QListWidget;
class QPushButton;

namespace tidemark::ui {

class HelpBrowser;

// The guides, beside the console: the contents on the left (index.md's order, each guide by its first
// heading), the page on the right, Back, Forward and Contents above. A main window makes one, non-modal, and
// shows every page in it. Its geometry is saved when it hides, if setRemembersGeometry(true), and restored
// when it is made.
class HelpWindow : public QWidget {
    Q_OBJECT
  public:
    explicit HelpWindow(QWidget* parent = nullptr);

    // Shows `page` of the guides ("kudos.md", "settings.md#connections") and brings the window up.
    void showPage(const QString& page);
    // The file name of the page shown ("kudos.md").
    QString currentPage() const;
    QListWidget* contents() const { return m_contents; }
    HelpBrowser* browser() const { return m_browser; }
    QPushButton* backButton() const { return m_back; }
    QPushButton* forwardButton() const { return m_forward; }
    void setRemembersGeometry(bool remember) { m_remembersGeometry = remember; }

  protected:
    void keyPressEvent(QKeyEvent* event) override;
    void hideEvent(QHideEvent* event) override;

  private:
    void fillContents();
    void followPage(const QUrl& url);
    void placeFirstTime();

    QListWidget* m_contents;
    HelpBrowser* m_browser;
    QPushButton* m_back;
    QPushButton* m_forward;
    bool m_remembersGeometry = false;
    bool m_placed = false;
};

} // namespace tidemark::ui
