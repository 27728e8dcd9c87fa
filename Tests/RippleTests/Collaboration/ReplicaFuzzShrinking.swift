import Foundation
@testable import Ripple
import Testing

/// A history of the shared-node fuzzer (`ReplicaConvergenceTests`) as steps that can be dropped
/// one by one: each edit keeps the generator it drew from, so the steps left draw as they did.
/// `RIPPLE_SHRINK_SEEDS=240,242 swift test --filter ReplicaFuzzShrinking` shrinks each seed's
/// failing history to the fewest replicas and steps that still fail, and prints it step by step.
@MainActor
@Suite struct ReplicaFuzzShrinking {
    enum Step: CustomStringConvertible {
        case edit(replica: Int, generator: UInt64)
        case send(from: Int, to: Int, everything: Bool)
        case merge(replica: Int, pick: Int)

        var description: String {
            switch self {
            case .edit(let replica, let generator): "edit r\(replica) g\(generator)"
            case .send(let from, let to, let everything): "send r\(from)->r\(to)\(everything ? " all" : "")"
            case .merge(let replica, let pick): "merge r\(replica) #\(pick)"
            }
        }
    }

    struct Script {
        var identities: [ReplicaID]
        var steps: [Step]
        var shuffle: UInt64

        var replicas: Int { identities.count }
    }

    @Test(arguments: Self.seeds)
    func shrink(seed: UInt64) throws {
        var script = try Self.record(seed: seed)
        guard let failure = Self.replay(script, trace: false) else {
            print("seed \(seed): passes")
            return
        }
        print("seed \(seed): \(failure)")
        var progress = true
        while progress {
            progress = false
            for replica in stride(from: script.replicas - 1, through: 0, by: -1) where script.replicas > 2 {
                let fewer = Self.dropping(replica: replica, from: script)
                if Self.replay(fewer, trace: false) != nil {
                    script = fewer
                    progress = true
                }
            }
            let steps = shrunk(script.steps) { steps in
                var shorter = script
                shorter.steps = steps
                return Self.replay(shorter, trace: false) != nil
            }
            if steps.count < script.steps.count {
                script.steps = steps
                progress = true
            }
        }
        print("seed \(seed) shrunk: \(script.replicas) replicas \(script.identities), \(script.steps.count) steps, shuffle g\(script.shuffle)")
        _ = Self.replay(script, trace: true)
    }

    nonisolated static var seeds: [UInt64] {
        let text = ProcessInfo.processInfo.environment["RIPPLE_SHRINK_SEEDS"] ?? ""
        return text.split(separator: ",").compactMap { UInt64($0) }
    }

    /// The seed's history as the fuzzer runs it (the same draws, on live replicas).
    static func record(seed: UInt64) throws -> Script {
        let fuzzing = ReplicaFuzzing(seed: seed, sharesNodes: true)
        let replicas = try ReplicaConvergenceTests.replicas(seed: seed, fuzzing: fuzzing)
        var inboxes = Array(repeating: [ChangeSet](), count: replicas.count)
        var steps: [Step] = []
        for _ in 0..<80 {
            let replica = fuzzing.index(replicas.count)
            switch fuzzing.index(10) {
            case 0..<5:
                steps.append(.edit(replica: replica, generator: fuzzing.random.state))
                try fuzzing.edit(replicas[replica])
            case 5..<8:
                let receiver = fuzzing.index(replicas.count)
                guard receiver != replica else { continue }
                let everything = fuzzing.chance(20)
                inboxes[receiver].append(try replicas[replica].changes(since: everything ? DocumentVersion() : replicas[receiver].version))
                steps.append(.send(from: replica, to: receiver, everything: everything))
            default:
                guard !inboxes[replica].isEmpty else { continue }
                let pick = fuzzing.index(inboxes[replica].count)
                try replicas[replica].merge(inboxes[replica].remove(at: pick))
                steps.append(.merge(replica: replica, pick: pick))
            }
        }
        return Script(identities: replicas.map(\.replicaID), steps: steps, shuffle: fuzzing.random.state)
    }

    static func dropping(replica: Int, from script: Script) -> Script {
        func renumber(_ index: Int) -> Int { index > replica ? index - 1 : index }
        var identities = script.identities
        identities.remove(at: replica)
        var result = Script(identities: identities, steps: [], shuffle: script.shuffle)
        for step in script.steps {
            switch step {
            case .edit(let at, let generator) where at != replica:
                result.steps.append(.edit(replica: renumber(at), generator: generator))
            case .send(let from, let to, let everything) where from != replica && to != replica:
                result.steps.append(.send(from: renumber(from), to: renumber(to), everything: everything))
            case .merge(let at, let pick) where at != replica:
                result.steps.append(.merge(replica: renumber(at), pick: pick))
            default:
                continue
            }
        }
        return result
    }

