import Foundation
import Ripple

/// Two `DocumentStore`s of one document, each a replica, that take turns until the process is
/// killed: the child of `DocumentCrashTests`' replica test.
///
/// `ripple-crash-child replica <folder>` opens `<folder>/A/Log.ripple` and `<folder>/B/Log.ripple`
/// (the first time, it makes A, a replica, and B from a copy of A's file: a replica of its
/// own). It checks that each holds whole updates only (as `CrashChild` checks them), hands
/// each the other's changes, checks that the two are then equal, and prints
/// `opened <n> <A's replica> <B's replica>` (or `inconsistent: why`, exit status 2). With
/// `--check` it ends there (having made no update of its own). Else it makes updates `n + 1`, `n + 2`... forever: an odd one by A, merged by B; an even one by B,
/// merged by A; printing `durable i` once both returned (each store then holds update `i` on
/// disk, one as its own change, the other as a merged one).
@MainActor
enum ReplicaStoreChild {
    static func run(_ arguments: [String]) -> Never {
        guard let folder = arguments.first.map({ URL(fileURLWithPath: $0) }) else {
            CrashChild.say("usage: ripple-crash-child replica <folder> [--check]")
            exit(64)
        }
        do {
            let (a, b) = try open(in: folder)
            try b.mediator.merge(try a.mediator.changes(since: b.mediator.version))
            try a.mediator.merge(try b.mediator.changes(since: a.mediator.version))
            guard try a.mediator.snapshot() == b.mediator.snapshot() else { inconsistent("A and B differ once synced") }
            var count = try logCount(a)
            say("opened \(count) \(a.mediator.replicaID) \(b.mediator.replicaID)")
            if arguments.contains("--check") { exit(0) }
            while true {
                count += 1
                let (maker, taker) = count % 2 == 1 ? (a, b) : (b, a)
                try CrashChild.append(count, to: maker.mediator)
                try taker.mediator.merge(try maker.mediator.changes(since: taker.mediator.version))
                say("durable \(count)")
            }
        } catch {
            say("error: \(error)")
            exit(1)
        }
    }

    /// Opens both stores with `compaction`; the first time, makes A a replica and B from a copy
    /// of its file.
    static func open(
        in folder: URL, compaction: DocumentStore<CrashDocument>.Compaction = .automatic
    ) throws -> (DocumentStore<CrashDocument>, DocumentStore<CrashDocument>) {
        let urls = ["A", "B"].map { folder.appendingPathComponent($0).appendingPathComponent("Log.ripple") }
        if !FileManager.default.fileExists(atPath: urls[1].path) {
            for url in urls { try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true) }
            do {
                let first = try DocumentStore<CrashDocument>(url: urls[0], compaction: compaction)
                _ = first.mediator.replicaID
            }
            // Aside, then renamed: a kill while copying leaves no half file.
            let aside = urls[1].deletingLastPathComponent().appendingPathComponent("copying")
            try? FileManager.default.removeItem(at: aside)
            try FileManager.default.copyItem(at: urls[0], to: aside)
            try FileManager.default.moveItem(at: aside, to: urls[1])
        }
        return (
            try DocumentStore<CrashDocument>(url: urls[0], compaction: compaction),
            try DocumentStore<CrashDocument>(url: urls[1], compaction: compaction)
        )
    }

    /// How many whole updates `store` holds; ends the process if they are not whole.
    private static func logCount(_ store: DocumentStore<CrashDocument>) throws -> Int {
        switch CrashChild.logCount(store.mediator.root) {
        case .success(let count): return count
        case .failure(let problem): inconsistent(problem.reason)
        }
    }

    private static func inconsistent(_ reason: String) -> Never {
        say("inconsistent: \(reason)")
        exit(2)
    }

    private static func say(_ line: String) { CrashChild.say(line) }
}
