import Foundation
import Ripple

/// A store that compacts through the public ``DocumentStore/compact()`` while it goes on
/// updating, until it is killed: issue 35's breaker child.
///
/// `ripple-crash-child compact <file> [--replica] [--check]` opens the store (compaction
/// manual; with `--replica`, as a replica), checks that it holds whole updates (as `CrashChild`
/// does) and prints `opened <n> <replica or ->`. Then, unless `--check`, it makes updates
/// `n + 1`, `n + 2`... forever, printing `durable i` once update `i` returned; every 4th starts a
/// compaction without waiting for it (updates go on meanwhile; a replica's runs on the main
/// actor), printing `compacted` when one ends; every 6th is undone and redone.
@MainActor
enum PublicCompactionChild {
    static func run(_ arguments: [String]) -> Never {
        guard let path = arguments.first else {
            CrashChild.say("usage: ripple-crash-child compact <file> [--replica] [--check]")
            exit(64)
        }
        let store: DocumentStore<CrashDocument>
        let opened: Int
        do {
            store = try DocumentStore<CrashDocument>(url: URL(fileURLWithPath: path), compaction: .manual)
            let replica = arguments.contains("--replica") ? "\(store.mediator.replicaID)" : "-"
            switch CrashChild.logCount(store.mediator.root) {
            case .success(let logged): opened = logged
            case .failure(let problem):
                CrashChild.say("inconsistent: \(problem.reason)")
                exit(2)
            }
            CrashChild.say("opened \(opened) \(replica)")
        } catch {
            CrashChild.say("error: \(error)")
            exit(1)
        }
        if arguments.contains("--check") { exit(0) }
        Task { @MainActor in
            var count = opened
            do {
                while true {
                    count += 1
                    try CrashChild.append(count, to: store.mediator)
                    if count % 6 == 0 {
                        try store.mediator.history.undo()
                        try store.mediator.history.redo()
                    }
                    CrashChild.say("durable \(count)")
                    if count % 4 == 0 {
                        Task { @MainActor in
                            do {
                                try await store.compact()
                                CrashChild.say("compacted")
                            } catch {
                                CrashChild.say("error: compact: \(error)")
                                exit(1)
                            }
                        }
                    }
                    await Task.yield()
                }
            } catch {
                CrashChild.say("error: \(error)")
                exit(1)
            }
        }
        dispatchMain()
    }
}
