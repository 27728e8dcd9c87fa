/// What a merge reports to the failure handler when nodes fail their `validate()` after it.
///
/// A merge is never refused by validation: replicas must converge, so another replica's valid
/// change that makes this one invalid (two concurrent edits, each valid alone) is kept. The
/// failure handler gets the nodes, so the app can repair them with an ordinary update (whose
/// change the other replicas receive in turn).
public struct InvalidAfterMerge: Error, @unchecked Sendable, CustomStringConvertible {
    /// Each node whose `validate()` threw, and what it threw. Read on the main actor, where the
    /// failure handler runs (the nodes are the model's).
    public let failures: [(node: any RippleNode, error: any Error)]

    public var description: String {
        let names = failures.map { "\(type(of: $0.node)._rippleDescriptor.name): \($0.error)" }
        return "after a merge, \(failures.count) node(s) fail validation: " + names.joined(separator: "; ")
    }
}
