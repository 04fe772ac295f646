#pragma once

#include <QLabel>
#include <QStringList>

namespace tidemark::ui {

// A one-line label given its text in several lengths, longest first: it shows the longest that fits its
// width, and the longest as its tooltip. The last form is the shortest the label may show; when even it does
// not fit, the label shows it elided in the middle (the ends of a path or URL say the most) and says so
// (the property `elided`, which the screen tests read).
class FittingLabel : public QLabel {
    Q_OBJECT
    Q_PROPERTY(bool elided READ isElided)
  public:
    explicit FittingLabel(QWidget* parent = nullptr);

    void setForms(const QStringList& longestFirst);
    bool isElided() const { return m_elided; }

    QSize minimumSizeHint() const override;

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    void fit();

    QStringList m_forms;
    bool m_elided = false;
};

} // namespace tidemark::ui
