#pragma once

#include <QByteArray>
#include <QString>
#include <optional>
#include <sys/types.h>

// Files and folders that Tidemark keeps for itself (the private cluster's state, the demo workspace) on a
// machine that other local users share: nothing here follows a symbolic link, files are created exclusively
// with mode 0600 and replaced by renaming a fresh file into place, folders are created with mode 0700.
// Every function throws tidemark::Error naming the path: Kind::Refused when the path is something another
// user could have planted (a symbolic link, a folder of someone else), Kind::Failed for other errors.
namespace tidemark::privatefiles {

// Creates `path` (O_CREAT|O_EXCL|O_NOFOLLOW, 0600) and writes `content`; fails when anything exists there.
// With `owner` >= 0 the file is handed to that user (fchown) before it is written.
void createExclusive(const QString& path, const QByteArray& content, uid_t owner = uid_t(-1),
                     gid_t group = gid_t(-1));
// Writes `content` to a new file beside `path` (created as createExclusive does) and renames it onto `path`:
// a symbolic link at `path` is replaced, never followed.
void replace(const QString& path, const QByteArray& content);
// Appends to an existing regular file (O_APPEND|O_NOFOLLOW).
void append(const QString& path, const QByteArray& content);
// The content of a regular file; nullopt when nothing is there. A symbolic link is refused.
std::optional<QByteArray> read(const QString& path);
// Removes a file or a symbolic link (never its target); nothing there is fine.
void remove(const QString& path);

// Creates the folder `path` with mode 0700 (its parent must exist), or accepts an existing folder that is
// not a symbolic link and belongs to this user. Returns true when it created the folder.
bool makeDir(const QString& path);
// False when nothing is at `path`, true when it is a folder of this user (not a symbolic link); else refuses.
bool ownDirExists(const QString& path);
// Refuses unless `path` is a folder (not a symbolic link) owned by `owner` with mode 0700.
void checkPrivateDir(const QString& path, uid_t owner);
// Gives the folder to `owner` (fchown on a descriptor opened with O_DIRECTORY|O_NOFOLLOW) with mode 0700.
void handOverDir(const QString& path, uid_t owner, gid_t group);
// mkdtemp(`pattern`) (a random name, mode 0700), then handOverDir to `owner` when that is another user.
QString makeTempDir(const QString& pattern, uid_t owner, gid_t group);
// Deletes a folder and everything in it without following any symbolic link (a link is removed itself).
void removeTree(const QString& path);

} // namespace tidemark::privatefiles
