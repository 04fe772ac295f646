#include "archiveprogressscope.h"

#include <algorithm>

namespace tidemark::archive {

namespace {

TaskProgress jobProgress(const ArchiveProgress& at, double objectShare, const QString& stage) {
    const double whole = at.objects > 0 ? (at.object + std::clamp(objectShare, 0.0, 1.0)) / at.objects : 1.0;
    const QString label = at.object < at.objects
                              ? QStringLiteral("%1/%2 · %3").arg(at.object + 1).arg(at.objects).arg(stage)
                              : stage;
    TaskProgress p = TaskProgress::share(whole, label);
    p.rows = at.rows;
    p.bytes = at.objectBytes;
    p.detail = QVariant::fromValue(at);
    return p;
}

} // namespace

ArchiveProgressScope::ArchiveProgressScope(TaskFeedback& feedback, ArchiveProgress at)
    : m_feedback(feedback), m_outer(feedback.sink()) {
    if (!m_outer)
        return;
    m_feedback.setSink([outer = m_outer, at](const TaskProgress& inner) {
        ArchiveProgress now = at;
        now.objectBytes = std::max<qint64>(inner.done, 0);
        now.objectBytesTotal = inner.total;
        now.rows = inner.rows;
        outer(jobProgress(now, inner.fraction(), inner.stage));
    });
}

ArchiveProgressScope::~ArchiveProgressScope() {
    m_feedback.setSink(m_outer);
}

void ArchiveProgressScope::report(TaskFeedback& feedback, const ArchiveProgress& at, const QString& stage) {
    feedback.report(jobProgress(at, 0.0, stage));
}

} // namespace tidemark::archive
