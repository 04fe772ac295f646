#pragma once

#include <QList>
#include <QPair>
#include <QString>

namespace tidemark::ui {

// The versions of the libraries the console runs on, read from the libraries themselves at run time.
class LibraryVersions {
  public:
    static QString qt();
    static QString libpq();
    static QString sqlite();
    static QString
    spatialite(); // loads mod_spatialite into an in-memory database; "not available" when missing
    static QString zstd();
    static QString curl();
    // (name, version) pairs in the order the About box lists them.
    static QList<QPair<QString, QString>> all();
};

} // namespace tidemark::ui
