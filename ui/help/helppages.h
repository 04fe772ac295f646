#pragma once

#include <QDir>
#include <QString>
#include <QStringList>
#include <QUrl>

class QTextDocument;

namespace tidemark::ui {

// The guides as the help shows them: where they are (:/docs, built into the program), their order (the
// links of index.md), their titles (each page's first heading), and the anchors of their headings. Pages
// link each other's headings as GitHub names them (operating.md#limits-of-the-commands-options), which Qt's
// Markdown reader does not do: nameAnchors gives a loaded page the same names, so such a link lands
// on its heading in the console as it does on the web.
struct HelpPages {
    static constexpr const char* kContentsPage = "index.md";

    static QDir resources() { return QDir(QStringLiteral(":/docs")); }
    // qrc:/docs/`page`; `page` may end in an #anchor ("settings.md#connections").
    static QUrl url(const QString& page);
    // The page's file name of a help URL: "kudos.md" for qrc:/docs/kudos.md#rounds.
    static QString pageOf(const QUrl& url);
    // index.md, then the pages it links in its order (each once), of those present in `folder`.
    static QStringList contents(const QDir& folder);
    // The text of the first heading of a Markdown page ("" without one).
    static QString title(const QString& markdown);
    // GitHub's anchor for a heading: lower case, spaces to '-', punctuation other than '-' and '_' dropped.
    static QString headingAnchor(const QString& heading);
    // The page as the help loads it: an empty <a name="x"></a> (or id="x"), which Qt's Markdown reader drops,
    // keeps its name on an invisible character.
    static QString prepare(const QString& markdown);
    // Gives the anchors their places in a page loaded from prepare(): an <a name> alone on its line names the
    // block after it (its own line goes), and every heading is named by headingAnchor (a repeated one gets
    // -1, -2, … as on GitHub). Naming a page twice changes nothing.
    static void nameAnchors(QTextDocument& document);
    // setMarkdown(prepare(markdown)), then nameAnchors: a page as the help shows it.
    static void load(QTextDocument& document, const QString& markdown);
    // Every anchor name of `document`: <a name="…"> of the page and its headings' (after nameAnchors).
    static QStringList anchorNames(const QTextDocument& document);
};

} // namespace tidemark::ui
