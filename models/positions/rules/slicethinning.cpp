#include "slicethinning.h"

#include <algorithm>

namespace tidemark::positions {

QString SliceThinning::Failure::describe(const QUuid& mowerId) const {
    return QStringLiteral("mower %1: the row at %2 has a NaN or infinite coordinate (slice %3..%4 skipped)")
        .arg(mowerId.toString(QUuid::WithoutBraces), formatIsoTimestamp(rowAt),
             formatIsoTimestamp(slice.begin), formatIsoTimestamp(slice.end));
}

SliceThinning SliceThinning::run(std::span<const PositionRow> rows, std::span<const KeepReasons> reasons,
                                 std::span<const Micros> errorInstants, std::span<const SliceRange> slices,
                                 KeepSet& keepSet) {
    SliceThinning out;
    std::vector<PositionRow>& done = out.survivors;
    std::vector<KeepReasons>& doneReasons = out.reasons;
    done.reserve(rows.size());
    doneReasons.reserve(rows.size());
    const auto reasonOf = [&](std::size_t i) { return reasons.empty() ? KeepReasons(0) : reasons[i]; };
    const auto byTime = [](const PositionRow& r, Micros t) { return r.observedAt < t; };
    std::vector<PositionRow> context;
    std::size_t next = 0; // first row not yet moved to `done`
    for (const SliceRange& slice : slices) {
        for (; next < rows.size() && rows[next].observedAt < slice.begin; ++next) {
            done.push_back(rows[next]);
            doneReasons.push_back(reasonOf(next));
        }
        const std::size_t tail =
            std::lower_bound(done.begin(), done.end(), slice.begin - kSliceContext, byTime) - done.begin();
        const std::size_t sliceEnd =
            std::lower_bound(rows.begin() + next, rows.end(), slice.end, byTime) - rows.begin();
        const std::size_t ahead =
            std::lower_bound(rows.begin() + sliceEnd, rows.end(), slice.end + kSliceContext, byTime) -
            rows.begin();
        context.assign(done.begin() + tail, done.end());
        context.insert(context.end(), rows.begin() + next, rows.begin() + ahead);
        const auto bad = std::find_if(context.begin(), context.end(),
                                      [](const PositionRow& r) { return !r.hasFinitePosition(); });
        if (bad != context.end()) {
            out.failure = Failure{slice, bad->observedAt};
            break;
        }

        const auto errorsFrom = std::lower_bound(errorInstants.begin(), errorInstants.end(), slice.begin);
        const auto errorsTo = std::lower_bound(errorsFrom, errorInstants.end(), slice.end);
        const std::vector<KeptRow>& kept =
            keepSet.evaluate(context, std::span<const Micros>(errorsFrom, errorsTo), slice.begin, slice.end);
        for (const KeptRow& k : kept) {
            done.push_back(context[k.index]);
            doneReasons.push_back(k.reasons);
        }
        out.slices += 1;
        out.scanned += static_cast<long long>(sliceEnd - next);
        out.deleted += static_cast<long long>(sliceEnd - next - kept.size());
        next = sliceEnd;
    }
    for (; next < rows.size(); ++next) {
        done.push_back(rows[next]);
        doneReasons.push_back(reasonOf(next));
    }
    return out;
}

} // namespace tidemark::positions
