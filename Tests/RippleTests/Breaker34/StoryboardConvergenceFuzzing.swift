import Foundation
@testable import Ripple

/// A random session of three to five storyboard replicas, from the documentation alone: edits
/// of every member shape, a scene moved between acts while it changes slug and place in the
/// storyboard in the same update (a move on each track), shots between scenes, acts into what
/// another replica made their descendants, references to shots another replica removes, undo
/// and redo across merges, updates that roll back, and change sets delivered late, out of order
/// and more than once. Now and then a replica undoes its last steps and redoes them at once:
/// the document must be as it was (DESIGN.md: "undoing n times then redoing n times leaves the
/// document as it was").
@MainActor
struct StoryboardConvergenceFuzzing {
    struct Rollback: Error {}

    var random: SeededGenerator
    let replicas: [Mediator<Library>]
    /// Change sets sent and not all delivered: (to, change set).
    var mail: [(Int, ChangeSet)] = []
    var log: [String] = []
    /// What broke during the session (undo then redo not leaving the document as it was).
    var problems: [String] = []
    var pastVersions: [[DocumentVersion]]

    init(seed: UInt64) throws {
        var random = SeededGenerator(state: seed &* 0x9E37_79B9 &+ 34)
        let count = 3 + Int(random.next() % 3)
        self.random = random
        replicas = try StoryboardReplicas.replicas(count, seed: seed)
        pastVersions = replicas.map { [$0.version] }
    }

    mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }

    mutating func run(steps: Int) throws {
        for step in 0..<steps {
            let index = below(replicas.count)
            let replica = replicas[index]
            switch below(12) {
            case 0..<7:
                let kind = below(16)
                log.append("\(step): r\(index) edit \(kind)")
                do {
                    var random = self.random
                    try replica.update { library in try Self.edit(library, kind: kind, random: &random) }
                    self.random = random
                } catch is Rollback {
                    log.append("  rolled back")
                }
            case 7:
                log.append("\(step): r\(index) undo")
                if replica.history.canUndo { try replica.history.undo() }
            case 8:
                log.append("\(step): r\(index) redo")
                if replica.history.canRedo { try replica.history.redo() }
            case 9:
                let before = Self.dump(replica)
                var undone = 0
                for _ in 0..<(1 + below(3)) where replica.history.canUndo {
                    try replica.history.undo()
                    undone += 1
                }
                for _ in 0..<undone { try replica.history.redo() }
                log.append("\(step): r\(index) undoes \(undone) and redoes them")
                let after = Self.dump(replica)
                if after != before {
                    let was = before.split(separator: "\n").filter { !after.split(separator: "\n").contains($0) }
                    let now = after.split(separator: "\n").filter { !before.split(separator: "\n").contains($0) }
                    problems.append("step \(step): r\(index) undid \(undone) and redid them: the document changed from \(was) to \(now)")
                }
            case 10:
                let to = below(replicas.count)
                guard to != index else { continue }
                let old = pastVersions[to]
                let since = below(3) == 0 ? old[below(old.count)] : replicas[to].version
                pastVersions[to].append(replicas[to].version)
                mail.append((to, try replica.changes(since: since)))
                log.append("\(step): r\(index) sends to r\(to)")
            default:
                guard !mail.isEmpty else { continue }
                let pick = below(mail.count)
                let (to, changes) = below(4) == 0 ? mail[pick] : mail.remove(at: pick)
                log.append("\(step): deliver to r\(to)")
                try replicas[to].merge(changes)
            }
        }
    }

    /// One random edit of the storyboard; throws `Rollback` after editing, now and then.
    static func edit(_ library: Library, kind: Int, random: inout SeededGenerator) throws {
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }
        guard let board = library.storyboard else { return }
        let scenes = board.scenes
        let shots = scenes.flatMap(\.shots)
        let acts = Self.acts(board)
        switch kind {
        case 0 where !shots.isEmpty:
            let shot = shots[below(shots.count)]
            shot.caption = "c\(below(50))"
            shot.seconds = Double(below(100)) / 4
            shot.take = below(3) == 0 ? nil : below(9)
            shot.light = [nil, .day, .dusk, .night][below(4)]
            if below(3) == 0 { shot.lensByCamera["B"] = nil } else { shot.lensByCamera["C\(below(2))"] = 24 + below(60) }
        case 1 where !scenes.isEmpty:
            let scene = scenes[below(scenes.count)]
            let shot = Shot("new \(below(1_000))")
            shot.scene = scene
            scene.shots.insert(shot, at: below(scene.shots.count + 1))
        case 2 where !scenes.isEmpty:
            let scene = scenes[below(scenes.count)]
            if !scene.shots.isEmpty { scene.shots.remove(at: below(scene.shots.count)) }
        case 3 where scenes.count > 1:
            let from = scenes[below(scenes.count)]
            let to = scenes[below(scenes.count)]
            guard !from.shots.isEmpty else { return }
            let shot = from.shots.remove(at: below(from.shots.count))
            to.shots.insert(shot, at: below(to.shots.count + 1))
            shot.scene = to
        case 4 where !scenes.isEmpty:
            // A scene re-slugged: its key in the dictionary changes, and it moves in the array
            // and to another act, all in one update.
            let scene = scenes[below(scenes.count)]
            // The least of its keys: `first(where:)` would follow the dictionary's storage order,
            // which differs from process to process (hashing is seeded per process).
            if let old = board.scenesBySlug.filter({ $0.value === scene }).keys.min() { board.scenesBySlug[old] = nil }
            scene.slug = "k\(below(5))"
            board.scenesBySlug[scene.slug] = scene
            if below(2) == 0, let at = board.scenes.firstIndex(where: { $0 === scene }) {
                board.scenes.remove(at: at)
                board.scenes.insert(scene, at: below(board.scenes.count + 1))
            }
            if below(2) == 0 {
                for act in acts { act.scenes.removeAll { $0 === scene } }
                let act = acts[below(acts.count)]
                act.scenes.insert(scene, at: below(act.scenes.count + 1))
            }
        case 5 where !shots.isEmpty:
            let shot = shots[below(shots.count)]
            if board.favourites.contains(shot) { board.favourites.remove(shot) } else { board.favourites.insert(shot) }
        case 6 where acts.count > 1:
            let act = acts[1 + below(acts.count - 1)]
            let inside = Set(Self.acts(act).map(ObjectIdentifier.init))
            let targets = acts.filter { !inside.contains(ObjectIdentifier($0)) }
            guard let target = targets.isEmpty ? nil : targets[below(targets.count)], let parent = act.parent else { return }
            parent.children.removeAll { $0 === act }
            target.children.insert(act, at: below(target.children.count + 1))
            act.parent = target
        case 7 where !scenes.isEmpty:
            let scene = scenes[below(scenes.count)]
            scene.number = below(100)
            scene.exterior.toggle()
            scene.light = [.day, .dusk, .night][below(3)]
            scene.budget = below(2) == 0 ? nil : Double(below(10_000)) / 8
            if below(2) == 0 { scene.props.insert("p\(below(5))") } else { scene.props.remove("p\(below(5))") }
        case 8:
            let act = Act("a\(below(100))")
            let parent = acts[below(acts.count)]
            act.parent = parent
            parent.children.append(act)
        case 9:
            let scene = Scene("fresh \(below(100))", number: below(100))
            scene.board = board
            let shot = Shot("first")
            shot.scene = scene
            scene.shots = [shot]
            board.scenes.insert(scene, at: below(board.scenes.count + 1))
            acts[below(acts.count)].scenes.append(scene)
            if below(2) == 0 { board.scenesBySlug[scene.slug] = scene }
        case 10 where !shots.isEmpty:
            let shot = shots[below(shots.count)]
            shot.cutTo = below(3) == 0 ? nil : shots[below(shots.count)]
        case 11 where scenes.count > 1:
            let scene = board.scenes.remove(at: below(board.scenes.count))
            if below(2) == 0 {
                board.scenes.insert(scene, at: below(board.scenes.count + 1))
            } else {
                for act in acts { act.scenes.removeAll { $0 === scene } }
            }
        case 12:
            board.title = "t\(below(20))"
            board.rating = [nil, .universal, .parental, .adult][below(4)]
            board.premiere = Date(timeIntervalSinceReferenceDate: Double(below(1_000)))
        case 13 where !shots.isEmpty:
            shots[below(shots.count)].caption = "rolled back"
            board.favourites.removeAll()
            throw Rollback()
        case 14 where acts.count > 2:
            // An act removed with its subtree, now and then put back at once elsewhere.
            let act = acts[1 + below(acts.count - 1)]
            act.parent?.children.removeAll { $0 === act }
        case 15 where !scenes.isEmpty:
            let key = "k\(below(5))"
            if below(3) == 0 { board.scenesBySlug[key] = nil } else { board.scenesBySlug[key] = scenes[below(scenes.count)] }
        default:
            board.premiere = Date(timeIntervalSinceReferenceDate: Double(below(1_000)))
        }
    }

    /// What a user sees of the storyboard, as text: the snapshot also holds the merge state,
    /// which an undo and a redo rightly change.
    static func dump(_ mediator: Mediator<Library>) -> String {
        guard let board = mediator.root.storyboard else { return "none" }
        func shot(_ shot: Shot) -> String {
            let lenses = shot.lensByCamera.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
            return "\(shot.caption)/\(shot.seconds)/\(String(describing: shot.take))/\(String(describing: shot.light))/\(lenses)"
                + "->\(shot.cutTo?.caption ?? "-")"
        }
        var lines = ["\(board.title) \(board.premiere) \(String(describing: board.rating))"]
        for scene in board.scenes {
            lines.append(
                "scene \(scene.slug) \(scene.number) \(scene.exterior) \(scene.light) \(String(describing: scene.budget)) "
                    + "\(scene.props.sorted()): \(scene.shots.map(shot))")
        }
        lines.append("slugs \(board.scenesBySlug.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value.slug)" })")
        lines.append("favourites \(board.favourites.map(\.caption).sorted())")
        if let top = board.act { act(top, depth: 0, into: &lines) }
        return lines.joined(separator: "\n")
    }

    private static func act(_ act: Act, depth: Int, into lines: inout [String]) {
        guard depth < 50 else { return }
        lines.append(String(repeating: " ", count: depth) + "\(act.name): \(act.scenes.map(\.slug))")
        for child in act.children { Self.act(child, depth: depth + 1, into: &lines) }
    }

    /// Every act under `top`, depth first; stops at an act seen twice.
    static func acts(_ top: Act) -> [Act] {
        var seen = Set<ObjectIdentifier>()
        var all: [Act] = []
        var stack = [top]
        while let act = stack.popLast() {
            guard seen.insert(ObjectIdentifier(act)).inserted else { continue }
            all.append(act)
            stack.append(contentsOf: act.children)
        }
        return all
    }

    static func acts(_ board: Storyboard) -> [Act] { board.act.map(acts) ?? [] }

    /// What is wrong with one replica's storyboard: a scene twice in the storyboard or in two
    /// acts, a shot in two scenes, an act in two places or inside itself.
    static func problems(_ mediator: Mediator<Library>) -> [String] {
        guard let board = mediator.root.storyboard else { return ["no storyboard"] }
        var problems: [String] = []
        var scenesSeen = Set<ObjectIdentifier>()
        for scene in board.scenes where !scenesSeen.insert(ObjectIdentifier(scene)).inserted {
            problems.append("scene \(scene.slug) twice in the storyboard")
        }
        var shotsSeen = Set<ObjectIdentifier>()
        for scene in board.scenes {
            for shot in scene.shots where !shotsSeen.insert(ObjectIdentifier(shot)).inserted {
                problems.append("shot \(shot.caption) in two scenes")
            }
        }
        var actsSeen = Set<ObjectIdentifier>()
        var filed = Set<ObjectIdentifier>()
        var stack = board.act.map { [$0] } ?? []
        while let act = stack.popLast() {
            guard actsSeen.insert(ObjectIdentifier(act)).inserted else {
                problems.append("act \(act.name) held twice or in a cycle")
                continue
            }
            for scene in act.scenes where !filed.insert(ObjectIdentifier(scene)).inserted {
                problems.append("scene \(scene.slug) in two acts")
            }
            stack.append(contentsOf: act.children)
        }
        return problems
    }

    /// Delivers everything, everyone to everyone, and returns what differs.
    mutating func settle() throws -> [String] {
        for (to, changes) in mail.shuffled(using: &random) { try replicas[to].merge(changes) }
        mail = []
        try StoryboardReplicas.syncAll(replicas)
        var found = problems
        let first = try replicas[0].snapshot()
        for (index, replica) in replicas.enumerated() {
            let snapshot = try replica.snapshot()
            if snapshot != first {
                let seen = Self.dump(replica) == Self.dump(replicas[0]) ? "in its merge state alone" : "in what it shows"
                found.append("r\(index) differs from r0 \(seen)")
            }
            found += Self.problems(replica).map { "r\(index): \($0)" }
            let reopened = try Mediator<Library>(opening: snapshot)
            if try reopened.snapshot() != snapshot { found.append("r\(index) reopens differently") }
        }
        return found
    }
}
