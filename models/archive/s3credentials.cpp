#include "s3credentials.h"

#include "error.h"

#include <QFile>
#include <QProcessEnvironment>
#include <cerrno>
#include <cstring>
#include <sys/stat.h>

namespace tidemark::archive {

namespace {

const char* const kFileVariable = "TIDEMARK_S3_CREDENTIALS_FILE";

[[noreturn]] void bad(const QString& message) {
    throw Error(Error::Kind::Settings, message);
}

} // namespace

S3Credentials S3Credentials::fromEnvironment() {
    const QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    const QString id = env.value(QStringLiteral("AWS_ACCESS_KEY_ID"));
    const QString secret = env.value(QStringLiteral("AWS_SECRET_ACCESS_KEY"));
    if (!id.isEmpty() && !secret.isEmpty())
        return {id, secret};
    if (!id.isEmpty() || !secret.isEmpty())
        bad(QStringLiteral("%1 is set but %2 is not")
                .arg(id.isEmpty() ? QStringLiteral("AWS_SECRET_ACCESS_KEY")
                                  : QStringLiteral("AWS_ACCESS_KEY_ID"),
                     id.isEmpty() ? QStringLiteral("AWS_ACCESS_KEY_ID")
                                  : QStringLiteral("AWS_SECRET_ACCESS_KEY")));
    const QString file = env.value(QLatin1String(kFileVariable));
    if (file.isEmpty())
        bad(QStringLiteral("an s3:// archive needs credentials: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, "
                           "or %1 naming a 0600 credentials file")
                .arg(QLatin1String(kFileVariable)));
    return fromFile(file);
}

S3Credentials S3Credentials::fromFile(const QString& path) {
    struct stat st {};
    if (::stat(QFile::encodeName(path).constData(), &st) != 0)
        bad(QStringLiteral("S3 credentials file %1 (%2) cannot be read: %3")
                .arg(path, QLatin1String(kFileVariable), QString::fromLocal8Bit(std::strerror(errno))));
    if (!S_ISREG(st.st_mode))
        bad(QStringLiteral("S3 credentials file %1 (%2) is not a regular file")
                .arg(path, QLatin1String(kFileVariable)));
    if ((st.st_mode & 077) != 0)
        bad(QStringLiteral("S3 credentials file %1 (%2) has mode %3; it must be 0600 (chmod 600 %1)")
                .arg(path, QLatin1String(kFileVariable))
                .arg(st.st_mode & 0777, 4, 8, QLatin1Char('0')));
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        bad(QStringLiteral("S3 credentials file %1 (%2) cannot be read: %3")
                .arg(path, QLatin1String(kFileVariable), file.errorString()));
    S3Credentials credentials;
    bool inDefault = true;
    int lineNumber = 0;
    while (!file.atEnd()) {
        ++lineNumber;
        const QString line = QString::fromUtf8(file.readLine()).trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#')) || line.startsWith(QLatin1Char(';')))
            continue;
        if (line.startsWith(QLatin1Char('['))) {
            inDefault = line == QLatin1String("[default]");
            continue;
        }
        const qsizetype equals = line.indexOf(QLatin1Char('='));
        if (equals <= 0)
            bad(QStringLiteral("S3 credentials file %1: line %2 is not name = value")
                    .arg(path)
                    .arg(lineNumber));
        if (!inDefault)
            continue;
        const QString name = line.left(equals).trimmed();
        const QString value = line.mid(equals + 1).trimmed();
        if (name == QLatin1String("aws_access_key_id"))
            credentials.accessKeyId = value;
        else if (name == QLatin1String("aws_secret_access_key"))
            credentials.secretAccessKey = value;
    }
    if (credentials.accessKeyId.isEmpty() || credentials.secretAccessKey.isEmpty())
        bad(QStringLiteral("S3 credentials file %1 lacks aws_access_key_id or aws_secret_access_key")
                .arg(path));
    return credentials;
}

QString S3Credentials::describe() const {
    return QStringLiteral("access key %1…").arg(accessKeyId.left(4));
}

} // namespace tidemark::archive
