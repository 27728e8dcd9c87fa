import BenchReport
import Foundation
import Ripple

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `durability-bench`: one durable update through a `DocumentStore` (`.immediate`: the journal
/// record is synced before `update` returns) against an update of one row in SQLite's WAL mode
/// with `synchronous=FULL` (the WAL is synced at each commit), on the same folder, in the same
/// run, with the goal marked PASS or MISS.
///
///     swift run -c release --package-path Tests/Benchmarks durability-bench [--quick] [--folder PATH]
@main
enum DurabilityBench {
    static let usage = """
        usage: durability-bench [--quick] [--folder PATH]

          --quick        fewer rounds (a smoke run; numbers are noisier)
          --folder PATH  where the files go (default: the temporary folder); both are measured
                         there, so pick the disk you care about, not a RAM disk (tmpfs)
          --help         this text
        """

    @MainActor
    static func main() throws {
        var isQuick = false
        var parent = FileManager.default.temporaryDirectory
        var arguments = CommandLine.arguments.dropFirst()
        while let argument = arguments.popFirst() {
            switch argument {
            case "--quick": isQuick = true
            case "--folder" where !arguments.isEmpty: parent = URL(fileURLWithPath: arguments.removeFirst())
            case "--help", "-h":
                print(usage)
                return
            default:
                FileHandle.standardError.write(Data("durability-bench: unknown argument '\(argument)'\n\n\(usage)\n".utf8))
                exit(64)
            }
        }
        #if DEBUG
        print("warning: a debug build; run with `-c release` for meaningful numbers")
        #endif
        let folder = parent.appendingPathComponent("ripple-durability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("durability-bench: files in \(folder.path)\(fileSystemWarning(folder))")
        try DurableUpdates(folder: folder, rounds: isQuick ? 5 : 11, batch: isQuick ? 10 : 40).run()
    }

    /// A warning when `folder` is in memory, where syncing costs nothing: its mount (the
    /// longest mount point above it in /proc/mounts, on Linux) is a tmpfs.
    private static func fileSystemWarning(_ folder: URL) -> String {
        guard let mounts = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return "" }
        let path = folder.resolvingSymlinksInPath().path
        var longest: (point: Substring, type: Substring) = ("", "")
        for line in mounts.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count > 2, fields[1].count > longest.point.count else { continue }
            let point = fields[1]
            if path == point || path.hasPrefix(point.hasSuffix("/") ? String(point) : point + "/") { longest = (point, fields[2]) }
        }
        guard longest.type == "tmpfs" else { return "" }
        return "\nwarning: a tmpfs (memory): syncs cost nothing here; give --folder a folder on a disk"
    }
}

/// The durable update against SQLite's, and against the floor: appending a few bytes to a file
/// and syncing it.
@MainActor
struct DurableUpdates {
    let folder: URL
    let rounds: Int
    let batch: Int
    let rows = 10_000

    func run() throws {
        let store = try DocumentStore<Ledger>(url: folder.appendingPathComponent("ledger.ripple"))
        try store.mediator.update { ledger in
            let sample = Ledger(entryCount: rows)
            (ledger.title, ledger.entries) = (sample.title, sample.entries)
        }
        try store.save()
        let sqlite = try SQLiteTable(path: folder.appendingPathComponent("ledger.sqlite").path, rowCount: rows)
        let floor = try SyncedFile(path: folder.appendingPathComponent("floor.log").path)

        // Rounds take turns, in alternating order, so that both see the disk's slow and fast spells.
        var ripple: [Double] = []
        var sqliteSamples: [Double] = []
        var floorSamples: [Double] = []
        var update = 0
        func time(_ work: () throws -> Void) rethrows -> Double {
            let clock = ContinuousClock()
            let start = clock.now
            for _ in 0..<batch {
                try work()
                update += 1
            }
            return start.duration(to: clock.now).nanoseconds / Double(batch)
        }
        let rippleBatch = { try time { try store.mediator.update { $0.entries[update % rows].amount = Double(update) } } }
        let sqliteBatch = { try time { try sqlite.setAmount(Double(update), ofRow: update % rows) } }
        let floorBatch = { try time { try floor.appendAndSync() } }
        _ = try (rippleBatch(), sqliteBatch(), floorBatch())  // warm-up
        for round in 0..<rounds {
            if round % 2 == 0 {
                ripple.append(try rippleBatch())
                sqliteSamples.append(try sqliteBatch())
            } else {
                sqliteSamples.append(try sqliteBatch())
                ripple.append(try rippleBatch())
            }
            floorSamples.append(try floorBatch())
        }

        let ours = Timing(samples: ripple)
        let theirs = Timing(samples: sqliteSamples)
        let bare = Timing(samples: floorSamples)
        let ratio = ours.ratio(to: theirs)
        var table = Table("Durable updates: \(rows) rows or nodes, \(rounds) rounds of \(batch)", headers: ["operation", "median µs", "min µs", "vs SQLite"])
        table.append(["one .immediate update (DocumentStore)", Format.microseconds(ours.median), Format.microseconds(ours.minimum), Format.ratio(ratio)])
        table.append(["UPDATE of one row, WAL, synchronous=FULL", Format.microseconds(theirs.median), Format.microseconds(theirs.minimum), "1.00x"])
        table.append(["append 64 bytes + fsync (the floor)", Format.microseconds(bare.median), Format.microseconds(bare.minimum), Format.ratio(bare.ratio(to: theirs))])
        table.notes = [
            "Each update sets one number of one entry (a node of the ledger, a row of the table) and is durable when it",
            "  returns: Ripple appends a journal record and fsyncs it, SQLite commits to its WAL and syncs it. Both files are",
            "  in the same folder; rounds alternate which goes first. The disk's sync time dominates and swings from",
            "  run to run: compare the ratio, and repeat.",
        ]
        table.print()

        var goals = Table("Goals", headers: ["goal", "measured", "result"])
        goals.append(["one .immediate update at most 1x one row's UPDATE in SQLite (WAL, synchronous=FULL)", Format.ratio(ratio), ratio <= 1 ? "PASS" : "MISS"])
        goals.print()
    }
}

/// A file that is appended to and synced, as a journal is, with nothing else.
final class SyncedFile {
    private let descriptor: Int32
    private let record = [UInt8](repeating: UInt8(ascii: "x"), count: 63) + [UInt8(ascii: "\n")]

    init(path: String) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit { close(descriptor) }

    func appendAndSync() throws {
        let written = record.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == record.count, fsync(descriptor) == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
