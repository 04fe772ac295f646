#pragma once

#include <QByteArray>

// Whether a process named in a leftover's name (a temporary file or folder) may still be at work: a process
// id is only meaningful on the machine and boot that wrote it, so names carry this boot's id too.
namespace tidemark::processidentity {

// True while a process of that id runs on this machine (also one of another user).
bool running(qint64 pid);
// The first 8 hex digits of this boot's id (/proc/sys/kernel/random/boot_id), the same for every process
// of this machine until it restarts; "00000000" when it cannot be read.
QByteArray bootId();

} // namespace tidemark::processidentity
