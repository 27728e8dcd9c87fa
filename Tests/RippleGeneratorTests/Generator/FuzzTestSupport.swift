import Foundation
import RippleGenerator
import Testing

/// SplitMix64: a tiny pseudo-random generator whose sequence depends only on its seed, on every
/// platform and Swift version, so that a fuzz run is reproducible from its seed alone.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`. Written out rather than `Int.random(in:using:)`, whose
    /// algorithm the standard library does not promise to keep.
    mutating func below(_ bound: Int) -> Int {
        precondition(bound > 0)
        return Int(next().multipliedFullWidth(by: UInt64(bound)).high)
    }

    /// One element of a non-empty array.
    mutating func pick<Element>(_ elements: [Element]) -> Element {
        elements[below(elements.count)]
    }
}

/// Damages Swift source the way an editor in mid-keystroke does: one token deleted, duplicated
/// or swapped, the file cut short, or a quote, brace, comment opener or half an annotation
/// inserted. Token-level edits use the generator's own lexer.
struct ModelMutator {
    /// Text that opens something the lexer or parser must close again, or starts an annotation.
    static let insertions = [
        "\"", "\"\"\"", "#\"", "\"#", "##\"", "/*", "*/", "//", "///", "/**", "{", "}", "(", ")", "<", ">", "[", "]",
        "\\(", "/", "#/", "`", "@", "#", "#if", "#endif", "#else", ";", ",", ":", "=", "->", "?", "!",
        "// ripple: node", "// ripple: property, dependency = [", "\n// ripple: node\n",
        "\n// ripple: root\n", "\n// ripple: property\n", "\n// ripple: property, dependency = [\n",
        "\n    // ripple: property, key = \"\n", "\n// ripple: node, shared = \n", "\r", "\u{0}", "\u{FEFF}",
    ]

    /// Insertions that are not valid UTF-8 on their own.
    static let invalidUTF8: [[UInt8]] = [[0xFF], [0xC3], [0xE2, 0x80]]

    var random: SplitMix64

    /// Applies one random mutation to `bytes` and says what it did.
    mutating func mutate(_ bytes: inout [UInt8], path: String) -> String {
        let file = SourceFile(path: path, bytes: bytes)
        let tokens = Lexer.tokenize(file).tokens
        func describe(_ token: Token) -> String {
            let location = file.location(ofOffset: token.range.lowerBound)
            return "'\(quoted(file.text(token.range)))' at \(location.line):\(location.column)"
        }
        let choice = tokens.isEmpty ? 4 : random.below(6)
        switch choice {
        case 0:
            let token = random.pick(tokens)
            bytes.removeSubrange(token.range)
            return "delete token \(describe(token))"
        case 1:
            let token = random.pick(tokens)
            bytes.insert(contentsOf: Array(bytes[token.range]) + [UInt8(ascii: " ")], at: token.range.lowerBound)
            return "duplicate token \(describe(token))"
        case 2:
            let first = random.pick(tokens)
            let second = random.pick(tokens)
            guard first.range != second.range else {
                bytes.removeSubrange(first.range)
                return "delete token \(describe(first))"
            }
            let (earlier, later) = first.range.lowerBound < second.range.lowerBound ? (first, second) : (second, first)
            let earlierBytes = Array(bytes[earlier.range])
            bytes.replaceSubrange(later.range, with: earlierBytes)
            bytes.replaceSubrange(earlier.range, with: Array(file.bytes[later.range]))
            return "swap tokens \(describe(earlier)) and \(describe(later))"
        case 3:
            let offset = random.below(bytes.count + 1)
            let location = file.location(ofOffset: offset)
            bytes.removeSubrange(offset...)
            return "truncate at byte \(offset) (\(location.line):\(location.column))"
        default:
            // At a token's start half the time, anywhere (even inside a UTF-8 sequence) otherwise.
            let offset = !tokens.isEmpty && random.below(2) == 0
                ? random.pick(tokens).range.lowerBound
                : random.below(bytes.count + 1)
            let inserted = random.below(10) == 0
                ? random.pick(Self.invalidUTF8)
                : Array(random.pick(Self.insertions).utf8)
            let location = file.location(ofOffset: offset)
            bytes.insert(contentsOf: inserted, at: offset)
            return "insert '\(quoted(String(decoding: inserted, as: UTF8.self)))' at \(location.line):\(location.column)"
        }
    }

    private func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "\\r").replacingOccurrences(of: "\n", with: "\\n")
            .replacingOccurrences(of: "\u{0}", with: "\\0")
    }
}

/// The fuzz case being run, shared between the thread that runs the cases and the test that
/// watches it, so that a case that never ends is reported by the watcher.
final class FuzzProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var current: (description: String, started: ContinuousClock.Instant)?
    private var failures: [String] = []
    private var done = false
    private var stopped = false

    func start(_ description: String) {
        lock.withLock { current = (description, .now) }
    }

    func fail(_ message: String) {
        lock.withLock { failures.append(message) }
    }

    func finish() {
        lock.withLock {
            current = nil
            done = true
        }
    }

    /// Asks the cases to stop after the current one (which may never end).
    func stop() {
        lock.withLock { stopped = true }
    }

    var isFinished: Bool { lock.withLock { done } }
    var isStopped: Bool { lock.withLock { stopped } }
    var recordedFailures: [String] { lock.withLock { failures } }

    /// Runs `cases` on a thread with a stack of `stackSize` bytes, while the calling test watches
    /// it: a case that runs longer than twice `caseTimeLimit` cannot be stopped, only reported,
    /// and the test then stops waiting. Every failure is recorded with `seed`, to replay it.
    static func watch(
        seed: UInt64, caseTimeLimit: Duration, stackSize: Int, _ cases: @escaping @Sendable (FuzzProgress) -> Void
    ) async throws {
        let progress = FuzzProgress()
        let worker = Thread {
            cases(progress)
            progress.finish()
        }
        worker.stackSize = stackSize
        worker.start()
        while !progress.isFinished {
            if let stuck = progress.caseRunning(longerThan: caseTimeLimit * 2) {
                Issue.record("a case did not end (seed \(seed)): \(stuck)")
                progress.stop()
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        for failure in progress.recordedFailures {
            Issue.record(Comment(rawValue: "seed \(seed), \(failure)"))
        }
    }

    /// The running case, if it has run longer than `limit`.
    func caseRunning(longerThan limit: Duration) -> String? {
        lock.withLock {
            guard let current, ContinuousClock.now - current.started > limit else { return nil }
            return current.description
        }
    }
}
