#include "rehearsalreportfile.h"

#include "error.h"

#include <QJsonDocument>
#include <QSaveFile>

namespace tidemark::kudos {

void writeRehearsalReport(const KudosRehearsalReport& report, const QString& path) {
    const QByteArray bytes = path.endsWith(QLatin1String(".json"), Qt::CaseInsensitive)
                                 ? QJsonDocument(report.toJson()).toJson(QJsonDocument::Indented)
                                 : report.toText().toUtf8();
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        throw Error(Error::Kind::Failed,
                    QStringLiteral("cannot write the rehearsal report %1: %2").arg(path, file.errorString()));
}

} // namespace tidemark::kudos
