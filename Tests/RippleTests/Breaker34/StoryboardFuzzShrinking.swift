import Foundation
@testable import Ripple
import Testing

/// A history of the storyboard fuzzer (`StoryboardConvergenceFuzzing`) as steps that can be
/// dropped one by one: each edit keeps the generator it drew from, each delivery names the
/// sending it delivers. `RIPPLE_STORYBOARD_SHRINK=6 swift test --filter StoryboardFuzzShrinking`
/// shrinks each seed's failing history and prints it.
@MainActor
@Suite struct StoryboardFuzzShrinking {
    enum Step: CustomStringConvertible {
        case edit(replica: Int, kind: Int, generator: UInt64)
        case undo(replica: Int)
        case redo(replica: Int)
        /// Undoes up to `count` steps and redoes them at once: the document must be as it was.
        case undoThenRedo(replica: Int, count: Int)
        case send(id: Int, from: Int, to: Int, everything: Bool)
        case deliver(id: Int, keep: Bool)

        var description: String {
            switch self {
            case .edit(let replica, let kind, let generator): "r\(replica) edit \(kind) g\(generator)"
            case .undo(let replica): "r\(replica) undo"
            case .redo(let replica): "r\(replica) redo"
            case .undoThenRedo(let replica, let count): "r\(replica) undoes \(count) and redoes them"
            case .send(let id, let from, let to, let everything): "send #\(id) r\(from)->r\(to)\(everything ? " all" : "")"
            case .deliver(let id, let keep): "deliver #\(id)\(keep ? " (kept)" : "")"
            }
        }
    }

    @Test(arguments: Self.seeds)
    func shrink(seed: UInt64) throws {
        let (count, recorded) = try Self.record(seed: seed)
        var steps = recorded
        guard let failure = Self.replay(steps, seed: seed, count: count, trace: false) else {
            print("storyboard seed \(seed): passes as recorded")
            return
        }
        print("storyboard seed \(seed): \(failure)")
        // Shrunk to a history that fails alike: an undo then redo that changes the document
        // does not drift into a divergence, nor the other way round.
        let kind = Self.kind(of: failure)
        steps = shrunk(steps) { Self.replay($0, seed: seed, count: count, trace: false).map(Self.kind) == kind }
        print("storyboard seed \(seed) shrunk: \(steps.count) steps")
        _ = Self.replay(steps, seed: seed, count: count, trace: true)
    }

    static func kind(of failure: String) -> String {
        failure.hasPrefix("undo then redo") ? "undo then redo" : failure.contains("differs") ? "differs" : failure
    }

    nonisolated static var seeds: [UInt64] {
        let text = ProcessInfo.processInfo.environment["RIPPLE_STORYBOARD_SHRINK"] ?? ""
        return text.split(separator: ",").compactMap { UInt64($0) }
    }

    /// The seed's history as `StoryboardConvergenceFuzzing.run(steps: 90)` draws it, on live
    /// replicas.
    static func record(seed: UInt64) throws -> (Int, [Step]) {
        var fuzzing = try StoryboardConvergenceFuzzing(seed: seed)
        let replicas = fuzzing.replicas
        var steps: [Step] = []
        var mail: [(id: Int, to: Int, changes: ChangeSet)] = []
        for _ in 0..<90 {
            let index = fuzzing.below(replicas.count)
            let replica = replicas[index]
            switch fuzzing.below(12) {
            case 0..<7:
                let kind = fuzzing.below(16)
                steps.append(.edit(replica: index, kind: kind, generator: fuzzing.random.state))
                do {
                    var random = fuzzing.random
                    try replica.update { library in try StoryboardConvergenceFuzzing.edit(library, kind: kind, random: &random) }
                    fuzzing.random = random
                } catch is StoryboardConvergenceFuzzing.Rollback {}
            case 7:
                steps.append(.undo(replica: index))
                if replica.history.canUndo { try replica.history.undo() }
            case 8:
                steps.append(.redo(replica: index))
                if replica.history.canRedo { try replica.history.redo() }
            case 9:
                var undone = 0
                for _ in 0..<(1 + fuzzing.below(3)) where replica.history.canUndo {
                    try replica.history.undo()
                    undone += 1
                }
                for _ in 0..<undone { try replica.history.redo() }
                steps.append(.undoThenRedo(replica: index, count: undone))
            case 10:
                let to = fuzzing.below(replicas.count)
                guard to != index else { continue }
                let old = fuzzing.pastVersions[to]
                let everything = fuzzing.below(3) == 0
                let since = everything ? old[fuzzing.below(old.count)] : replicas[to].version
                fuzzing.pastVersions[to].append(replicas[to].version)
                let id = steps.count
                mail.append((id, to, try replica.changes(since: since)))
                steps.append(.send(id: id, from: index, to: to, everything: everything))
            default:
                guard !mail.isEmpty else { continue }
                let pick = fuzzing.below(mail.count)
                let keep = fuzzing.below(4) == 0
                let item = keep ? mail[pick] : mail.remove(at: pick)
                try replicas[item.to].merge(item.changes)
                steps.append(.deliver(id: item.id, keep: keep))
            }
        }
        return (replicas.count, steps)
    }

