/// The registers of every node of a ``ReplicaNodes``, in flat columns shared by all nodes: a
/// node's registers are a run of them (by ascending member name), and the node holds where
/// its run starts and which members it has.
///
/// An array of registers per node cost a heap block per node (its header, the allocator's
/// rounding) and each register's member name as a `String` (16 bytes): about 210 bytes for a
/// node of three registers. Here a register is a record of 24 bytes: its winning write's
/// value, with the write's identity in the value's padding (its replica as a number into a
/// table of the replicas named, its clock in 32 bits). A write whose clock or replica does not
/// fit keeps its identity in a table by slot and member instead (clocks past 2^32 take
/// billions of operations; replicas past 65,535, as many writers).
/// A node is its run (8 bytes): where its registers start and its members' layout, a number
/// into a table of the lists of members nodes have (a class's nodes mostly share one): about
/// 80 bytes for a node of three registers, where a member's number beside each register cost
/// 92, and a column of identities beside one of values 140.
///
/// A node that gains a register whose run is not the last moves its run to the end (a node's
/// registers are written when it is made, so this is rare); the runs left behind are dropped
/// when they outnumber the registers in use.
struct RegisterColumns: Sendable {
    /// Where a node's registers are in the columns, and their members (`layouts[layout]`).
    private struct Run: Sendable {
        var start: UInt32
        var layout: UInt32
    }

    /// A layout and a member it lacks: what adding the member to it gives.
    private struct LayoutStep: Hashable, Sendable {
        var layout: UInt32
        var member: UInt32
    }

    /// A register's winning write, if it has one: its value, and its identity unless
    /// `isOutOfLine` (then in `outOfLineWrites`). In this order, 24 bytes: the value takes 17,
    /// its two flags one byte (as two `Bool`s, the replica and counter moved past a 24-byte
    /// stride, to 32).
    private struct Record: Sendable {
        var value: ReplicaValue
        private var flags: UInt8
        /// The number of the write's replica in `replicaIDs`.
        var replica: UInt16
        var counter: UInt32

        private static let winnerFlag: UInt8 = 1
        private static let outOfLineFlag: UInt8 = 2

        var hasWinner: Bool { flags & Self.winnerFlag != 0 }
        var isOutOfLine: Bool { flags & Self.outOfLineFlag != 0 }

        init(value: ReplicaValue, hasWinner: Bool, isOutOfLine: Bool, replica: UInt16, counter: UInt32) {
            self.value = value
            flags = (hasWinner ? Self.winnerFlag : 0) | (isOutOfLine ? Self.outOfLineFlag : 0)
            self.replica = replica
            self.counter = counter
        }

        static let empty = Record(value: .json(""), hasWinner: false, isOutOfLine: false, replica: 0, counter: 0)
    }

    /// A register, by its node's slot and its member's number.
    private struct RegisterKey: Hashable, Sendable {
        var slot: Int
        var member: UInt32
    }

    /// By slot of the node.
    private var runs: [Run] = []
    /// The members of a node's registers (numbers in `memberNames`, by ascending name), by
    /// layout number; the first is none.
    private var layouts: [[UInt32]] = [[]]
    private var layoutNumbers: [[UInt32]: UInt32] = [[]: 0]
    /// The layout that adding a member to a layout gives.
    private var layoutSteps: [LayoutStep: UInt32] = [:]
    /// By register.
    private var records: [Record] = []
    /// The identities of the winning writes that do not fit a record.
    private var outOfLineWrites: [RegisterKey: OperationID] = [:]
    private var memberNames: [String] = []
    private var memberNumbers: [String: UInt32] = [:]
    private var replicaIDs: [ReplicaID] = []
    private var replicaNumbers: [ReplicaID: UInt16] = [:]
    /// Up to how many replicas `number(of:)` compares rather than looks up.
    private static let replicasCompared = 8
    /// How many registers of the columns no run reaches.
    private var unused = 0

    /// Adds a node without registers, at the next slot.
    mutating func append() {
        runs.append(Run(start: UInt32(records.count), layout: 0))
    }

    /// Makes room for `nodes` more nodes holding `registers` more registers, at once (a change
    /// that makes many nodes): the columns are then as long as they need, where growing as
    /// they fill leaves up to a quarter of them empty.
    mutating func reserve(nodes: Int, registers: Int) {
        if runs.count + nodes > runs.capacity { runs.reserveCapacity(max(runs.count + nodes, 2 * runs.capacity)) }
        let needed = records.count + registers
        guard needed > records.capacity else { return }
        records.reserveCapacity(needed)
    }

    /// Lets go of the room past the registers in use (a replica read whole from a state).
    mutating func trimCapacity() {
        runs = runs.trimmed()
        records = records.trimmed()
    }

