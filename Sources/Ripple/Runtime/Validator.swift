/// Validates what a transaction changed: every node it wrote or attached (and the nodes below
/// an attached one) whose class declares `validate()`, and every such ancestor of those, parents
/// before children, each once.
///
/// Ancestors are found through parent links kept in the trackers, not by walking the model:
/// the links are made by one walk when the mediator is made (of the nodes that have a validating
/// class above them, and of the members that lead to them), then follow the node members that
/// committed writes change. A validation therefore costs what was written plus the depth of the
/// written nodes; models without `validate()` pay nothing at all, and an update that writes only
/// nodes with no validating class above them never looks for ancestors.
final class Validator {
    /// What the model's classes say about validation.
    private struct ClassRole {
        /// The class declares `validate()`.
        var validates = false
        /// A class above it in the model declares `validate()`: its nodes need their ancestors.
        var belowValidating = false
        /// It or a class below it declares `validate()`: an attached node of this class is
        /// searched for validating nodes below it.
        var reachesValidating = false
        /// A class below it has a validating class above: the links pass through its nodes.
        var holdsLinked = false

        /// Whether a write of a member holding nodes of this class can change links or what
        /// is validated.
        var isStructural: Bool { belowValidating || holdsLinked || reachesValidating }
    }

    /// Whether some class of the model declares `validate()`; when not, this does nothing.
    let isActive: Bool
    /// The mediator's model membership, which follows a transaction once it is kept: while one
    /// is validated and its links made, it says which nodes were in the model before. Below
    /// such a node nothing is new: its nodes were validated when written and linked when they
    /// came in, so the walks stop there (a moved row's or a new employee's back references to
    /// the sheet, the workbook or the company would otherwise lead them through the whole model).
    private let model: ModelMembership
    private var roles: [ObjectIdentifier: ClassRole] = [:]
    /// Whether the trackers' parent links describe the model.
    private(set) var linksAreBuilt = false
    /// How many nodes validations looked at (written, attached, below attached, ancestors),
    /// and how many the walks that followed attached nodes did: what tests check costs against.
    private(set) var nodesExamined = 0
    /// How many nodes the walk that made the links, when the mediator was made, looked at.
    private(set) var nodesLinkedAtStart = 0
    /// Nodes visited below attached nodes, for tests.
    private(set) var nodesWalkedBelowAttached = 0
    /// Parent links looked at to link a node to a parent, for tests.
    private(set) var parentLinksVisited = 0
    /// The node whose `validate()` runs now.
    private(set) var nodeBeingValidated: ObjectIdentifier?
    /// The journal positions of writes a `validate()` made to its own node: validating what
    /// validation wrote leaves them out (a node that keeps changing itself would never settle).
    var selfWrites: Set<Int> = []
    /// While a merge runs (non-nil): the nodes whose `validate()` threw, which are reported
    /// instead of refusing the merge (replicas must converge; the app repairs them).
    var collectedFailures: [(node: any RippleNode, error: any Error)]?

    init(rootDescriptor: NodeDescriptor, model: ModelMembership) {
        self.model = model
        var classes: [NodeDescriptor] = []
        var indexOf: [ObjectIdentifier: Int] = [:]
        var children: [[Int]] = []
        indexOf[ObjectIdentifier(rootDescriptor)] = 0
        classes.append(rootDescriptor)
        children.append([])
        var next = 0
        while next < classes.count {
            let descriptor = classes[next]
            for member in descriptor.members where !member.isComputed {
                guard let child = member.childDescriptor else { continue }
                let id = ObjectIdentifier(child)
                if indexOf[id] == nil {
                    indexOf[id] = classes.count
                    classes.append(child)
                    children.append([])
                }
                children[next].append(indexOf[id]!)
            }
            next += 1
        }
        var roles = classes.map { ClassRole(validates: $0.validates) }
        // Below a validating class: everything reachable from one, one edge down or more.
        var below: [Int] = []
        for (index, role) in roles.enumerated() where role.validates { below.append(contentsOf: children[index]) }
        while let index = below.popLast() {
            guard !roles[index].belowValidating else { continue }
            roles[index].belowValidating = true
            below.append(contentsOf: children[index])
        }
        // Reaching a validating class: everything from which one is reachable.
        var parents = Array(repeating: [Int](), count: classes.count)
        for (parent, list) in children.enumerated() { for child in list { parents[child].append(parent) } }
        var above = roles.indices.filter { roles[$0].validates }
        while let index = above.popLast() {
            guard !roles[index].reachesValidating else { continue }
            roles[index].reachesValidating = true
            above.append(contentsOf: parents[index])
        }
        // Holding linked nodes: everything from which a class below a validating one is
        // reachable, one edge down or more.
        var holders = roles.indices.filter { roles[$0].belowValidating }.flatMap { parents[$0] }
        while let index = holders.popLast() {
            guard !roles[index].holdsLinked else { continue }
            roles[index].holdsLinked = true
            holders.append(contentsOf: parents[index])
        }
        isActive = roles.contains { $0.validates }
        for (index, descriptor) in classes.enumerated() { self.roles[ObjectIdentifier(descriptor)] = roles[index] }
    }

