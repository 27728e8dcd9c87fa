/// One node holding another in one of its members.
struct ParentLink {
    weak var node: (any RippleNode)?
    let member: Int
}

/// The nodes holding one node, each with the member that holds it, in the order they were
/// linked (see `Validator`): what a tracker keeps of its node's parents.
///
/// Most nodes have a parent or two, kept in a list (the one allocation); a node that many nodes
/// name (a company every employee names) gets an index past ``indexThreshold`` links, so that
/// each link and unlink costs O(1) amortized, not a scan of every parent. Parents are weak: a
/// released one stays in the list until a sweep, which runs when the list has doubled since the
/// last one.
enum ParentLinks {
    case list([ParentLink])
    case indexed(IndexedParentLinks)

    /// The most links kept in a plain list, scanned at each link.
    static let indexThreshold = 8

    /// The parents, in the order linked.
    var nodes: [any RippleNode] {
        switch self {
        case .list(let links): links.compactMap(\.node)
        case .indexed(let indexed): indexed.links.compactMap(\.node)
        }
    }

    /// Links `parent`'s member `member` unless it is linked; returns whether it was not. Adds
    /// the links it looks at to `visits` (what tests count).
    mutating func insert(_ parent: any RippleNode, member: Int, visits: inout Int) -> Bool {
        switch self {
        case .list(var links):
            if links.isEmpty {
                // The usual first link (every node of a model, when its mediator is made).
                self = .list([ParentLink(node: parent, member: member)])
                return true
            }
            visits += links.count
            // Taken out, so that it changes in place rather than as a copy.
            self = .list([])
            links.removeAll { $0.node == nil }
            let isLinked = links.contains { $0.node === parent && $0.member == member }
            if !isLinked { links.append(ParentLink(node: parent, member: member)) }
            self = links.count > Self.indexThreshold ? .indexed(IndexedParentLinks(links)) : .list(links)
            return !isLinked
        case .indexed(let indexed):
            return indexed.insert(parent, member: member, visits: &visits)
        }
    }

    /// Unlinks `parent`'s member `member`, if linked.
    mutating func remove(_ parent: any RippleNode, member: Int) {
        switch self {
        case .list(var links):
            self = .list([])
            links.removeAll { $0.node == nil || ($0.node === parent && $0.member == member) }
            self = .list(links)
        case .indexed(let indexed):
            indexed.remove(parent, member: member)
            if indexed.links.count <= Self.indexThreshold / 2 { self = .list(indexed.links) }
        }
    }
}

/// The links of a node with many parents, and where each is in the list.
final class IndexedParentLinks {
    private struct Key: Hashable {
        let parent: ObjectIdentifier
        let member: Int
    }

    /// The links in the order made; one removed, or whose parent was released, is nil until
    /// the next sweep.
    private(set) var links: [ParentLink]
    /// Where the link of each parent and member is in ``links``. A released parent's number may
    /// be another node's later: a position counts only if its link still holds that parent.
    private var positions: [Key: Int] = [:]
    /// How many links there were after the last sweep.
    private var sweptCount = 0

    init(_ links: [ParentLink]) {
        self.links = links
        sweep()
    }

    func insert(_ parent: any RippleNode, member: Int, visits: inout Int) -> Bool {
        visits += 1
        let key = Key(parent: ObjectIdentifier(parent), member: member)
        if let position = positions[key], links[position].node === parent { return false }
        positions[key] = links.count
        links.append(ParentLink(node: parent, member: member))
        if links.count >= 2 * sweptCount {
            visits += links.count
            sweep()
        }
        return true
    }

    func remove(_ parent: any RippleNode, member: Int) {
        let key = Key(parent: ObjectIdentifier(parent), member: member)
        guard let position = positions.removeValue(forKey: key), links[position].node === parent else { return }
        links[position].node = nil
        // Removed links are at most half the list: a sweep costs what the removals did.
        if links.count > 2 * positions.count { sweep() }
    }

    /// Drops the links removed or whose parent was released, and indexes the others anew.
    private func sweep() {
        links.removeAll { $0.node == nil }
        positions.removeAll(keepingCapacity: true)
        for (position, link) in links.enumerated() {
            guard let parent = link.node else { continue }
            positions[Key(parent: ObjectIdentifier(parent), member: link.member)] = position
        }
        sweptCount = max(links.count, ParentLinks.indexThreshold)
    }
}
