import Foundation
@testable import Ripple

/// Replicas and files of a document holding a storyboard, for issue 34's breaker tests.
@MainActor
enum StoryboardReplicas: ReplicaFixture {
    /// A library whose storyboard has `scenes` scenes of `shots` shots, each scene also held by
    /// slug and filed in an act of a small tree, back references set, the first shot cutting to
    /// itself and a favourite.
    static func makeLibrary(scenes: Int = 3, shots: Int = 3) -> Library {
        let library = Library()
        library.storyboard = makeStoryboard(scenes: scenes, shots: shots, library: library)
        return library
    }

    static func makeStoryboard(scenes: Int = 3, shots: Int = 3, library: Library? = nil) -> Storyboard {
        let board = Storyboard()
        board.title = "Night Train"
        board.premiere = Date(timeIntervalSinceReferenceDate: 810_000_000)
        board.rating = .parental
        board.library = library
        let top = Act("Film")
        for name in ["Act I", "Act II"] {
            let act = Act(name)
            act.parent = top
            top.children.append(act)
        }
        board.act = top
        for index in 0..<scenes {
            let scene = Scene("s\(index)", number: index + 1)
            scene.board = board
            scene.light = [.day, .dusk, .night][index % 3]
            scene.shots = (0..<shots).map { number in
                let shot = Shot("s\(index) shot \(number)", seconds: Double(number) + 1.5)
                shot.scene = scene
                shot.lensByCamera = ["A": 35]
                return shot
            }
            board.scenes.append(scene)
            board.scenesBySlug[scene.slug] = scene
            top.children[index % 2].scenes.append(scene)
        }
        if let first = board.scenes.first?.shots.first {
            first.cutTo = first
            board.favourites.insert(first)
        }
        return board
    }

    /// `count` replicas of one document: the first makes it, the others open its snapshot.
    static func replicas(_ count: Int, scenes: Int = 3, shots: Int = 3, seed: UInt64? = nil) throws -> [Mediator<Library>] {
        try ReplicaGroup.replicas(count, of: makeLibrary(scenes: scenes, shots: shots), seed: seed)
    }

    static func board(_ mediator: Mediator<Library>) -> Storyboard { mediator.root.storyboard! }

    /// Every shot caption, scene by scene: what a user sees.
    static func captions(_ mediator: Mediator<Library>) -> [String] {
        (mediator.root.storyboard?.scenes ?? []).flatMap { $0.shots.map(\.caption) }
    }
}
