import Observation

// The generated accessors of classes generated with `observable` report reads to Observation
// here. Changes are reported by the mediator when it delivers a committed transaction, so that
// `withObservationTracking` (and SwiftUI) never hear of an equal write, an in-place edit that
// changed nothing, or an update that was rolled back. The registrar belongs to the main actor:
// members shared with background threads (allowBackgroundRead/Write) are not reported.

extension RippleNode where Self: Observable {
    /// Reports a read of the member at `keyPath` to Observation.
    @inlinable @inline(__always)
    @_spi(RippleGenerated) public func _rippleAccess<Member>(_ keyPath: KeyPath<Self, Member>) {
        _rippleTracker._observationAccess(self, keyPath)
    }

    /// Reports the read of a readOnly computed member `member`: the reads of its dependencies,
    /// along their paths from this node.
    @_spi(RippleGenerated) public func _rippleAccessDependencies(of member: Int) {
        let descriptor = Self._rippleDescriptor
        for dependency in descriptor.members[member].dependencies {
            _rippleReportAccess(dependency[...], nodes: [self], descriptor: descriptor)
        }
    }
}

/// Reports reads along `steps` from `nodes` (all of class `descriptor`) to Observation.
private func _rippleReportAccess(_ steps: ArraySlice<PathStep>, nodes: [any RippleNode], descriptor: NodeDescriptor) {
    guard let step = steps.first else { return }
    switch step {
    case .all:
        var visited: Set<ObjectIdentifier> = []
        var stack = nodes
        while let node = stack.popLast() {
            guard visited.insert(ObjectIdentifier(node)).inserted else { continue }
            let descriptor = type(of: node)._rippleDescriptor
            for (index, member) in descriptor.members.enumerated() {
                node._rippleObservationAccess(index)
                if member.isNode { node._rippleVisitNodes(of: index) { stack.append($0) } }
            }
        }
    case .member(let index):
        guard descriptor.members.indices.contains(index) else { return }
        let member = descriptor.members[index]
        for node in nodes { node._rippleObservationAccess(index) }
        guard steps.count > 1, let child = member.childDescriptor else { return }
        var children: [any RippleNode] = []
        for node in nodes { node._rippleVisitNodes(of: index) { children.append($0) } }
        _rippleReportAccess(steps.dropFirst(), nodes: children, descriptor: child)
    }
}
