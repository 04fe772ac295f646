#pragma once

#include <QString>

namespace tidemark {

// A private folder for one process's temporary files of one kind ("export", "drill"): made by mkdtemp(3)
// under `base` as "tidemark-<kind>-<pid>-XXXXXX", mode 0700, so that no other local user can create it first
// or look inside; removed with everything in it when the object goes. A process that dies before (SIGKILL,
// power) leaves it behind: the next run of the same kind removes it (removeAbandoned), and the folder's
// name says whose it was.
class ProcessTempDir {
  public:
    // Throws Error(Failed) naming the folder when it cannot be made.
    ProcessTempDir(const QString& base, const QString& kind);
    ~ProcessTempDir();
    ProcessTempDir(const ProcessTempDir&) = delete;
    ProcessTempDir& operator=(const ProcessTempDir&) = delete;

    const QString& path() const { return m_path; }
    QString filePath(const QString& name) const { return m_path + QLatin1Char('/') + name; }

    // Removes the folders of `kind` under `base` that belong to this user and to a process that no longer
    // runs; returns how many. A folder of another user, a symbolic link or a name of another form is left
    // alone; one that cannot be removed is skipped.
    static int removeAbandoned(const QString& base, const QString& kind);
    // Removes this process's own folders of every kind under `base` (a process ending at once, without
    // unwinding: the second stop signal); async-signal-safety is not needed, the caller is a normal thread.
    static void removeOwn(const QString& base);

  private:
    QString m_path;
};

} // namespace tidemark