    private func role(of node: any RippleNode) -> ClassRole {
        let descriptor = type(of: node)._rippleDescriptor
        // Nodes met in a row are mostly of one class (a column's cards): no hashing for those.
        if ObjectIdentifier(descriptor) == lastRole.descriptor { return lastRole.role }
        // A class outside the model's classes can hold no node of the model.
        let role = roles[ObjectIdentifier(descriptor)] ?? ClassRole(validates: descriptor.validates)
        lastRole = (ObjectIdentifier(descriptor), role)
        return role
    }

    /// The class whose role was asked last, and its role.
    private var lastRole: (descriptor: ObjectIdentifier?, role: ClassRole) = (nil, ClassRole())

    // MARK: Validating a transaction

    /// A write of a node member that attached or detached children.
    struct StructuralChange {
        let parent: any RippleNode
        let member: Int
        let changes: NodeChanges
    }

    /// Validates what `entries` (one transaction's journal) wrote and attached; returns the
    /// structural changes that ``commit(_:)`` applies to the links once the transaction is kept.
    ///
    /// - Throws: The first error a `validate()` throws; the links are then as before.
    func validate(_ entries: ArraySlice<JournalEntry>) throws -> [StructuralChange] {
        guard isActive, !entries.isEmpty, entries.contains(where: mayNeedValidation) else { return [] }
        var seen: Set<ObjectIdentifier> = []
        defer { nodesExamined += seen.count }
        var candidates: [any RippleNode] = []
        for (index, entry) in zip(entries.indices, entries)
        where !selfWrites.contains(index) && seen.insert(ObjectIdentifier(entry.node)).inserted {
            candidates.append(entry.node)
        }
        let structural = structuralChanges(entries)
        // The parents an attached node will have once the links follow this transaction.
        var newParents: [ObjectIdentifier: [any RippleNode]] = [:]
        // Each node below attached ones once: a chain linked link by link in one update is
        // walked once, not once per link.
        var walked: Set<ObjectIdentifier> = []
        for change in structural {
            for child in change.changes.attached {
                newParents[ObjectIdentifier(child), default: []].append(change.parent)
                guard role(of: child).reachesValidating else { continue }
                // Below a node the model held already (moved, or linked to anew), nothing is new.
                // A merge trusts the document's membership too (a node it names may be held by
                // unsaved members only).
                if !model.contains(child) && (collectedFailures == nil || !child._rippleTracker.isInDocument) {
                    forEachNode(below: child, skipping: &walked, stoppingAt: model.contains) { node, parent in
                        newParents[ObjectIdentifier(node), default: []].append(parent)
                        if seen.insert(ObjectIdentifier(node)).inserted { candidates.append(node) }
                    }
                }
                if seen.insert(ObjectIdentifier(child)).inserted { candidates.append(child) }
            }
        }
        try validate(candidates, newParents: newParents)
        return structural
    }

    /// Whether a write may lead to a validation, or to a parent link: of a class that validates or
    /// has a validating class above it, or of a node member whose children may, or lead to such.
    /// Updates that write nothing of the kind cost one check a write.
    private func mayNeedValidation(_ entry: JournalEntry) -> Bool {
        let role = role(of: entry.node)
        if role.validates || role.belowValidating { return true }
        let descriptor = type(of: entry.node)._rippleDescriptor
        return descriptor.holdsPlaces(entry.member) && isStructural(descriptor.members[entry.member])
    }

    /// Whether writes of `member` can attach or detach nodes that links or validation concern.
    private func isStructural(_ member: MemberDescriptor) -> Bool {
        guard !member.isComputed, let child = member.childDescriptor else { return false }
        return roles[ObjectIdentifier(child)]?.isStructural ?? true
    }

