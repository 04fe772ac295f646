#pragma once

#include "error.h"

namespace tidemark::kudos {

// A refusal (Error::Kind::Refused) that stops one dataset's retention for the rest of a run, with the reason
// the job turns into its alert: a tier whose next upload would exceed its budget, a range that still holds
// an unapplied row, or a range whose rows, under the drop's lock, were not what replaced them.
class RetentionStop : public Error {
  public:
    enum class Reason { OverBudget, UnappliedRows, ReplacementMismatch };
    RetentionStop(Reason reason, const QString& message) : Error(Kind::Refused, message), m_reason(reason) {}
    Reason reason() const { return m_reason; }

  private:
    Reason m_reason;
};

} // namespace tidemark::kudos

namespace tidemark::kudos {

// An action of an applied plan whose re-check failed after its locks (its catalog state moved, its rows
// changed, a drop's group is not ready): nothing of it is changed, apply reports it stale and goes on.
class StalePlanAction : public Error {
  public:
    explicit StalePlanAction(const QString& message) : Error(Kind::Refused, message) {}
};

} // namespace tidemark::kudos
