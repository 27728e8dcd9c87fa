import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A `ripple-crash-child` process (`Tests/RippleCrashChild`) whose standard output is read line
/// by line: the second process of the document tests, which they kill with SIGKILL.
final class ChildProcess {
    private let process = Process()
    private let output = Pipe()
    private var buffer: [UInt8] = []

    /// Starts the child at `executable` with `arguments` (`<file> [--check] [--compact]`).
    init(_ executable: String, _ arguments: [String]) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
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

    /// Waits for it to end by itself; returns its exit status.
    func waitUntilExit() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Kills it with SIGKILL, as a power cut would (no chance to clean up), and waits for it.
    func kill() {
        sendKill(to: process.processIdentifier)
        process.waitUntilExit()
    }

    /// The `ripple-crash-child` built beside the test bundle (`swift build` builds it), or
    /// `RIPPLE_CRASH_CHILD`.
    static func crashChildExecutable() -> String? {
        if let path = ProcessInfo.processInfo.environment["RIPPLE_CRASH_CHILD"] { return path }
        var places = Bundle.allBundles.map(\.bundleURL)
        if let executable = Bundle.main.executableURL { places.append(executable) }
        for place in places {
            var folder = place.deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = folder.appendingPathComponent("ripple-crash-child").path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                folder = folder.deletingLastPathComponent()
            }
        }
        return nil
    }
}

private func sendKill(to process: pid_t) {
    _ = kill(process, SIGKILL)
}
