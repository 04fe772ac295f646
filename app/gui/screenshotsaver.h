#pragma once

#include <QObject>
#include <QString>

class QTimer;

namespace tidemark::ui {
class MainWindow;
}

namespace tidemark::app {

// --screenshot: once the window's workspace has settled, saves the window as a PNG and quits with 0; quits
// with 1 and a message when loading failed, when the file cannot be written or after the timeout.
class ScreenshotSaver : public QObject {
    Q_OBJECT
  public:
    ScreenshotSaver(ui::MainWindow* window, QString path, int timeoutSeconds, QObject* parent = nullptr);
    // For a window with nothing to load: save as soon as it is shown.
    void saveWhenShown();

  private:
    void settled(bool ok);
    void save(bool ok);
    ui::MainWindow* m_window;
    QString m_path;
    QTimer* m_timeout;
    bool m_done = false;
};

} // namespace tidemark::app