    /// Runs `validate()` of the candidates and of their ancestors that declare it, parents first.
    private func validate(_ candidates: [any RippleNode], newParents: [ObjectIdentifier: [any RippleNode]]) throws {
        var toValidate: [any RippleNode] = []
        var chosen: Set<ObjectIdentifier> = []
        var climbed: Set<ObjectIdentifier> = []
        func parents(of node: any RippleNode) -> [any RippleNode] {
            node._rippleTracker.parents.nodes + (newParents[ObjectIdentifier(node)] ?? [])
        }
        for candidate in candidates {
            if role(of: candidate).validates, chosen.insert(ObjectIdentifier(candidate)).inserted { toValidate.append(candidate) }
            guard role(of: candidate).belowValidating, climbed.insert(ObjectIdentifier(candidate)).inserted else { continue }
            var stack = parents(of: candidate)
            while let ancestor = stack.popLast() {
                guard climbed.insert(ObjectIdentifier(ancestor)).inserted else { continue }
                let role = role(of: ancestor)
                if role.validates, chosen.insert(ObjectIdentifier(ancestor)).inserted { toValidate.append(ancestor) }
                if role.belowValidating { stack.append(contentsOf: parents(of: ancestor)) }
            }
        }
        nodesExamined += climbed.count
        guard !toValidate.isEmpty else { return }
        // Parents before children: by depth along the links, ties in the order found.
        var depths: [ObjectIdentifier: Int] = [:]
        func depth(of node: any RippleNode) -> Int {
            let id = ObjectIdentifier(node)
            if let known = depths[id] { return known }
            depths[id] = 0   // in progress: a cycle back to it adds nothing
            var stack: [(node: any RippleNode, parents: [any RippleNode], deepest: Int)] = [(node, parents(of: node), -1)]
            while !stack.isEmpty {
                let top = stack.count - 1
                if let parent = stack[top].parents.popLast() {
                    if let known = depths[ObjectIdentifier(parent)] {
                        stack[top].deepest = max(stack[top].deepest, known)
                    } else {
                        depths[ObjectIdentifier(parent)] = 0
                        stack.append((parent, parents(of: parent), -1))
                    }
                } else {
                    let done = stack.removeLast()
                    let result = done.deepest + 1
                    depths[ObjectIdentifier(done.node)] = result
                    if !stack.isEmpty { stack[stack.count - 1].deepest = max(stack[stack.count - 1].deepest, result) }
                }
            }
            return depths[id]!
        }
        let ordered = toValidate.enumerated()
            .map { (order: $0.offset, depth: depth(of: $0.element), node: $0.element) }
            .sorted { ($0.depth, $0.order) < ($1.depth, $1.order) }
        defer { nodeBeingValidated = nil }
        for entry in ordered {
            nodeBeingValidated = ObjectIdentifier(entry.node)
            do {
                try entry.node._rippleValidate()
            } catch where collectedFailures != nil {
                collectedFailures?.append((entry.node, error))
            }
        }
    }

    // MARK: Parent links

    /// Makes the links follow a kept transaction's structural changes.
    func commit(_ changes: [StructuralChange]) {
        guard linksAreBuilt else { return }
        var walked: Set<ObjectIdentifier> = []
        for change in changes { link(change, walked: &walked) }
    }

    /// Makes the links follow writes that are not validated (those of registrations, and
    /// writes outside updates).
    func follow(_ entries: ArraySlice<JournalEntry>) {
        guard linksAreBuilt, !entries.isEmpty else { return }
        var walked: Set<ObjectIdentifier> = []
        for change in structuralChanges(entries) { link(change, walked: &walked) }
    }

    /// Links what `change` attached and unlinks what it detached. The changes of one update are
    /// linked against the model as the update left it, so a node `walked` below for an earlier
    /// change is not walked again: a chain made in one update costs its length, not its square.
    private func link(_ change: StructuralChange, walked: inout Set<ObjectIdentifier>) {
        for child in change.changes.detached { child._rippleTracker.removeParent(change.parent, member: change.member) }
        for child in change.changes.attached {
            let role = role(of: child)
            if role.belowValidating {
                let isLinked = !child._rippleTracker.addParent(change.parent, member: change.member, visits: &parentLinksVisited)
                // A node that was in the model keeps the links below it; a new one gets them.
                if isLinked { continue }
            }
            if role.holdsLinked, !model.contains(child) { linkBelow(child, stoppingAtLinkedNodes: true, walked: &walked) }
        }
    }

