#pragma once

#include <QTextBrowser>

namespace tidemark::ui {

// A guide of :/docs rendered as Markdown. Links between pages and their pictures resolve against the page;
// a link to a heading lands on it (HelpPages::nameAnchors); http(s) and mail links open outside
// (QDesktopServices); a page the help does not have shows a line that says so, not a blank page.
class HelpBrowser : public QTextBrowser {
    Q_OBJECT
  public:
    explicit HelpBrowser(QWidget* parent = nullptr);

    // Whether the page in front is the line for a page the help does not have.
    bool showsMissingPage() const { return m_missingPage; }

    QVariant loadResource(int type, const QUrl& name) override;

  protected:
    void doSetSource(const QUrl& url, QTextDocument::ResourceType type) override;

  private:
    bool m_missingPage = false;
};

} // namespace tidemark::ui
