// `ripple-crash-child <file> [--check] [--compact]`: the process the document tests kill with
// SIGKILL (`DocumentCrashTests`) or lock a file with (`DocumentFileIdentityTests`); see
// `CrashChild`.

CrashChild.run(Array(CommandLine.arguments.dropFirst()))
