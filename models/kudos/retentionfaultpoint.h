#pragma once

namespace tidemark::kudos {

// Where a test makes the process "die": just before or just after the commit of an action, and for a drop
// also between the detach of its partition and the transaction that compares and drops it.
enum class FaultPoint { BeforeCommit, AfterCommit, AfterDetach };

} // namespace tidemark::kudos
