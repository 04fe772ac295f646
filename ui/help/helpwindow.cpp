#include "helpwindow.h"

#include "helpbrowser.h"
#include "helppages.h"

#include <QFile>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QListWidget>
#include <QPushButton>
#include <QScreen>
#include <QSettings>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>
#include <algorithm>
#include <utility>

namespace tidemark::ui {

namespace {
constexpr const char* kGeometryKey = "help/geometry";
// A page of text that reads well: wide enough for the guides' tables, not the whole of a large screen.
constexpr int kDefaultWidth = 1100;
constexpr int kDefaultHeight = 860;
} // namespace

HelpWindow::HelpWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), m_contents(new QListWidget(this)), m_browser(new HelpBrowser(this)),
      m_back(new QPushButton(style()->standardIcon(QStyle::SP_ArrowBack), tr("&Back"), this)),
      m_forward(new QPushButton(style()->standardIcon(QStyle::SP_ArrowForward), tr("&Forward"), this)) {
    setObjectName(QStringLiteral("helpWindow"));
    setWindowTitle(tr("Tidemark Help"));
    auto* home = new QPushButton(tr("&Contents"), this);
    home->setObjectName(QStringLiteral("helpContentsButton"));
    m_back->setObjectName(QStringLiteral("helpBackButton"));
    m_forward->setObjectName(QStringLiteral("helpForwardButton"));
    m_back->setShortcut(QKeySequence::Back);
    m_forward->setShortcut(QKeySequence::Forward);
    m_back->setEnabled(false);
    m_forward->setEnabled(false);
    m_contents->setObjectName(QStringLiteral("helpContents"));

    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_back);
    buttons->addWidget(m_forward);
    buttons->addWidget(home);
    buttons->addStretch(1);
    auto* splitter = new QSplitter(Qt::Horizontal, this);
    splitter->addWidget(m_contents);
    splitter->addWidget(m_browser);
    splitter->setStretchFactor(1, 1);
    splitter->setSizes({kDefaultWidth / 4, kDefaultWidth * 3 / 4});
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(buttons);
    layout->addWidget(splitter, 1);

    connect(m_back, &QPushButton::clicked, m_browser, &QTextBrowser::backward);
    connect(m_forward, &QPushButton::clicked, m_browser, &QTextBrowser::forward);
    connect(home, &QPushButton::clicked, this, [this] { showPage(QLatin1String(HelpPages::kContentsPage)); });
    connect(m_browser, &QTextBrowser::backwardAvailable, m_back, &QWidget::setEnabled);
    connect(m_browser, &QTextBrowser::forwardAvailable, m_forward, &QWidget::setEnabled);
    connect(m_browser, &QTextBrowser::sourceChanged, this, &HelpWindow::followPage);
    connect(m_contents, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { showPage(item->data(Qt::UserRole).toString()); });
    connect(m_contents, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { showPage(item->data(Qt::UserRole).toString()); });
    fillContents();
}

void HelpWindow::fillContents() {
    const QDir folder = HelpPages::resources();
    for (const QString& page : HelpPages::contents(folder)) {
        QFile file(folder.filePath(page));
        QString title =
            file.open(QIODevice::ReadOnly) ? HelpPages::title(QString::fromUtf8(file.readAll())) : QString();
        auto* item = new QListWidgetItem(title.isEmpty() ? page : title, m_contents);
        item->setData(Qt::UserRole, page);
        item->setToolTip(page);
    }
}

void HelpWindow::showPage(const QString& page) {
    const QUrl url = HelpPages::url(page);
    if (m_browser->source() != url)
        m_browser->setSource(url, QTextDocument::MarkdownResource);
    placeFirstTime();
    show();
    raise();
    activateWindow();
}

QString HelpWindow::currentPage() const {
    return HelpPages::pageOf(m_browser->source());
}

void HelpWindow::followPage(const QUrl& url) {
    const QString page = HelpPages::pageOf(url);
    QString title;
    for (int row = 0; row < m_contents->count(); ++row) {
        QListWidgetItem* item = m_contents->item(row);
        if (item->data(Qt::UserRole).toString() == page) {
            m_contents->setCurrentItem(item);
            title = item->text();
        }
    }
    if (title.isEmpty())
        m_contents->setCurrentItem(nullptr);
    setWindowTitle(title.isEmpty() ? tr("Tidemark Help") : tr("%1 — Tidemark Help").arg(title));
}

// The saved geometry (Qt brings it back on screen), else a reading size centred on the parent's screen.
void HelpWindow::placeFirstTime() {
    if (std::exchange(m_placed, true))
        return;
    const QByteArray saved = QSettings().value(QLatin1String(kGeometryKey)).toByteArray();
    if (!saved.isEmpty() && restoreGeometry(saved))
        return;
    QScreen* screen = parentWidget() ? parentWidget()->screen() : this->screen();
    const QRect available = screen->availableGeometry();
    const QSize size(std::min(kDefaultWidth, available.width() * 9 / 10),
                     std::min(kDefaultHeight, available.height() * 9 / 10));
    setGeometry(QStyle::alignedRect(layoutDirection(), Qt::AlignCenter, size, available));
}

void HelpWindow::hideEvent(QHideEvent* event) {
    if (m_remembersGeometry)
        QSettings().setValue(QLatin1String(kGeometryKey), saveGeometry());
    QWidget::hideEvent(event);
}

// Escape closes the help as it closes a dialog (the browser leaves the key to its window).
void HelpWindow::keyPressEvent(QKeyEvent* event) {
    if (event->matches(QKeySequence::Cancel))
        close();
    else
        QWidget::keyPressEvent(event);
}

} // namespace tidemark::ui
