// DisputeCase's listing of the whole archive, the object list the operator browses before investigating.
#include "disputecase.h"
#include "disputeloader.h"
#include "kudosdataset.h"

namespace tidemark::kudos {

void DisputeCase::listArchive() {
    if (!m_dataset->isConnected())
        return;
    if (m_dataset->archiveUrl().isEmpty()) {
        listingFailed(tr("no archive is configured (TIDEMARK_ARCHIVE_URL)"));
        return;
    }
    Task<DisputeFindings> task;
    task.title = tr("List the kudos archive of %1").arg(m_dataset->sourceName());
    task.work = [loader = loader()](TaskFeedback& feedback) { return loader.loadArchive(feedback); };
    task.summarize = [](const DisputeFindings& f) {
        return f.archiveProblem.isEmpty() ? tr("%Ln archive object(s)", "", int(f.objects.size()))
                                          : f.archiveProblem;
    };
    // An investigation started meanwhile shows its own objects: the listing is dropped.
    const int investigation = m_investigation;
    run<DisputeFindings>(
        std::move(task), m_archiveSlot,
        [this, investigation](const DisputeFindings& listed) {
            if (investigation != m_investigation || m_hasFindings)
                return;
            if (!listed.archiveProblem.isEmpty()) {
                listingFailed(listed.archiveProblem);
                return;
            }
            m_archiveProblem.clear();
            m_findings = listed;
            m_listing = Listing::Archive;
            showObjects(listed.objects);
            emit archiveListed();
        },
        [this, investigation](const Error& error) {
            if (investigation != m_investigation || m_hasFindings)
                return;
            listingFailed(error.message());
        });
}

// The objects listed, with the verifications this session already made of them.
void DisputeCase::showObjects(const std::vector<CoveringObject>& objects) {
    m_objects->setObjects(objects);
    for (const CoveringObject& object : objects)
        if (m_verifications.contains(object.key))
            m_objects->setVerification(object.key, m_verifications.value(object.key));
}

// What an earlier listing showed is not the archive as it is now.
void DisputeCase::listingFailed(const QString& problem) {
    m_archiveProblem = problem;
    if (m_listing == Listing::Archive) {
        m_listing = Listing::None;
        m_objects->setObjects({});
    }
    emit archiveListFailed(problem);
}

} // namespace tidemark::kudos
