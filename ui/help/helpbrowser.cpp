#include "helpbrowser.h"

#include "helppages.h"

#include <QFile>
#include <QImage>

namespace tidemark::ui {

namespace {
constexpr int kPictureWidth = 720; // the help window's text column at its default size
} // namespace

HelpBrowser::HelpBrowser(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("helpBrowser"));
    setOpenExternalLinks(true); // QTextBrowser keeps qrc: links inside and gives the others to the desktop
    document()->setDocumentMargin(12);
}

QVariant HelpBrowser::loadResource(int type, const QUrl& name) {
    if (type == QTextDocument::MarkdownResource && name.scheme() == QLatin1String("qrc") &&
        !QFile::exists(QLatin1Char(':') + name.path())) {
        m_missingPage = true;
        return tr("# Page not found\n\nThe help of this version has no page **%1**.\n\n"
                  "Back to the [contents](%2).")
            .arg(name.fileName(), HelpPages::url(QLatin1String(HelpPages::kContentsPage)).toString());
    }
    if (type == QTextDocument::ImageResource) {
        // The pictures are whole screens: shown at most as wide as the page, so the text beside them does not
        // scroll sideways.
        const QVariant loaded = QTextBrowser::loadResource(type, name);
        QImage image = loaded.canConvert<QImage>() ? loaded.value<QImage>() : QImage();
        if (image.isNull())
            image.loadFromData(loaded.toByteArray());
        if (image.isNull() || image.width() <= kPictureWidth)
            return loaded;
        return image.scaledToWidth(kPictureWidth, Qt::SmoothTransformation);
    }
    if (type != QTextDocument::MarkdownResource)
        return QTextBrowser::loadResource(type, name);
    m_missingPage = false;
    const QVariant page = QTextBrowser::loadResource(type, name);
    return page.isNull() ? page : QVariant(HelpPages::prepare(page.toString()));
}

void HelpBrowser::doSetSource(const QUrl& url, QTextDocument::ResourceType type) {
    // Every page of the help is Markdown, whatever its name ends in (a wrong link says so in Markdown too).
    if (url.scheme() == QLatin1String("qrc"))
        type = QTextDocument::MarkdownResource;
    QTextBrowser::doSetSource(url, type);
    HelpPages::nameAnchors(*document());
    if (url.hasFragment())
        scrollToAnchor(url.fragment(QUrl::FullyDecoded));
}

} // namespace tidemark::ui
