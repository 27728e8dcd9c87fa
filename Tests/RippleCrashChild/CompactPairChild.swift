import Foundation
import Ripple

/// Two replica stores of one document that take turns and both compact through the public
/// ``DocumentStore/compact()`` while they go on, until the process is killed: issue 36's
/// breaker child.
///
/// `ripple-crash-child compact-pair <folder>` opens `<folder>/A/Log.ripple` and
/// `<folder>/B/Log.ripple` (the first time, it makes A, a replica, and B from a copy of A's
/// file), checks that each holds whole updates (as `CrashChild` checks them), hands each the
/// other's changes, checks that the two are then equal and whole, and prints
/// `opened <n> <A's replica> <B's replica>` (or `inconsistent: why`, exit status 2). Then it makes
/// updates `n + 1`, `n + 2`... forever: an odd one by A, merged by B, an even one by B, merged by
/// A, printing `durable i` once both returned; every 3rd update starts A's compaction and every
/// 4th B's, without waiting for them (`compacted A` or `compacted B` when one ends); every 5th
/// is undone and redone by its maker.
@MainActor
enum CompactPairChild {
    static func run(_ arguments: [String]) -> Never {
        guard let folder = arguments.first.map({ URL(fileURLWithPath: $0) }) else {
            CrashChild.say("usage: ripple-crash-child compact-pair <folder>")
            exit(64)
        }
        let a: DocumentStore<CrashDocument>
        let b: DocumentStore<CrashDocument>
        let opened: Int
        do {
            (a, b) = try ReplicaStoreChild.open(in: folder, compaction: .manual)
            let before = (whole(a, "A"), whole(b, "B"))
            try b.mediator.merge(try a.mediator.changes(since: b.mediator.version))
            try a.mediator.merge(try b.mediator.changes(since: a.mediator.version))
            guard try a.mediator.snapshot() == b.mediator.snapshot() else { inconsistent("A and B differ once synced") }
            opened = whole(a, "A after sync")
            say("opened \(opened) \(a.mediator.replicaID) \(b.mediator.replicaID) (A had \(before.0), B \(before.1))")
        } catch {
            say("error: \(error)")
            exit(1)
        }
        Task { @MainActor in
            var count = opened
            do {
                while true {
                    count += 1
                    let (maker, taker) = count % 2 == 1 ? (a, b) : (b, a)
                    try CrashChild.append(count, to: maker.mediator)
                    if count % 5 == 0 {
                        try maker.mediator.history.undo()
                        try maker.mediator.history.redo()
                    }
                    try taker.mediator.merge(try maker.mediator.changes(since: taker.mediator.version))
                    say("durable \(count)")
                    if count % 3 == 0 { compact(a, "A") }
                    if count % 4 == 0 { compact(b, "B") }
                    await Task.yield()
                }
            } catch {
                say("error: \(error)")
                exit(1)
            }
        }
        dispatchMain()
    }

    private static func compact(_ store: DocumentStore<CrashDocument>, _ name: String) {
        Task { @MainActor in
            do {
                try await store.compact()
                say("compacted \(name)")
            } catch {
                say("error: compact \(name): \(error)")
                exit(1)
            }
        }
    }

    /// How many whole updates `store` holds; ends the process if they are not whole.
    private static func whole(_ store: DocumentStore<CrashDocument>, _ name: String) -> Int {
        switch CrashChild.logCount(store.mediator.root) {
        case .success(let count): return count
        case .failure(let problem): inconsistent("\(name): \(problem.reason)")
        }
    }

    private static func inconsistent(_ reason: String) -> Never {
        say("inconsistent: \(reason)")
        exit(2)
    }

    private static func say(_ line: String) { CrashChild.say(line) }
}
