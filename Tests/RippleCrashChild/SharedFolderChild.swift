import Foundation
import Ripple

/// A replica of a document shared through a folder, editing until it is killed: the children of
/// the three-process test (`SharedFolderProcessTests`).
///
/// `ripple-crash-child shared <folder> <identity> <seed> <name> [--final <snapshot>]` opens a
/// `SharedFolderStore` on `folder` as the replica kept in `identity` and prints `opened`. Then it
/// makes random updates forever, seeded by `seed`: each appends an entry titled with a marker
/// (`<name>-<count>`, unique to this run) to a log, and does up to three other random edits
/// (values, renames, entries inserted, removed and moved between logs, logs made and reordered;
/// never a log or a marker removed, so every marker stays visible). It prints `ack <marker>`
/// once the update returned with nothing reported to the failure handler: then its change is
/// in this replica's file, on disk. It syncs every few updates, and prints `failure <what>` for
/// anything the failure handler hears.
///
/// With `--final`, it syncs instead, writes the document's snapshot to `snapshot`, prints
/// `marker <title>` for each marker the document holds, then `done`, and ends.
@MainActor
enum SharedFolderChild {
    static func run(_ arguments: [String]) -> Never {
        guard arguments.count >= 4, let seed = UInt64(arguments[2]) else {
            CrashChild.say("usage: ripple-crash-child shared <folder> <identity> <seed> <name> [--final <snapshot>]")
            exit(64)
        }
        let name = arguments[3]
        var random = ChildRandom(state: seed)
        do {
            let store = try SharedFolderStore<CrashDocument>(
                folder: URL(fileURLWithPath: arguments[0]), identity: URL(fileURLWithPath: arguments[1]))
            var failed = false
            store.mediator.failureHandler = { failure in
                failed = true
                CrashChild.say("failure \(failure)".replacingOccurrences(of: "\n", with: " "))
            }
            CrashChild.say("opened")
            if let flag = arguments.firstIndex(of: "--final"), flag + 1 < arguments.count {
                try store.sync()
                try store.mediator.snapshot().write(to: URL(fileURLWithPath: arguments[flag + 1]))
                for log in store.mediator.root.logs {
                    for entry in log.entries where entry.number > 0 { CrashChild.say("marker \(entry.title)") }
                }
                CrashChild.say("done")
                exit(0)
            }
            for count in 1... {
                let marker = "\(name)-\(count)"
                failed = false
                try store.mediator.update { document in
                    edit(document, marker: marker, random: &random)
                }
                if !failed { CrashChild.say("ack \(marker)") }
                if random.below(4) == 0 { try store.sync() }
                usleep(UInt32(random.below(3_000)))
            }
        } catch {
            CrashChild.say("error: \(error)".replacingOccurrences(of: "\n", with: " "))
            exit(1)
        }
        exit(0)
    }

    /// One update's edits: the marker, and up to three random others.
    static func edit(_ document: CrashDocument, marker: String, random: inout ChildRandom) {
        if document.logs.isEmpty || random.below(10) == 0 {
            let log = CrashLog()
            log.name = "log \(marker)"
            document.logs.insert(log, at: random.below(document.logs.count + 1))
        }
        let markerEntry = CrashLogEntry()
        markerEntry.title = marker
        markerEntry.number = 1
        let target = document.logs[random.below(document.logs.count)]
        target.entries.insert(markerEntry, at: random.below(target.entries.count + 1))
        for _ in 0..<random.below(4) {
            let logs = document.logs
            let log = logs[random.below(logs.count)]
            switch random.below(6) {
            case 0:
                document.counter.value = random.below(1_000)
            case 1:
                log.name = "\(marker) renamed"
            case 2:
                let plain = CrashLogEntry()
                plain.title = "plain \(marker)"
                log.entries.insert(plain, at: random.below(log.entries.count + 1))
            case 3:
                // Only plain entries are removed: a marker must stay in the document.
                if let index = log.entries.indices.filter({ log.entries[$0].number <= 0 }).last {
                    log.entries.remove(at: index)
                }
            case 4 where !log.entries.isEmpty:
                let entry = log.entries.remove(at: random.below(log.entries.count))
                let destination = logs[random.below(logs.count)]
                destination.entries.insert(entry, at: random.below(destination.entries.count + 1))
            case 5 where logs.count > 1:
                let moved = document.logs.remove(at: random.below(logs.count))
                document.logs.insert(moved, at: random.below(document.logs.count + 1))
            default:
                document.counter.value += 1
            }
        }
    }
}

/// A seeded random generator (xorshift64*): a child's edits follow from its seed.
struct ChildRandom: RandomNumberGenerator {
    private var state: UInt64

    init(state: UInt64) {
        // xorshift never leaves zero.
        self.state = state == 0 ? 0x2545_F491_4F6C_DD1D : state
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int.random(in: 0..<bound, using: &self)
    }
}
