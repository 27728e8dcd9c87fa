import Foundation
@_spi(Benchmarks) import Ripple

/// A process that writes to a document store until it is killed.
///
/// It opens the store and checks the log, if there is one: update `n` appended the entry
/// titled "n", named the log "Log: n entries" and set the counter to `n`, in one update, so a
/// document holding part of an update is caught. It prints `opened n` (or `inconsistent: why`,
/// exit status 2), then, unless `--check`, makes updates 1, 2, 3... after `n` forever, printing
/// `durable i` once update `i` is on disk. Every 10th update is followed by a save (with
/// `--compact`, a compaction, its files written on another thread), every 7th by an undo and a
/// redo, so kills land in those too.
@MainActor
enum CrashChild {
    static func run(_ arguments: [String]) -> Never {
        guard let path = arguments.first else {
            say("usage: ripple-crash-child <file> [--check] [--compact]")
            exit(64)
        }
        do {
            let compacts = arguments.dropFirst().contains("--compact")
            let store = try DocumentStore<CrashDocument>(url: URL(fileURLWithPath: path), compaction: compacts ? .manual : .automatic)
            var count: Int
            switch logCount(store.mediator.root) {
            case .success(let logged): count = logged
            case .failure(let problem):
                say("inconsistent: \(problem.reason)")
                exit(2)
            }
            say("opened \(count)")
            if arguments.dropFirst().contains("--check") { exit(0) }
            while true {
                count += 1
                try append(count, to: store.mediator)
                if count % 10 == 0 {
                    if compacts { _ = try store._compactTimingMainActor() } else { try store.save() }
                }
                if count % 7 == 0 {
                    try store.mediator.history.undo()
                    try store.mediator.history.redo()
                }
                say("durable \(count)")
            }
        } catch {
            say("error: \(error)")
            exit(1)
        }
    }

    /// Update `number`: one entry, the log's name and the counter, together.
    static func append(_ number: Int, to mediator: Mediator<CrashDocument>) throws {
        try mediator.update { document in
            if document.logs.isEmpty {
                let log = CrashLog()
                log.name = "Log: 0 entries"
                document.logs.append(log)
            }
            let log = document.logs[0]
            log.entries.append(CrashLogEntry(number: number))
            log.name = "Log: \(number) entries"
            document.counter.value = number
        }
    }

    struct Inconsistency: Error {
        let reason: String
    }

    /// How many updates the log holds, or why it is not what whole updates leave.
    static func logCount(_ document: CrashDocument) -> Result<Int, Inconsistency> {
        guard let log = document.logs.first else {
            return document.counter.value == 0 ? .success(0) : .failure(Inconsistency(reason: "no log, counter \(document.counter.value)"))
        }
        let count = log.entries.count
        guard document.logs.count == 1 else { return .failure(Inconsistency(reason: "\(document.logs.count) logs")) }
        guard log.name == "Log: \(count) entries", document.counter.value == count else {
            return .failure(Inconsistency(reason: "\(count) entries, named '\(log.name)', counter \(document.counter.value)"))
        }
        for (index, entry) in log.entries.enumerated() where entry.title != "\(index + 1)" || entry.number != index + 1 {
            return .failure(Inconsistency(reason: "entry \(index + 1) is '\(entry.title)', \(entry.number)"))
        }
        return .success(count)
    }

    /// A line on standard output, written at once (the parent reads it as an acknowledgment).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
