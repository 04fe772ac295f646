#include "helppages.h"

#include <QFile>
#include <QHash>
#include <QRegularExpression>
#include <QTextBlock>
#include <QTextCursor>
#include <QTextDocument>

namespace tidemark::ui {

QUrl HelpPages::url(const QString& page) {
    return QUrl(QStringLiteral("qrc:/docs/") + page);
}

QString HelpPages::pageOf(const QUrl& url) {
    return url.adjusted(QUrl::RemoveFragment | QUrl::RemoveQuery).fileName();
}

QStringList HelpPages::contents(const QDir& folder) {
    QStringList pages{QLatin1String(kContentsPage)};
    QFile index(folder.filePath(QLatin1String(kContentsPage)));
    if (!index.open(QIODevice::ReadOnly))
        return pages;
    QTextDocument document;
    document.setMarkdown(QString::fromUtf8(index.readAll()));
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (!format.isAnchor() || format.anchorHref().isEmpty())
                continue;
            const QUrl link(format.anchorHref());
            const QString page = link.adjusted(QUrl::RemoveFragment).path();
            if (link.isRelative() && page.endsWith(QLatin1String(".md")) &&
                !page.contains(QLatin1Char('/')) && !pages.contains(page) && folder.exists(page))
                pages << page;
        }
    return pages;
}

QString HelpPages::title(const QString& markdown) {
    static const QRegularExpression heading(QStringLiteral("^#{1,6}[ \\t]+(.+?)[ \\t#]*$"),
                                            QRegularExpression::MultilineOption);
    const QRegularExpressionMatch match = heading.match(markdown);
    return match.hasMatch() ? match.captured(1).remove(QLatin1Char('`')) : QString();
}

QString HelpPages::headingAnchor(const QString& heading) {
    QString anchor;
    for (const QChar c : heading.trimmed()) {
        if (c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'))
            anchor += c.toLower();
        else if (c.isSpace())
            anchor += QLatin1Char('-');
    }
    return anchor;
}

namespace {

constexpr QChar kNameCarrier(0x200B); // ZERO WIDTH SPACE: the character an empty <a name> is given

// Adds `name` to the anchor names of the character at `position`.
void addAnchorName(QTextDocument& document, int position, const QStringList& names) {
    QTextCursor cursor(&document);
    cursor.setPosition(position);
    cursor.movePosition(QTextCursor::NextCharacter, QTextCursor::KeepAnchor);
    QStringList all = cursor.charFormat().anchorNames();
    for (const QString& name : names)
        if (!all.contains(name))
            all << name;
    if (all == cursor.charFormat().anchorNames())
        return;
    QTextCharFormat named;
    named.setAnchor(true);
    named.setAnchorNames(all);
    cursor.mergeCharFormat(named);
}

// A block of nothing but named invisible characters: an <a name> alone on its line.
bool isNameOnly(const QTextBlock& block) {
    if (block.length() <= 1)
        return false;
    for (auto it = block.begin(); !it.atEnd(); ++it) {
        const QString text = it.fragment().text();
        if (it.fragment().charFormat().anchorNames().isEmpty() || text.count(kNameCarrier) != text.size())
            return false;
    }
    return true;
}

} // namespace

QString HelpPages::prepare(const QString& markdown) {
    static const QRegularExpression emptyAnchor(
        QStringLiteral("<a\\s+(?:name|id)\\s*=\\s*\"([^\"]+)\"\\s*>\\s*</a>"),
        QRegularExpression::CaseInsensitiveOption);
    QString prepared = markdown;
    return prepared.replace(emptyAnchor, QStringLiteral("<a name=\"\\1\">&#8203;</a>"));
}

void HelpPages::nameAnchors(QTextDocument& document) {
    for (QTextBlock block = document.begin(); block.isValid();) {
        const QTextBlock next = block.next();
        if (isNameOnly(block) && next.isValid() && block != document.begin()) {
            QStringList names;
            for (auto it = block.begin(); !it.atEnd(); ++it)
                names += it.fragment().charFormat().anchorNames();
            addAnchorName(document, next.position(), names);
            // From the end of the block before: the next block keeps its own format (a heading stays one).
            QTextCursor line(&document);
            line.setPosition(block.position() - 1);
            line.setPosition(next.position() - 1, QTextCursor::KeepAnchor);
            line.removeSelectedText();
        }
        block = next;
    }
    QHash<QString, int> seen;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next()) {
        if (block.blockFormat().headingLevel() == 0 || block.length() <= 1)
            continue;
        QString anchor = headingAnchor(QString(block.text()).remove(kNameCarrier));
        const int repeats = seen[anchor]++;
        if (repeats > 0)
            anchor += QLatin1Char('-') + QString::number(repeats);
        addAnchorName(document, block.position(), {anchor});
    }
}

void HelpPages::load(QTextDocument& document, const QString& markdown) {
    document.setMarkdown(prepare(markdown));
    nameAnchors(document);
}

QStringList HelpPages::anchorNames(const QTextDocument& document) {
    QStringList names;
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it)
            names += it.fragment().charFormat().anchorNames();
    return names;
}

} // namespace tidemark::ui
