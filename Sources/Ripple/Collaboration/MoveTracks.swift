/// The tracks of one node's moves (see ``MoveStatus``): the members its moves left and entered,
/// joined when one move names both (a union-find over members).
struct MoveTracks {
    private var representative: [MemberKey: MemberKey] = [:]

    /// Puts the members `move` left and entered on one track.
    mutating func join(_ move: ReplicaMove) {
        let destination = find(Self.destination(of: move))
        for source in move.sources {
            let root = find(source)
            if root != destination { representative[root] = destination }
        }
    }

    /// The member that stands for the track of `move`.
    mutating func track(of move: ReplicaMove) -> MemberKey {
        find(Self.destination(of: move))
    }

    /// The member that stands for the track of `member` (itself when no move names it).
    mutating func track(of member: MemberKey) -> MemberKey {
        find(member)
    }

    private static func destination(of move: ReplicaMove) -> MemberKey {
        MemberKey(node: move.destination.holder, member: move.destination.member)
    }

    /// The representative of `member`'s track, shortening the path to it.
    private mutating func find(_ member: MemberKey) -> MemberKey {
        var root = member
        while let next = representative[root], next != root { root = next }
        var current = member
        while let next = representative[current], next != root {
            representative[current] = root
            current = next
        }
        return root
    }
}
