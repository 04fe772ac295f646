// The console's help: F1 in each workbench opens its page, Help ▸ Contents lists every guide, links between
// pages are followed inside the help window, and every link and picture of every page resolves, in the
// resources built into the program and in the source tree's docs/ and README.md.
#include "helpbrowser.h"
#include "helppages.h"
#include "helpwindow.h"
#include "mainwindow.h"
#include "screenshots.h"

#include <QAction>
#include <QDirIterator>
#include <QImage>
#include <QListWidget>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QScrollBar>
#include <QSet>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBlock>
#include <QTextDocument>

using namespace tidemark;

namespace {

QString readText(const QString& path) {
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? QString::fromUtf8(file.readAll()) : QString();
}

// A page as the help reads it: Qt's Markdown, with the heading anchors the browser adds.
void loadPage(QTextDocument& document, const QString& path) {
    ui::HelpPages::load(document, readText(path));
}

struct LinkCount {
    int pages = 0;
    int links = 0;
    int anchors = 0;
    int images = 0;
};

// Every relative link of `page` (a path under `root`) names a file under `root` that exists, an #anchor names
// an anchor of the Markdown page it points to, and every picture loads. Web and mail links are not followed.
QStringList brokenLinks(const QDir& root, const QString& page, LinkCount& count) {
    QStringList broken;
    QTextDocument document;
    loadPage(document, root.filePath(page));
    ++count.pages;
    const QString folder = QFileInfo(page).path();
    const auto resolve = [&](const QString& path) {
        return QDir::cleanPath(folder + QLatin1Char('/') + path);
    };
    for (QTextBlock block = document.begin(); block.isValid(); block = block.next())
        for (auto it = block.begin(); !it.atEnd(); ++it) {
            const QTextCharFormat format = it.fragment().charFormat();
            if (format.isImageFormat()) {
                ++count.images;
                const QString image = resolve(format.toImageFormat().name());
                if (QImage(root.filePath(image)).isNull())
                    broken << page + QStringLiteral(": picture ") + format.toImageFormat().name();
                continue;
            }
            if (!format.isAnchor() || format.anchorHref().isEmpty())
                continue;
            const QUrl link(format.anchorHref());
            if (!link.isRelative())
                continue;
            ++count.links;
            const QString target = link.path().isEmpty() ? page : resolve(link.path());
            if (!root.exists(target)) {
                broken << page + QStringLiteral(": link to ") + format.anchorHref();
                continue;
            }
            if (!link.hasFragment())
                continue;
            ++count.anchors;
            QTextDocument targetDocument;
            loadPage(targetDocument, root.filePath(target));
            if (!ui::HelpPages::anchorNames(targetDocument).contains(link.fragment(QUrl::FullyDecoded)))
                broken << page + QStringLiteral(": no anchor for ") + format.anchorHref();
        }
    return broken;
}

QStringList markdownPages(const QDir& folder) {
    return folder.entryList({QStringLiteral("*.md")}, QDir::Files, QDir::Name);
}

QStringList filesUnder(const QString& folder) {
    QStringList files;
    QDirIterator it(folder, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        files << it.next().mid(folder.size() + 1);
    files.sort();
    return files;
}

QAction* menuAction(ui::MainWindow& window, const QString& objectName) {
    for (QAction* menu : window.menuBar()->actions())
        if (menu->menu())
            for (QAction* action : menu->menu()->actions())
                if (action->objectName() == objectName)
                    return action;
    return nullptr;
}

} // namespace

class TestHelp : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("TidemarkTest"));
        QCoreApplication::setApplicationName(QStringLiteral("TidemarkHelpTest") +
                                             qEnvironmentVariable("TIDEMARK_TEST_RUN"));
        qunsetenv("TIDEMARK_TILES_URL");
    }

    // F1 in each workbench opens that workbench's page in the one help window.
    void f1OpensThePageOfEachWorkbench() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QCOMPARE(window.workbenchList().size(), size_t(5));
        ui::HelpWindow* help = nullptr;
        QStringList pages;
        for (ui::Workbench* workbench : window.workbenchList()) {
            QVERIFY(window.showWorkbench(workbench->widget()->objectName()));
            window.activateWindow();
            QVERIFY(QTest::qWaitForWindowActive(&window));
            QTest::keyClick(&window, Qt::Key_F1);
            QVERIFY2(window.helpWindow(), qPrintable(workbench->title()));
            if (help)
                QCOMPARE(window.helpWindow(), help); // one window, reused
            help = window.helpWindow();
            QVERIFY(help->isVisible());
            QCOMPARE(help->currentPage(), workbench->helpPage());
            QVERIFY2(!help->browser()->showsMissingPage(), qPrintable(workbench->helpPage()));
            const QString title =
                ui::HelpPages::title(readText(ui::HelpPages::resources().filePath(workbench->helpPage())));
            QVERIFY(!title.isEmpty());
            QVERIFY2(help->browser()->toPlainText().startsWith(title), qPrintable(workbench->helpPage()));
            QVERIFY2(help->windowTitle().startsWith(title), qPrintable(help->windowTitle()));
            pages << workbench->helpPage();
        }
        QCOMPARE(QSet<QString>(pages.begin(), pages.end()).size(), pages.size()); // a page of its own each
        // Escape closes the help, as it closes a dialog.
        help->activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(help));
        QTest::keyClick(help->browser(), Qt::Key_Escape);
        QTRY_VERIFY(!help->isVisible());
    }

    void linksResolveInTheResources() {
        const QDir root = ui::HelpPages::resources();
        const QStringList pages = markdownPages(root);
        QVERIFY(pages.contains(QLatin1String(ui::HelpPages::kContentsPage)));
        LinkCount count;
        QStringList broken;
        for (const QString& page : pages)
            broken += brokenLinks(root, page, count);
        QVERIFY2(broken.isEmpty(), qPrintable(broken.join(QLatin1Char('\n'))));
        QCOMPARE(count.pages, pages.size());
        QVERIFY(count.links >= pages.size()); // index.md alone links every guide
        QVERIFY(count.anchors > 0);
        QVERIFY(count.images > 0);
    }

    // The source tree's docs/ is what the program has built in, and its links (and README.md's) resolve.
    void linksResolveInTheSourceTree() {
        const QString docs = QStringLiteral(TIDEMARK_SOURCE_DIR "/docs");
        QCOMPARE(filesUnder(QStringLiteral(":/docs")), filesUnder(docs));
        for (const QString& file : filesUnder(docs)) {
            QFile built(QStringLiteral(":/docs/") + file);
            QFile source(docs + QLatin1Char('/') + file);
            QVERIFY(built.open(QIODevice::ReadOnly) && source.open(QIODevice::ReadOnly));
            QVERIFY2(built.readAll() == source.readAll(),
                     qPrintable(file + QStringLiteral(" changed since the build")));
        }
        const QDir source(QStringLiteral(TIDEMARK_SOURCE_DIR));
        LinkCount count;
        QStringList broken = brokenLinks(source, QStringLiteral("README.md"), count);
        QVERIFY(count.links > 0);
        for (const QString& page : markdownPages(QDir(docs)))
            broken += brokenLinks(source, QStringLiteral("docs/") + page, count);
        QVERIFY2(broken.isEmpty(), qPrintable(broken.join(QLatin1Char('\n'))));
        QVERIFY(count.anchors > 0 && count.images > 0);
    }

    // Help ▸ Contents: index.md, and a list of every guide of the resources by its title; a link of the page
    // and an entry of the list change the page, Back and Forward return; a page not there says so.
    void contentsListsEveryGuideAndLinksAreFollowed() {
        ui::MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QAction* contents = menuAction(window, QStringLiteral("helpContentsAction"));
        QVERIFY(contents);
        contents->trigger();
        ui::HelpWindow* help = window.helpWindow();
        QVERIFY(help && help->isVisible());
        QVERIFY(QTest::qWaitForWindowExposed(help));
        QCOMPARE(help->currentPage(), QStringLiteral("index.md"));
        QVERIFY(!test::saveScreenshot(help, QStringLiteral("help-contents.png")).isEmpty());

        QStringList listed;
        for (int row = 0; row < help->contents()->count(); ++row) {
            const QListWidgetItem* item = help->contents()->item(row);
            const QString page = item->data(Qt::UserRole).toString();
            listed << page;
            QCOMPARE(item->text(), ui::HelpPages::title(readText(ui::HelpPages::resources().filePath(page))));
        }
        QCOMPARE(listed.first(), QStringLiteral("index.md"));
        listed.sort();
        QCOMPARE(listed, markdownPages(ui::HelpPages::resources()));

        // A click on the first link of the contents page opens that guide.
        ui::HelpBrowser* browser = help->browser();
        QTextCursor link;
        QString linked;
        for (QTextBlock block = browser->document()->begin(); block.isValid() && linked.isEmpty();
             block = block.next())
            for (auto it = block.begin(); !it.atEnd() && linked.isEmpty(); ++it)
                if (it.fragment().charFormat().isAnchor() &&
                    !it.fragment().charFormat().anchorHref().isEmpty()) {
                    linked = it.fragment().charFormat().anchorHref();
                    link = QTextCursor(browser->document());
                    link.setPosition(it.fragment().position() + 1);
                }
        QVERIFY(!linked.isEmpty());
        browser->ensureCursorVisible();
        const QRect character = browser->cursorRect(link);
        QTest::mouseClick(browser->viewport(), Qt::LeftButton, {}, character.center() - QPoint(2, 0));
        QTRY_COMPARE(help->currentPage(), QUrl(linked).path());
        QVERIFY(!browser->showsMissingPage());
        QVERIFY(!test::saveScreenshot(help, QStringLiteral("help-guide.png")).isEmpty());
        QCOMPARE(help->contents()->currentItem()->data(Qt::UserRole).toString(), QUrl(linked).path());
        QVERIFY(help->backButton()->isEnabled());
        help->backButton()->click();
        QCOMPARE(help->currentPage(), QStringLiteral("index.md"));
        help->forwardButton()->click();
        QCOMPARE(help->currentPage(), QUrl(linked).path());

        // An entry of the list opens its guide; the contents page comes back with Help ▸ Contents.
        QListWidgetItem* last = help->contents()->item(help->contents()->count() - 1);
        help->contents()->scrollToItem(last);
        QTest::mouseClick(help->contents()->viewport(), Qt::LeftButton, {},
                          help->contents()->visualItemRect(last).center());
        QCOMPARE(help->currentPage(), last->data(Qt::UserRole).toString());
        contents->trigger();
        QCOMPARE(help->currentPage(), QStringLiteral("index.md"));
        QCOMPARE(window.helpWindow(), help);

        browser->setSource(ui::HelpPages::url(QStringLiteral("no-such-guide.md")));
        QVERIFY(browser->showsMissingPage());
        QVERIFY2(browser->toPlainText().contains(QLatin1String("no-such-guide.md")),
                 qPrintable(browser->toPlainText()));
    }

    // A link to a heading lands on it: the browser names the headings as GitHub does and scrolls there.
    void linkToAHeadingScrollsToIt() {
        QTemporaryDir folder;
        QVERIFY(folder.isValid());
        QString markdown = QStringLiteral("# A long page\n\n");
        for (int i = 0; i < 80; ++i)
            markdown += QStringLiteral("Line %1 of the page.\n\n").arg(i);
        markdown += QStringLiteral("## The operator's last step\n\n");
        for (int i = 0; i < 80; ++i)
            markdown += QStringLiteral("Step %1.\n\n").arg(i);
        QFile page(folder.filePath(QStringLiteral("long.md")));
        QVERIFY(page.open(QIODevice::WriteOnly));
        page.write(markdown.toUtf8());
        page.close();

        ui::HelpBrowser browser;
        browser.resize(500, 300);
        browser.show();
        QVERIFY(QTest::qWaitForWindowExposed(&browser));
        QUrl url = QUrl::fromLocalFile(page.fileName());
        url.setFragment(QStringLiteral("the-operators-last-step"));
        browser.setSource(url, QTextDocument::MarkdownResource);
        QVERIFY(browser.verticalScrollBar()->value() > 0);
        const QTextBlock top = browser.cursorForPosition(QPoint(5, 5)).block();
        QCOMPARE(top.text(), QStringLiteral("The operator's last step"));
    }

    // An <a name> alone on its line names the heading after it, which stays a heading with its own name too.
    void explicitAnchorNamesTheNextBlock() {
        QTextDocument document;
        ui::HelpPages::load(document, QStringLiteral("# Archive\n\nText.\n\n<a name=\"restore-steps\"></a>\n"
                                                     "## Restoring\n\nA <a id=\"inline\"></a>word.\n"));
        QCOMPARE(document.blockCount(), 4);
        const QTextBlock heading = document.findBlockByNumber(2);
        QCOMPARE(heading.text(), QStringLiteral("Restoring"));
        QCOMPARE(heading.blockFormat().headingLevel(), 2);
        QCOMPARE(heading.begin().fragment().charFormat().anchorNames(),
                 (QStringList{"restore-steps", "restoring"}));
        QCOMPARE(ui::HelpPages::anchorNames(document),
                 (QStringList{"archive", "restore-steps", "restoring", "inline"}));
        ui::HelpPages::nameAnchors(document); // again: as when a link leads to another anchor of the page
        QCOMPARE(document.blockCount(), 4);
        QCOMPARE(ui::HelpPages::anchorNames(document),
                 (QStringList{"archive", "restore-steps", "restoring", "inline"}));
    }

    void headingAnchorsAreGitHubs() {
        QCOMPARE(ui::HelpPages::headingAnchor(QStringLiteral("Limits of the commands' options")),
                 QStringLiteral("limits-of-the-commands-options"));
        QCOMPARE(ui::HelpPages::headingAnchor(QStringLiteral("Plan and apply: `tidemark-cli apply`")),
                 QStringLiteral("plan-and-apply-tidemark-cli-apply"));
        QCOMPARE(ui::HelpPages::headingAnchor(QStringLiteral("Capacity forecasts and what-if")),
                 QStringLiteral("capacity-forecasts-and-what-if"));
    }
};

QTEST_MAIN(TestHelp)
#include "test_help.moc"