    /// Runs `script`; the first failure found (a model apart from its engine, a throw, replicas
    /// that end apart, a shelf in two arrays), or nil.
    static func replay(_ script: Script, trace: Bool) -> String? {
        do {
            let origin = Mediator(root: makeLibrary())
            origin.startReplica(as: script.identities[0])
            let snapshot = try origin.snapshot()
            var replicas = [origin]
            for identity in script.identities.dropFirst() {
                let replica = try Mediator<Library>(opening: snapshot)
                replica.startReplica(as: identity)
                replicas.append(replica)
            }
            var inboxes = Array(repeating: [ChangeSet](), count: replicas.count)
            for (index, step) in script.steps.enumerated() {
                var touched = 0
                switch step {
                case .edit(let replica, let state):
                    let fuzzing = ReplicaFuzzing(seed: 0, sharesNodes: true)
                    fuzzing.random = SeededGenerator(state: state)
                    try fuzzing.edit(replicas[replica])
                    touched = replica
                    if trace { print("\(index) \(step): \(fuzzing.lastEdits) -> \(describe(replicas[replica].root))") }
                case .send(let from, let to, let everything):
                    let since = everything ? DocumentVersion() : replicas[to].version
                    inboxes[to].append(try replicas[from].changes(since: since))
                    touched = from
                    if trace { print("\(index) \(step)") }
                case .merge(let replica, let pick):
                    touched = replica
                    guard !inboxes[replica].isEmpty else { continue }
                    try replicas[replica].merge(inboxes[replica].remove(at: pick % inboxes[replica].count))
                    if trace { print("\(index) \(step): -> \(describe(replicas[replica].root))") }
                }
                let mismatches = try replicas[touched].replica.mismatches(in: replicas[touched])
                if !mismatches.isEmpty { return "step \(index) \(step): \(mismatches)" }
            }
            var random = SeededGenerator(state: script.shuffle)
            for (replica, inbox) in inboxes.enumerated() { for changes in inbox.shuffled(using: &random) { try replicas[replica].merge(changes) } }
            for _ in 0..<2 {
                for sender in replicas { for receiver in replicas where receiver !== sender { try receiver.merge(try sender.changes(since: receiver.version)) } }
            }
            if trace { for (index, replica) in replicas.enumerated() { print("end r\(index): \(describe(replica.root))") } }
            for (index, replica) in replicas.enumerated() {
                let mismatches = try replica.replica.mismatches(in: replica)
                if !mismatches.isEmpty { return "end r\(index): \(mismatches)" }
            }
            let first = try replicas[0].snapshot()
            for (index, replica) in replicas.enumerated().dropFirst() where try replica.snapshot() != first {
                return "end: r\(index) differs from r0"
            }
            var holders: [ObjectIdentifier: Int] = [:]
            for shelf in replicas[0].root.shelves { holders[ObjectIdentifier(shelf), default: 0] += 1 }
            for shelf in ReplicaFuzzing.shelves(of: replicas[0].root) {
                for child in shelf.children { holders[ObjectIdentifier(child), default: 0] += 1 }
                if shelf.children.contains(where: { ReplicaFuzzing.isWithin(shelf, $0) }) { return "end: a shelf inside itself" }
            }
            if !holders.values.allSatisfy({ $0 == 1 }) { return "end: a shelf in two arrays" }
            return nil
        } catch {
            return "threw \(error)"
        }
    }

    /// The library's shelves as a tree, with the references that hold them.
    static func describe(_ library: Library) -> String {
        func name(_ shelf: Shelf?) -> String {
            guard let shelf else { return "-" }
            // Titles, since ids are not document members (a replica opened from a snapshot has 0s).
            return shelf.title.replacingOccurrences(of: "Shelf ", with: "S")
        }
        func tree(_ shelf: Shelf, _ depth: Int) -> String {
            let children = depth > 6 ? "..." : shelf.children.map { tree($0, depth + 1) }.joined(separator: " ")
            let references = "\(shelf.parent.map { "^\(name($0))" } ?? "")\(shelf.library == nil ? "" : "^L")"
            return shelf.children.isEmpty ? name(shelf) + references : "\(name(shelf))\(references)[\(children)]"
        }
        let keys = library.shelvesByKey.sorted { $0.key < $1.key }.map { "\($0.key):\(name($0.value))" }
        return "[\(library.shelves.map { tree($0, 0) }.joined(separator: " "))] pin \(name(library.pinned)) keys \(keys)"
    }
}
