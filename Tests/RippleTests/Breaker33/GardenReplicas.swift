import Foundation
@testable import Ripple

/// Replicas and files of a document holding a garden plan, for issue 33's breaker tests.
@MainActor
enum GardenReplicas: ReplicaFixture {
    /// A library whose garden has `beds` beds of `plants` plants, each bed also held by name and
    /// filed in a zone of a small tree, back references set, the first plant its own companion
    /// and in the companion set.
    static func makeLibrary(beds: Int = 3, plants: Int = 3) -> Library {
        let library = Library()
        library.garden = makeGarden(beds: beds, plants: plants, library: library)
        return library
    }

    static func makeGarden(beds: Int = 3, plants: Int = 3, library: Library? = nil) -> GardenPlan {
        let garden = GardenPlan()
        garden.name = "Allotment"
        garden.started = Date(timeIntervalSinceReferenceDate: 800_000_000)
        garden.library = library
        let top = GardenZone("All")
        for name in ["North", "South"] {
            let zone = GardenZone(name)
            zone.parent = top
            top.children.append(zone)
        }
        garden.zone = top
        for index in 0..<beds {
            let bed = Bed("B\(index)")
            bed.plan = garden
            bed.soil = [.loam, .clay, .sand][index % 3]
            bed.plants = (0..<plants).map { number in
                let plant = Plant("B\(index) P\(number)", count: number + 1)
                plant.bed = bed
                return plant
            }
            garden.beds.append(bed)
            garden.bedsByName[bed.name] = bed
            top.children[index % 2].beds.append(bed)
        }
        if let first = garden.beds.first?.plants.first {
            first.companion = first
            garden.companions.insert(first)
        }
        return garden
    }

    /// `count` replicas of one document: the first makes it, the others open its snapshot.
    static func replicas(_ count: Int, beds: Int = 3, plants: Int = 3) throws -> [Mediator<Library>] {
        try ReplicaGroup.replicas(count, of: makeLibrary(beds: beds, plants: plants))
    }

    static func garden(_ mediator: Mediator<Library>) -> GardenPlan { mediator.root.garden! }

    /// Every plant species in the garden, bed by bed: what a user sees.
    static func species(_ mediator: Mediator<Library>) -> [String] {
        (mediator.root.garden?.beds ?? []).flatMap { $0.plants.map(\.species) }
    }
}
