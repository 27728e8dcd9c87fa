/// One step of a path through a model.
@_spi(RippleGenerated) public enum PathStep: Hashable, Sendable {
    /// The member with this change key, of the class reached so far.
    case member(Int)
    /// Everything below the node(s) reached so far: every member of every descendant.
    case all
}
