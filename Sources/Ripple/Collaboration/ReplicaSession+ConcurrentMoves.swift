/// The replica tells its history where merged moves put nodes (see `History.Reverting`).
extension ReplicaSession: ConcurrentMoves {
    var clock: UInt64 { engine.clock }

    func isMovedAway(_ node: any RippleNode, from holder: any RippleNode, member: Int, since mark: UInt64?) -> Bool {
        guard let nodeID = id(of: node), let holderID = id(of: holder) else { return false }
        let name = type(of: holder)._rippleDescriptor.members[member].name
        return engine.isMovedAway(nodeID, from: MemberKey(node: holderID, member: name), since: mark)
    }

    func isMovedInto(_ node: any RippleNode, holder: any RippleNode, member: Int) -> Bool {
        guard let nodeID = id(of: node), let holderID = id(of: holder) else { return false }
        let name = type(of: holder)._rippleDescriptor.members[member].name
        return engine.isMovedInto(nodeID, MemberKey(node: holderID, member: name))
    }

    func visibleIndex(ofLastPlaceOf node: any RippleNode, holder: any RippleNode, member: Int) -> Int? {
        guard let nodeID = id(of: node), let holderID = id(of: holder) else { return nil }
        let name = type(of: holder)._rippleDescriptor.members[member].name
        return engine.visibleIndex(ofLastPlaceOf: nodeID, in: MemberKey(node: holderID, member: name))
    }
}
