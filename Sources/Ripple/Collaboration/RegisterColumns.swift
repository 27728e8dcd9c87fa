/// The registers of every node of a ``ReplicaNodes``, in flat columns shared by all nodes: a
/// node's registers are a run of them (by ascending member name), and the node holds where
/// its run starts and how long it is.
///
/// An array of registers per node cost a heap block per node (its header, the allocator's
/// rounding) and each register's member name as a `String` (16 bytes): about 210 bytes for a
/// node of three registers. Here a register is its member's number (4 bytes), its winning
/// write's identity (16) and value (24), and a node its run (8): about 140 bytes.
///
/// A node that gains a register whose run is not the last moves its run to the end (a node's
/// registers are written when it is made, so this is rare); the runs left behind are dropped
/// when they outnumber the registers in use.
struct RegisterColumns: Sendable {
    /// Where a node's registers are in the columns.
    private struct Run: Sendable {
        var start: UInt32
        var count: UInt32

        var range: Range<Int> { Int(start)..<Int(start + count) }
    }

    /// By slot of the node.
    private var runs: [Run] = []
    /// By register: its member's number in `memberNames`, shifted left once, with the lowest
    /// bit set where the register has a winning write.
    private var members: [UInt32] = []
    /// By register: its winning write's identity (meaningless without a winner).
    private var writes: [OperationID] = []
    /// By register: its winning write's value (meaningless without a winner).
    private var values: [ReplicaValue] = []
    private var memberNames: [String] = []
    private var memberNumbers: [String: UInt32] = [:]
    /// How many registers of the columns no run reaches.
    private var unused = 0

    private static let noWrite = OperationID(counter: 0, replica: .genesis)
    private static let noValue = ReplicaValue.json("")

    /// Adds a node without registers, at the next slot.
    mutating func append() {
        runs.append(Run(start: UInt32(members.count), count: 0))
    }

    /// Removes the node at `slot`, moving the last node into it.
    mutating func remove(at slot: Int) {
        unused += Int(runs[slot].count)
        runs[slot] = runs[runs.count - 1]
        runs.removeLast()
        compactIfSparse()
    }

    /// How many registers the node at `slot` has.
    func count(at slot: Int) -> Int { Int(runs[slot].count) }

    /// Member `member`'s register of the node at `slot`, if it has one.
    func register(_ member: String, at slot: Int) -> RegisterState? {
        guard case .found(let index) = position(of: member, at: slot) else { return nil }
        return state(at: index)
    }

    /// The registers of the node at `slot`, as a table.
    func table(at slot: Int) -> RegisterTable {
        var table = RegisterTable()
        forEach(at: slot) { table.set($1, member: $0) }
        return table
    }

    /// Calls `body` with each register of the node at `slot`, by ascending member name.
    func forEach(at slot: Int, _ body: (String, RegisterState) -> Void) {
        for index in runs[slot].range { body(memberNames[Int(members[index] >> 1)], state(at: index)) }
    }

    /// Writes `value` to member `member`'s register of the node at `slot`, made if it has none.
    mutating func write(_ value: ReplicaValue, id: OperationID, member: String, at slot: Int) {
        switch position(of: member, at: slot) {
        case .found(let index):
            guard members[index] & 1 == 0 || id > writes[index] else { return }
            members[index] |= 1
            (writes[index], values[index]) = (id, value)
        case .missing(let index):
            insert(number(of: member) << 1 | 1, id, value, at: index, slot: slot)
        }
    }

    /// Sets the registers of the node at `slot` to those of `table`.
    mutating func set(_ table: RegisterTable, at slot: Int) {
        let run = runs[slot]
        let sameMembers =
            Int(run.count) == table.count
            && zip(run.range, table.entries).allSatisfy { memberNames[Int(members[$0] >> 1)] == $1.member }
        if !sameMembers {
            unused += Int(run.count)
            runs[slot] = Run(start: UInt32(members.count), count: UInt32(table.count))
            reserve(table.count)
            for entry in table.entries {
                members.append(number(of: entry.member) << 1)
                writes.append(Self.noWrite)
                values.append(Self.noValue)
            }
        }
        for (index, entry) in zip(runs[slot].range, table.entries) { store(entry.state, at: index) }
        if !sameMembers { compactIfSparse() }
    }

    private func state(at index: Int) -> RegisterState {
        var state = RegisterState()
        if members[index] & 1 == 1 { state.write(values[index], id: writes[index]) }
        return state
    }

    private mutating func store(_ state: RegisterState, at index: Int) {
        if let (id, value) = state.winner {
            members[index] |= 1
            (writes[index], values[index]) = (id, value)
        } else {
            members[index] &= ~1
            (writes[index], values[index]) = (Self.noWrite, Self.noValue)
        }
    }

    /// Inserts a register at `index` of the node at `slot`'s run, moving the run to the end of
    /// the columns first unless it is there already.
    private mutating func insert(_ member: UInt32, _ id: OperationID, _ value: ReplicaValue, at index: Int, slot: Int) {
        var run = runs[slot]
        var index = index
        if Int(run.start + run.count) != members.count {
            // Copied out first: a slice of a column alive while it grows would copy it whole.
            let moved = (Array(members[run.range]), Array(writes[run.range]), Array(values[run.range]))
            let offset = index - Int(run.start)
            unused += Int(run.count)
            run.start = UInt32(members.count)
            reserve(moved.0.count + 1)
            members += moved.0
            writes += moved.1
            values += moved.2
            index = Int(run.start) + offset
        }
        reserve(1)
        members.insert(member, at: index)
        writes.insert(id, at: index)
        values.insert(value, at: index)
        run.count += 1
        runs[slot] = run
        compactIfSparse()
    }

    /// Makes room for `count` more registers, growing by a quarter rather than doubling (a
    /// doubled column of 300,000 registers held 524,288: three quarters more than it used).
    private mutating func reserve(_ count: Int) {
        let needed = members.count + count
        guard needed > members.capacity else { return }
        let capacity = needed + needed / 4 + 16
        members.reserveCapacity(capacity)
        writes.reserveCapacity(capacity)
        values.reserveCapacity(capacity)
    }

    /// Drops the registers no run reaches, once they outnumber those in use.
    private mutating func compactIfSparse() {
        guard unused > 1_024, unused > members.count - unused else { return }
        var compacted = RegisterColumns()
        (compacted.memberNames, compacted.memberNumbers) = (memberNames, memberNumbers)
        for run in runs {
            compacted.runs.append(Run(start: UInt32(compacted.members.count), count: run.count))
            compacted.members += members[run.range]
            compacted.writes += writes[run.range]
            compacted.values += values[run.range]
        }
        self = compacted
    }

    private enum Position {
        case found(Int)
        case missing(Int)
    }

    /// Where `member` is in the run of the node at `slot`, or where it would go (a linear scan:
    /// a class has few members).
    private func position(of member: String, at slot: Int) -> Position {
        for index in runs[slot].range {
            let name = memberNames[Int(members[index] >> 1)]
            if name == member { return .found(index) }
            if member < name { return .missing(index) }
        }
        return .missing(Int(runs[slot].start + runs[slot].count))
    }

    /// The number of member name `member`, given on first use.
    private mutating func number(of member: String) -> UInt32 {
        if let number = memberNumbers[member] { return number }
        // Members named are at most the registers, far fewer than 2^31.
        let number = UInt32(memberNames.count)
        memberNames.append(member)
        memberNumbers[member] = number
        return number
    }
}
