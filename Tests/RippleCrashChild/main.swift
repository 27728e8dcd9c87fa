// `ripple-crash-child <file> [--check] [--compact]`: the process the document tests kill with
// SIGKILL (`DocumentCrashTests`) or lock a file with (`DocumentFileIdentityTests`); see
// `CrashChild`. `ripple-crash-child shared ...`: a replica of a shared folder, killed by
// `SharedFolderProcessTests`; see `SharedFolderChild`. `ripple-crash-child replica <folder>`: two
// replicas of one document, each a `DocumentStore`, killed by `DocumentCrashTests`; see
// `ReplicaStoreChild`. `ripple-crash-child compact <file> [--replica] [--check]`: a store that
// compacts through the public `compact()` while it updates, killed by issue 35's breaker; see
// `PublicCompactionChild`. `ripple-crash-child compact-pair <folder>`: two replica stores that
// take turns and compact, killed by issue 36's breaker; see `CompactPairChild`.

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "shared" {
    SharedFolderChild.run(Array(arguments.dropFirst()))
} else if arguments.first == "compact" {
    PublicCompactionChild.run(Array(arguments.dropFirst()))
} else if arguments.first == "compact-pair" {
    CompactPairChild.run(Array(arguments.dropFirst()))
} else if arguments.first == "replica" {
    ReplicaStoreChild.run(Array(arguments.dropFirst()))
} else {
    CrashChild.run(arguments)
}