    /// Removes the node at `slot`, moving the last node into it.
    mutating func remove(at slot: Int) {
        unused += count(at: slot)
        let last = runs.count - 1
        if !outOfLineWrites.isEmpty {
            // Rare twice over (a node taken back, a write that does not fit): a walk of them all.
            let moved = outOfLineWrites.filter { $0.key.slot == last }
            outOfLineWrites = outOfLineWrites.filter { $0.key.slot != slot && $0.key.slot != last }
            for (key, id) in moved where slot != last { outOfLineWrites[RegisterKey(slot: slot, member: key.member)] = id }
        }
        runs[slot] = runs[last]
        runs.removeLast()
        compactIfSparse()
    }

    /// How many registers the node at `slot` has.
    func count(at slot: Int) -> Int { layouts[Int(runs[slot].layout)].count }

    /// The registers of the node at `slot`, as indices into the columns.
    private func range(at slot: Int) -> Range<Int> {
        Int(runs[slot].start)..<Int(runs[slot].start) + count(at: slot)
    }

    /// The number of the member of the register at `index` of the node at `slot`.
    private func member(at index: Int, slot: Int) -> UInt32 {
        layouts[Int(runs[slot].layout)][index - Int(runs[slot].start)]
    }

    /// Member `member`'s register of the node at `slot`, if it has one.
    func register(_ member: String, at slot: Int) -> RegisterState? {
        guard case .found(let index) = position(of: member, at: slot) else { return nil }
        return state(at: index, slot: slot)
    }

    /// The registers of the node at `slot`, as a table.
    func table(at slot: Int) -> RegisterTable {
        var entries: [RegisterTable.Entry] = []
        entries.reserveCapacity(count(at: slot))
        forEach(at: slot) { entries.append(RegisterTable.Entry(member: $0, state: $1)) }
        return RegisterTable(sorted: entries)
    }

    /// Calls `body` with each register of the node at `slot`, by ascending member name.
    func forEach(at slot: Int, _ body: (String, RegisterState) -> Void) {
        let run = runs[slot]
        for (offset, member) in layouts[Int(run.layout)].enumerated() {
            body(memberNames[Int(member)], state(at: Int(run.start) + offset, slot: slot))
        }
    }

    /// Writes `value` to member `member`'s register of the node at `slot`, made if it has none.
    mutating func write(_ value: ReplicaValue, id: OperationID, member: String, at slot: Int) {
        switch position(of: member, at: slot) {
        case .found(let index):
            guard !records[index].hasWinner || id > write(at: index, slot: slot) else { return }
            store(value, id: id, at: index, slot: slot)
        case .missing(let index):
            let inserted = insert(number(of: member), at: index, slot: slot)
            store(value, id: id, at: inserted, slot: slot)
            compactIfSparse()
        }
    }

    /// Sets the registers of the node at `slot` to those of `table`.
    mutating func set(_ table: RegisterTable, at slot: Int) {
        let run = runs[slot]
        let members = layouts[Int(run.layout)]
        let sameMembers = members.count == table.count && zip(members, table.entries).allSatisfy { memberNames[Int($0)] == $1.member }
        if !sameMembers {
            for index in range(at: slot) where records[index].isOutOfLine {
                outOfLineWrites[RegisterKey(slot: slot, member: member(at: index, slot: slot))] = nil
            }
            unused += members.count
            var layout: UInt32 = 0
            for entry in table.entries { layout = self.layout(layout, adding: number(of: entry.member)) }
            runs[slot] = Run(start: UInt32(records.count), layout: layout)
            reserve(table.count)
            records.append(contentsOf: repeatElement(.empty, count: table.count))
        }
        for (index, entry) in zip(range(at: slot), table.entries) {
            if let (id, value) = entry.state.winner {
                store(value, id: id, at: index, slot: slot)
            } else {
                clear(at: index, slot: slot)
            }
        }
        if !sameMembers { compactIfSparse() }
    }

    private func state(at index: Int, slot: Int) -> RegisterState {
        var state = RegisterState()
        if records[index].hasWinner { state.write(records[index].value, id: write(at: index, slot: slot)) }
        return state
    }

    /// The identity of the winning write of the register at `index` (which has one).
    private func write(at index: Int, slot: Int) -> OperationID {
        let record = records[index]
        guard !record.isOutOfLine else { return outOfLineWrites[RegisterKey(slot: slot, member: member(at: index, slot: slot))]! }
        return OperationID(counter: UInt64(record.counter), replica: replicaIDs[Int(record.replica)])
    }

