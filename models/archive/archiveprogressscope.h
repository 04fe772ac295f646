#pragma once

#include "archiveprogress.h"
#include "taskfeedback.h"

namespace tidemark::archive {

// While one object of an archive job is read: what the engines report on `feedback` (their stage, object
// bytes done of the object's size, rows) reaches the job's own sink as the job's progress: a share through
// all its objects ("2/5 · reading KEY"), with the rows and bytes, and an ArchiveProgress as detail. The
// feedback's own sink is put back when the scope ends. Pause and cancel are the feedback's, untouched.
class ArchiveProgressScope {
  public:
    ArchiveProgressScope(TaskFeedback& feedback, ArchiveProgress at);
    ~ArchiveProgressScope();
    ArchiveProgressScope(const ArchiveProgressScope&) = delete;
    ArchiveProgressScope& operator=(const ArchiveProgressScope&) = delete;

    // The job's progress at `at` (between objects: object bytes 0), on the outer sink.
    static void report(TaskFeedback& feedback, const ArchiveProgress& at, const QString& stage);

  private:
    TaskFeedback& m_feedback;
    TaskFeedback::Sink m_outer;
};

} // namespace tidemark::archive
