#pragma once

#include <QDialog>

namespace tidemark::ui {

// About Tidemark: what it is, its version, and the versions of the libraries it runs on.
class AboutDialog : public QDialog {
    Q_OBJECT
  public:
    explicit AboutDialog(QWidget* parent = nullptr);
};

} // namespace tidemark::ui
