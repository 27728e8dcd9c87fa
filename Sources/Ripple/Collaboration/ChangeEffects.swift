/// What integrating changes did, for the visible operations it returns.
struct ChangeEffects {
    /// Nodes made, in the order made.
    var made: [NodeID] = []
    /// The members edited, but registers written (see `ReplicaEngine.visibleOperations`).
    var touched: Set<MemberKey> = []
    /// Whether a place of a node or a move was added (move status may change).
    var placementsChanged = false
    /// Where applying records what it overwrites, when the caller may undo it (nil: not kept).
    var journal: ReplicaJournal?
    /// The member shapes of the class whose node was edited last (most edits in a row are of
    /// one class's nodes).
    var classShapes: (type: String, shapes: [String: MemberShape])?
}
