// Writes the trace when the program dies of a fatal signal, then lets the signal do what it
// would have done: the previous handler is restored and the signal raised again.
#pragma once

namespace commledger::rt {

// SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTERM; signals the program ignores stay ignored.
void installFatalSignalHandlers();

} // namespace commledger::rt
