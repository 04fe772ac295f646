#include "processidentity.h"

#include <QFile>
#include <cerrno>
#include <csignal>

namespace tidemark::processidentity {

bool running(qint64 pid) {
    if (pid <= 0 || pid > 0x7fffffff)
        return false;
    return ::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM;
}

QByteArray bootId() {
    static const QByteArray id = [] {
        QFile file(QStringLiteral("/proc/sys/kernel/random/boot_id"));
        QByteArray hex = file.open(QIODevice::ReadOnly) ? file.read(64).trimmed() : QByteArray();
        hex.replace('-', QByteArray());
        return hex.size() >= 8 ? hex.left(8).toLower() : QByteArray("00000000");
    }();
    return id;
}

} // namespace tidemark::processidentity
