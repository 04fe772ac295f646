#include "aboutdialog.h"

#include "libraryversions.h"

#include <QApplication>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace tidemark::ui {

AboutDialog::AboutDialog(QWidget* parent) : QDialog(parent) {
    setWindowTitle(tr("About Tidemark"));
    auto* icon = new QLabel(this);
    icon->setPixmap(QApplication::windowIcon().pixmap(96, 96));
    icon->setAlignment(Qt::AlignTop);

    auto* title =
        new QLabel(tr("<h2>Tidemark %1</h2>").arg(QApplication::applicationVersion().toHtmlEscaped()), this);
    auto* blurb =
        new QLabel(tr("Operations console for data retention: mower positions, kudos partitions and "
                      "public GPS tracks. It shows what retention keeps and removes before anything "
                      "is removed, runs and verifies retention rounds, and restores archived data."),
                   this);
    blurb->setWordWrap(true);

    auto* versions = new QFormLayout;
    versions->addRow(new QLabel(tr("<b>Runs on</b>"), this));
    for (const auto& [name, version] : LibraryVersions::all()) {
        auto* value = new QLabel(version, this);
        value->setTextInteractionFlags(Qt::TextSelectableByMouse);
        versions->addRow(name + QLatin1Char(':'), value);
    }

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);

    auto* text = new QVBoxLayout;
    text->addWidget(title);
    text->addWidget(blurb);
    text->addLayout(versions);
    auto* row = new QHBoxLayout;
    row->addWidget(icon);
    row->addLayout(text, 1);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(row);
    layout->addWidget(buttons);
    setMinimumWidth(460);
}

} // namespace tidemark::ui
