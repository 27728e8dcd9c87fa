import Foundation
@testable import Ripple

/// A random session of three to five garden replicas, written from the documentation alone:
/// edits of every member shape, moves of plants between beds and of zones between zones (into
/// what another replica made their descendant, too), undo and redo across merges, updates that
/// roll back, and change sets delivered late, out of order and more than once.
@MainActor
struct GardenConvergenceFuzzing {
    struct Rollback: Error {}

    var random: SeededGenerator
    let replicas: [Mediator<Library>]
    /// Change sets sent and not all delivered: (to, change set).
    var mail: [(Int, ChangeSet)] = []
    var log: [String] = []
    /// Versions each replica had when something was sent to it: a send from one of them repeats
    /// what was sent before.
    var pastVersions: [[DocumentVersion]]

    init(seed: UInt64, count: Int? = nil) throws {
        var random = SeededGenerator(state: seed &* 0x9E37_79B9 &+ 33)
        let drawn = 3 + Int(random.next() % 3)
        self.random = random
        let size = count ?? drawn
        replicas = try GardenReplicas.replicas(size)
        pastVersions = replicas.map { [$0.version] }
    }

    mutating func below(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }

    mutating func run(steps: Int) throws {
        for step in 0..<steps {
            let index = below(replicas.count)
            let replica = replicas[index]
            switch below(10) {
            case 0..<6:
                let kind = below(14)
                log.append("\(step): r\(index) edit \(kind)")
                do {
                    var random = self.random
                    try replica.update { library in try Self.edit(library, kind: kind, random: &random) }
                    self.random = random
                } catch is Rollback {
                    log.append("  rolled back")
                }
            case 6:
                log.append("\(step): r\(index) undo")
                if replica.history.canUndo { try replica.history.undo() }
            case 7:
                log.append("\(step): r\(index) redo")
                if replica.history.canRedo { try replica.history.redo() }
            case 8:
                let to = below(replicas.count)
                guard to != index else { continue }
                // Sent from an older version now and then: duplicates.
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

    /// One random edit of the garden; throws `Rollback` after editing, now and then.
    static func edit(_ library: Library, kind: Int, random: inout SeededGenerator) throws {
        func below(_ bound: Int) -> Int { Int(random.next() % UInt64(max(bound, 1))) }
        guard let garden = library.garden else { return }
        let beds = garden.beds
        let plants = beds.flatMap(\.plants)
        let zones = Self.zones(garden)
        switch kind {
        case 0 where !plants.isEmpty:
            let plant = plants[below(plants.count)]
            plant.count += 1
            plant.spacing = Double(below(100)) / 10
            plant.harvested.toggle()
            plant.sown = below(2) == 0 ? nil : Date(timeIntervalSinceReferenceDate: Double(below(1_000_000)))
            plant.notesByYear[2_020 + below(4)] = "note \(below(100))"
        case 1 where !beds.isEmpty:
            let bed = beds[below(beds.count)]
            let plant = Plant("new \(below(1_000))")
            plant.bed = bed
            bed.plants.insert(plant, at: below(bed.plants.count + 1))
        case 2 where !beds.isEmpty:
            let bed = beds[below(beds.count)]
            if !bed.plants.isEmpty { bed.plants.remove(at: below(bed.plants.count)) }
        case 3 where beds.count > 1:
            let from = beds[below(beds.count)]
            let to = beds[below(beds.count)]
            guard !from.plants.isEmpty else { return }
            let plant = from.plants.remove(at: below(from.plants.count))
            to.plants.insert(plant, at: below(to.plants.count + 1))
            plant.bed = to
        case 4 where !beds.isEmpty:
            let key = "k\(below(4))"
            if below(3) == 0 { garden.bedsByName[key] = nil } else { garden.bedsByName[key] = beds[below(beds.count)] }
        case 5 where !plants.isEmpty:
            let plant = plants[below(plants.count)]
            if garden.companions.contains(plant) { garden.companions.remove(plant) } else { garden.companions.insert(plant) }
        case 6 where zones.count > 1:
            // A zone moves under another that is not inside it (here).
            let zone = zones[1 + below(zones.count - 1)]
            let inside = Set(Self.zones(zone).map(ObjectIdentifier.init))
            let targets = zones.filter { !inside.contains(ObjectIdentifier($0)) }
            guard let target = targets.isEmpty ? nil : targets[below(targets.count)], let parent = zone.parent else { return }
            parent.children.removeAll { $0 === zone }
            target.children.insert(zone, at: below(target.children.count + 1))
            zone.parent = target
        case 7 where !beds.isEmpty:
            let bed = beds[below(beds.count)]
            bed.name = "bed \(below(50))"
            bed.area = Double(below(40)) / 4
            bed.sunny.toggle()
            bed.soil = [.loam, .clay, .sand][below(3)]
            if below(2) == 0 { bed.labels.insert("l\(below(5))") } else { bed.labels.remove("l\(below(5))") }
        case 8:
            let zone = GardenZone("z\(below(100))")
            let parent = zones[below(zones.count)]
            zone.parent = parent
            parent.children.append(zone)
        case 9:
            let bed = Bed("fresh \(below(100))")
            bed.plan = garden
            let plant = Plant("first")
            plant.bed = bed
            bed.plants = [plant]
            garden.beds.insert(bed, at: below(garden.beds.count + 1))
            zones[below(zones.count)].beds.append(bed)
        case 10 where !plants.isEmpty:
            let plant = plants[below(plants.count)]
            plant.companion = below(3) == 0 ? nil : plants[below(plants.count)]
        case 11 where beds.count > 1:
            let bed = garden.beds.remove(at: below(garden.beds.count))
            if below(2) == 0 { garden.beds.insert(bed, at: below(garden.beds.count + 1)) }
        case 12:
            garden.name = "garden \(below(20))"
            garden.frostDates[below(3)] = Date(timeIntervalSinceReferenceDate: Double(below(1_000)))
        case 13 where !plants.isEmpty:
            plants[below(plants.count)].species = "rolled back"
            throw Rollback()
        default:
            garden.started = Date(timeIntervalSinceReferenceDate: Double(below(1_000)))
        }
    }

    /// Every zone under `top`, depth first; stops at a zone seen twice.
    static func zones(_ top: GardenZone) -> [GardenZone] {
        var seen = Set<ObjectIdentifier>()
        var all: [GardenZone] = []
        var stack = [top]
        while let zone = stack.popLast() {
            guard seen.insert(ObjectIdentifier(zone)).inserted else { continue }
            all.append(zone)
            stack.append(contentsOf: zone.children)
        }
        return all
    }

    static func zones(_ garden: GardenPlan) -> [GardenZone] { garden.zone.map(zones) ?? [] }

    /// What is wrong with one replica's garden: a plant in two beds, a zone in two places or
    /// inside itself.
    static func problems(_ mediator: Mediator<Library>) -> [String] {
        guard let garden = mediator.root.garden else { return ["no garden"] }
        var problems: [String] = []
        var placed = Set<ObjectIdentifier>()
        var bedsSeen = Set<ObjectIdentifier>()
        for bed in garden.beds where !bedsSeen.insert(ObjectIdentifier(bed)).inserted {
            problems.append("bed \(bed.name) twice in the plan's beds")
        }
        for bed in Set(garden.beds.map(ObjectIdentifier.init)).compactMap({ id in garden.beds.first { ObjectIdentifier($0) == id } }) {
            for plant in bed.plants where !placed.insert(ObjectIdentifier(plant)).inserted {
                problems.append("plant \(plant.species) in two beds")
            }
        }
        var seen = Set<ObjectIdentifier>()
        var stack = garden.zone.map { [$0] } ?? []
        while let zone = stack.popLast() {
            guard seen.insert(ObjectIdentifier(zone)).inserted else {
                problems.append("zone \(zone.name) held twice or in a cycle")
                continue
            }
            stack.append(contentsOf: zone.children)
        }
        return problems
    }

    /// Delivers everything, everyone to everyone, and returns what differs.
    mutating func settle() throws -> [String] {
        for (to, changes) in mail.shuffled(using: &random) { try replicas[to].merge(changes) }
        mail = []
        try GardenReplicas.syncAll(replicas)
        var problems: [String] = []
        let first = try replicas[0].snapshot()
        for (index, replica) in replicas.enumerated() {
            let snapshot = try replica.snapshot()
            if snapshot != first { problems.append("r\(index) differs from r0") }
            problems += Self.problems(replica).map { "r\(index): \($0)" }
            let reopened = try Mediator<Library>(opening: snapshot)
            if try reopened.snapshot() != snapshot { problems.append("r\(index) reopens differently") }
        }
        return problems
    }
}