    /// Makes `value`, written by `id`, the winner of the register at `index`.
    private mutating func store(_ value: ReplicaValue, id: OperationID, at index: Int, slot: Int) {
        let key = RegisterKey(slot: slot, member: member(at: index, slot: slot))
        if let counter = UInt32(exactly: id.counter), let replica = number(of: id.replica) {
            if records[index].isOutOfLine { outOfLineWrites[key] = nil }
            records[index] = Record(value: value, hasWinner: true, isOutOfLine: false, replica: replica, counter: counter)
        } else {
            records[index] = Record(value: value, hasWinner: true, isOutOfLine: true, replica: 0, counter: 0)
            outOfLineWrites[key] = id
        }
    }

    private mutating func clear(at index: Int, slot: Int) {
        if records[index].isOutOfLine { outOfLineWrites[RegisterKey(slot: slot, member: member(at: index, slot: slot))] = nil }
        records[index] = .empty
    }

    /// Inserts a register of member number `member` without a winner at `index` of the node at
    /// `slot`'s run, moving the run to the end of the columns first unless it is there already.
    /// Returns where it is (the caller compacts the columns after filling it).
    private mutating func insert(_ member: UInt32, at index: Int, slot: Int) -> Int {
        var run = runs[slot]
        let range = self.range(at: slot)
        var index = index
        if range.upperBound != records.count {
            // Copied out first: a slice of a column alive while it grows would copy it whole.
            let moved = Array(records[range])
            let offset = index - Int(run.start)
            unused += moved.count
            run.start = UInt32(records.count)
            reserve(moved.count + 1)
            records += moved
            index = Int(run.start) + offset
        }
        reserve(1)
        records.insert(.empty, at: index)
        run.layout = layout(run.layout, adding: member)
        runs[slot] = run
        return index
    }

    /// Makes room for `count` more registers, growing by a quarter rather than doubling (a
    /// doubled column of 300,000 registers held 524,288: three quarters more than it used).
    private mutating func reserve(_ count: Int) {
        let needed = records.count + count
        guard needed > records.capacity else { return }
        records.reserveCapacity(needed + needed / 4 + 16)
    }

    /// Drops the registers no run reaches, once they outnumber those in use.
    private mutating func compactIfSparse() {
        guard unused > 1_024, unused > records.count - unused else { return }
        var compacted = RegisterColumns()
        (compacted.memberNames, compacted.memberNumbers) = (memberNames, memberNumbers)
        (compacted.layouts, compacted.layoutNumbers, compacted.layoutSteps) = (layouts, layoutNumbers, layoutSteps)
        (compacted.replicaIDs, compacted.replicaNumbers) = (replicaIDs, replicaNumbers)
        compacted.outOfLineWrites = outOfLineWrites
        compacted.runs.reserveCapacity(runs.count)
        compacted.records.reserveCapacity(records.count - unused)
        for slot in runs.indices {
            compacted.runs.append(Run(start: UInt32(compacted.records.count), layout: runs[slot].layout))
            compacted.records += records[range(at: slot)]
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
        let run = runs[slot]
        let members = layouts[Int(run.layout)]
        for (offset, number) in members.enumerated() {
            let name = memberNames[Int(number)]
            if name == member { return .found(Int(run.start) + offset) }
            if member < name { return .missing(Int(run.start) + offset) }
        }
        return .missing(Int(run.start) + members.count)
    }

    /// The number of replica `replica`, given on first use (nil once 65,535 are given).
    private mutating func number(of replica: ReplicaID) -> UInt16? {
        // Every write asks: while there are few replicas, comparing them beats hashing one.
        if replicaIDs.count <= Self.replicasCompared {
            if let index = replicaIDs.firstIndex(of: replica) { return UInt16(index) }
        } else if let number = replicaNumbers[replica] {
            return number
        }
        guard let number = UInt16(exactly: replicaIDs.count), number < UInt16.max else { return nil }
        replicaIDs.append(replica)
        replicaNumbers[replica] = number
        return number
    }

    /// The layout of `layout`'s members and `member` (which it lacks), made on first use.
    private mutating func layout(_ layout: UInt32, adding member: UInt32) -> UInt32 {
        let step = LayoutStep(layout: layout, member: member)
        if let next = layoutSteps[step] { return next }
        var members = layouts[Int(layout)]
        let name = memberNames[Int(member)]
        members.insert(member, at: members.firstIndex { name < memberNames[Int($0)] } ?? members.count)
        // Layouts are at most the registers' nodes, far fewer than 2^32; most are the same list.
        let next = layoutNumbers[members] ?? UInt32(layouts.count)
        if next == layouts.count {
            layouts.append(members)
            layoutNumbers[members] = next
        }
        layoutSteps[step] = next
        return next
    }

    /// The number of member name `member`, given on first use.
    private mutating func number(of member: String) -> UInt32 {
        if let number = memberNumbers[member] { return number }
        // Members named are at most the registers, far fewer than 2^32.
        let number = UInt32(memberNames.count)
        memberNames.append(member)
        memberNumbers[member] = number
        return number
    }
}
