// Joins site databases and traces by site ID into a Report: matrices, per-site rows with verdicts,
// unattributed traffic and warnings.
#pragma once
#include "commledger/reconcile/ReconcileInput.h"
#include "commledger/reconcile/Report.h"

namespace commledger::reconcile {

// d = the largest device inventory of any trace and every device index seen, plus one.
int countDevices(const ReconcileInput &input);
Report buildReport(const ReconcileInput &input);

} // namespace commledger::reconcile