    /// The first write of each node member in `entries`, with the children it attached and
    /// detached; while there are no links to keep, only members whose children may need
    /// validating (the others' differences would serve nothing).
    private func structuralChanges(_ entries: ArraySlice<JournalEntry>) -> [StructuralChange] {
        var result: [StructuralChange] = []
        var seen: Set<NodeMember> = []
        for entry in entries {
            let descriptor = type(of: entry.node)._rippleDescriptor
            // The bit first: most writes are of values, whose member need not be looked at.
            guard descriptor.holdsPlaces(entry.member), isStructural(descriptor.members[entry.member]),
                seen.insert(NodeMember(entry.node._rippleTracker, entry.member)).inserted
            else { continue }
            let changes = NodeChanges(from: entry.recorded, to: entry.node._rippleValue(of: entry.member))
            if !changes.isEmpty { result.append(StructuralChange(parent: entry.node, member: entry.member, changes: changes)) }
        }
        return result
    }

    /// Links the nodes of the model that have a validating class above them to their parents:
    /// when the mediator is made (of a model with `validate()`), so that no update pays for it.
    ///
    /// - Complexity: O(n), where n is the number of places in nodes of classes that lead to
    ///   such nodes.
    func buildLinks(from root: any RippleNode) {
        guard isActive, !linksAreBuilt else { return }
        let examined = nodesExamined
        var walked: Set<ObjectIdentifier> = []
        linkBelow(root, stoppingAtLinkedNodes: false, walked: &walked)
        nodesLinkedAtStart += nodesExamined - examined
        nodesExamined = examined
        linksAreBuilt = true
    }

    /// Links the nodes below `top` that have a validating class above them to their parents,
    /// walking the members that lead to them; a new subtree stops at nodes already linked where
    /// they are, and at nodes the model held before (their own subtrees are linked already).
    /// Skips the nodes in `walked`, and adds those it walks.
    private func linkBelow(_ top: any RippleNode, stoppingAtLinkedNodes: Bool, walked visited: inout Set<ObjectIdentifier>) {
        guard visited.insert(ObjectIdentifier(top)).inserted else { return }
        var stack = [top]
        while let node = stack.popLast() {
            nodesExamined += 1
            forEachChild(of: node) { child, member in
                let role = role(of: child)
                if role.belowValidating {
                    let isLinked = !child._rippleTracker.addParent(node, member: member, visits: &parentLinksVisited)
                    if isLinked && stoppingAtLinkedNodes { return }
                }
                if stoppingAtLinkedNodes && model.contains(child) { return }
                if role.holdsLinked, visited.insert(ObjectIdentifier(child)).inserted { stack.append(child) }
            }
        }
    }

    /// Calls `body` with every node below `top` (not `top` itself) and one parent of it, each
    /// once, but for those in `visited` and below them (already walked); adds those it walks.
    /// A node for which `isOld` holds is passed to `body` (it takes a new place) but not walked
    /// below: what a new node names through a back reference (a cell's sheet, an employee's
    /// company) would otherwise lead the walk through the whole model.
    private func forEachNode(
        below top: any RippleNode, skipping visited: inout Set<ObjectIdentifier>, stoppingAt isOld: (any RippleNode) -> Bool,
        _ body: (any RippleNode, any RippleNode) -> Void
    ) {
        guard visited.insert(ObjectIdentifier(top)).inserted else { return }
        var stack = [top]
        while let node = stack.popLast() {
            forEachChild(of: node, linkedOnly: false) { child, _ in
                guard visited.insert(ObjectIdentifier(child)).inserted else { return }
                nodesWalkedBelowAttached += 1
                body(child, node)
                if !isOld(child) { stack.append(child) }
            }
        }
    }

    /// Calls `body` with every child of `node` and the member holding it, through the members
    /// whose classes lead to nodes with a validating class above (all, for `forEachNode`).
    private func forEachChild(of node: any RippleNode, linkedOnly: Bool = true, _ body: (any RippleNode, Int) -> Void) {
        let descriptor = type(of: node)._rippleDescriptor
        for index in descriptor.storedNodeMembers {
            if linkedOnly, let child = descriptor.members[index].childDescriptor, let role = roles[ObjectIdentifier(child)],
                !role.belowValidating && !role.holdsLinked
            {
                continue
            }
            node._rippleVisitNodes(of: index) { body($0, index) }
        }
    }
}
