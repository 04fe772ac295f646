#include "csvrecordwriter.h"

namespace tidemark::archive {

QByteArray csvRecord(const QStringList& fields) {
    QByteArray line;
    for (qsizetype i = 0; i < fields.size(); ++i) {
        if (i > 0)
            line.append(',');
        const QString& field = fields.at(i);
        if (field.isNull())
            continue;
        const QByteArray utf8 = field.toUtf8();
        const bool quote = utf8.isEmpty() || utf8.contains(',') || utf8.contains('"') ||
                           utf8.contains('\r') || utf8.contains('\n');
        if (!quote) {
            line.append(utf8);
            continue;
        }
        QByteArray escaped = utf8;
        escaped.replace("\"", "\"\"");
        line.append('"').append(escaped).append('"');
    }
    line.append('\n');
    return line;
}

} // namespace tidemark::archive
