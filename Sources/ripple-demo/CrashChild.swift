import Foundation
@_spi(Benchmarks) import Ripple

/// `ripple-demo crash-child <file> [--check]`: a process that writes to a document store until
/// it is killed, for the demo's last step and the crash tests (`DocumentCrashTests`).
///
/// It opens the store and checks the playlist "Log" (id 99), if there is one: update `n`
/// appended the track titled "n", named the playlist "Log: n tracks" and set the user's id to
/// `n`, in one update, so a document holding part of an update is caught. It prints `opened n` (or `inconsistent:
/// why`, exit status 2), then, unless `--check`, makes updates 1, 2, 3... after `n` forever,
/// printing `durable i` once update `i` is on disk. Every 10th update is followed by a save,
/// every 7th by an undo and a redo, so kills land in those too.
@MainActor
enum CrashChild {
    static let logID = 99

    static func run(_ arguments: [String]) -> Never {
        guard let path = arguments.first else {
            say("usage: ripple-demo crash-child <file> [--check]")
            exit(64)
        }
        do {
            // `--compact`: a compaction (its files written on another thread) every ten updates,
            // instead of a save.
            let compacts = arguments.dropFirst().contains("--compact")
            let store = try DocumentStore<MusicLibrary>(url: URL(fileURLWithPath: path), compaction: compacts ? .manual : .automatic)
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

    /// Update `number`: one track, the name and the user's id, together.
    static func append(_ number: Int, to mediator: Mediator<MusicLibrary>) throws {
        try mediator.update { library in
            if !library.playlists.contains(where: { $0.id == logID }) {
                library.playlists.append(Playlist(id: logID, name: "Log: 0 tracks", tracks: []))
            }
            let log = library.playlists.first { $0.id == logID }!
            log.tracks.append(Track("\(number)", by: "crash child", seconds: number))
            log.name = "Log: \(number) tracks"
            library.user.id = number
        }
    }

    struct Inconsistency: Error {
        let reason: String
    }

    /// How many updates the log holds, or why it is not what whole updates leave.
    static func logCount(_ library: MusicLibrary) -> Result<Int, Inconsistency> {
        let logs = library.playlists.filter { $0.id == logID }
        guard let log = logs.first else { return .success(0) }
        let count = log.tracks.count
        guard logs.count == 1 else { return .failure(Inconsistency(reason: "\(logs.count) logs")) }
        guard log.name == "Log: \(count) tracks", library.user.id == count else {
            return .failure(Inconsistency(reason: "\(count) tracks, named '\(log.name)', user \(library.user.id)"))
        }
        for (index, track) in log.tracks.enumerated() where track.title != "\(index + 1)" || track.duration != index + 1 {
            return .failure(Inconsistency(reason: "track \(index + 1) is '\(track.title)', \(track.duration) s"))
        }
        return .success(count)
    }

    /// A line on standard output, written at once (the parent reads it as an acknowledgment).
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}

/// A child process whose standard output is read line by line.
final class ChildProcess {
    private let process = Process()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    init(_ command: [String]) throws {
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = output
        try process.run()
    }

    /// The next whole line, or `nil` once the output ended.
    func nextLine() -> String? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                defer { buffer.removeSubrange(...newline) }
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            buffer += data
        }
    }

    /// Kills it with SIGKILL, as a power cut would (no chance to clean up), and waits for it.
    func kill() {
        sendKill(to: process.processIdentifier)
        process.waitUntilExit()
    }
}

private func sendKill(to process: pid_t) {
    _ = kill(process, SIGKILL)
}
