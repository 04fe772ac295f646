#pragma once

#include <QWidget>

namespace tidemark::ui {

// The map's room while the map module is not built in: a neutral grid with a note.
class MapPlaceholder : public QWidget {
    Q_OBJECT
  public:
    explicit MapPlaceholder(QWidget* parent = nullptr);

  protected:
    void paintEvent(QPaintEvent* event) override;
};

} // namespace tidemark::ui
