/// Whether an optional collection is `nil`: a register of its own.
struct Presence: Equatable, Sendable {
    var id = OperationID(counter: 0, replica: .genesis)
    var absent = false

    mutating func write(absent: Bool, id: OperationID) {
        guard id > self.id else { return }
        self.id = id
        self.absent = absent
    }
}
