/// An item, entry, tag or write removed by an operation, and the move it is part of (the
/// removal holds only if that move removes: see ``MoveStatus``).
struct Removal: Sendable, Hashable {
    let target: OperationID
    let move: OperationID?
}