    /// Runs `steps` on fresh replicas, then delivers everything; the first problem (an undo
    /// then redo that changed the document among them), or nil.
    static func replay(_ steps: [Step], seed: UInt64, count: Int, trace: Bool) -> String? {
        do {
            let replicas = try StoryboardReplicas.replicas(count, seed: seed)
            var mail: [Int: (to: Int, changes: ChangeSet)] = [:]
            for step in steps {
                switch step {
                case .edit(let index, let kind, let generator):
                    var random = SeededGenerator(state: generator)
                    do {
                        try replicas[index].update { library in try StoryboardConvergenceFuzzing.edit(library, kind: kind, random: &random) }
                    } catch is StoryboardConvergenceFuzzing.Rollback {}
                case .undo(let index):
                    if replicas[index].history.canUndo { try replicas[index].history.undo() }
                case .redo(let index):
                    if replicas[index].history.canRedo { try replicas[index].history.redo() }
                case .undoThenRedo(let index, let count):
                    let replica = replicas[index]
                    let before = StoryboardConvergenceFuzzing.dump(replica)
                    var undone = 0
                    for _ in 0..<count where replica.history.canUndo {
                        try replica.history.undo()
                        undone += 1
                    }
                    for _ in 0..<undone { try replica.history.redo() }
                    if StoryboardConvergenceFuzzing.dump(replica) != before {
                        if trace { print("\(step): r\(index) " + describe(replica) + "\n  was: " + before.split(separator: "\n").joined(separator: " | ")) }
                        return "undo then redo changed r\(index)"
                    }
                case .send(let id, let from, let to, let everything):
                    mail[id] = (to, try replicas[from].changes(since: everything ? DocumentVersion() : replicas[to].version))
                case .deliver(let id, let keep):
                    guard let item = mail[id] else { continue }
                    if !keep { mail[id] = nil }
                    try replicas[item.to].merge(item.changes)
                }
                if trace {
                    let touched: Int? =
                        switch step {
                        case .edit(let index, _, _), .undo(let index), .redo(let index), .undoThenRedo(let index, _): index
                        case .deliver(let id, _): mail[id]?.to
                        case .send: nil
                        }
                    print("\(step)" + (touched.map { ": r\($0) " + describe(replicas[$0]) } ?? ""))
                }
            }
            for id in mail.keys.sorted() { try replicas[mail[id]!.to].merge(mail[id]!.changes) }
            try StoryboardReplicas.syncAll(replicas)
            if trace { for (index, replica) in replicas.enumerated() { print("end r\(index): \(describe(replica))") } }
            let first = try replicas[0].snapshot()
            for (index, replica) in replicas.enumerated() {
                if try replica.snapshot() != first { return "r\(index) differs from r0" }
                if let problem = StoryboardConvergenceFuzzing.problems(replica).first { return "r\(index): \(problem)" }
            }
            return nil
        } catch {
            return "threw \(error)"
        }
    }

    static func describe(_ mediator: Mediator<Library>) -> String {
        StoryboardConvergenceFuzzing.dump(mediator).split(separator: "\n").filter { !$0.hasPrefix("favourites") }.joined(separator: " | ")
    }
}
