@testable import Ripple
import Testing

/// The compact tables a replica keeps per node, against a dictionary doing the same: a node's
/// registers (a sorted array) and the session's identities by number (an array, with a
/// dictionary for numbers far beyond the others).
@Suite struct ReplicaTableTests {
    @Test(arguments: 0..<8 as Range<UInt64>)
    func registersReadAndWriteAsADictionaryWould(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        let members = ["a", "b", "label", "x", "y", "é", "a long member name past fifteen bytes"]
        let replicas = [ReplicaID(rawValue: 3)!, ReplicaID(rawValue: 9)!]
        var table = RegisterTable()
        var reference: [String: RegisterState] = [:]
        for step in 0..<200 {
            let member = members.randomElement(using: &random)!
            let id = OperationID(counter: UInt64.random(in: 1...40, using: &random), replica: replicas.randomElement(using: &random)!)
            let value = ReplicaValue.json(String(Int.random(in: 0..<5, using: &random)))
            if Int.random(in: 0..<8, using: &random) == 0 {
                var state = RegisterState()
                state.write(value, id: id)
                table.set(state, member: member)
                reference[member] = state
            } else {
                table.write(value, id: id, member: member)
                reference[member, default: RegisterState()].write(value, id: id)
            }
            #expect(table.entries.map(\.member) == reference.keys.sorted(), "seed \(seed), step \(step)")
            #expect(table.count == reference.count)
            for name in members { #expect(table[name] == reference[name], "seed \(seed), step \(step), \(name)") }
        }
    }

    @Test(arguments: 0..<8 as Range<UInt64>)
    func identitiesByNumberReadAndWriteAsADictionaryWould(seed: UInt64) {
        var random = SeededGenerator(state: seed)
        var table = NodeIDsByNumber()
        var reference: [UInt64: NodeID] = [:]
        var next: UInt64 = 1
        var numbers: [UInt64] = []
        for step in 0..<2_000 {
            let number: UInt64
            switch Int.random(in: 0..<10, using: &random) {
            case 0: number = UInt64.random(in: 0...(1 << 62), using: &random)  // far beyond: a hostile document
            case 1: number = next + UInt64.random(in: 0..<3_000, using: &random)  // a gap
            case 2, 3: number = numbers.randomElement(using: &random) ?? 0  // one held already
            default: number = next  // the next, as documents give them
            }
            if number < (1 << 20) { next = max(next, number + 1) }
            numbers.append(number)
            let id: NodeID? =
                Int.random(in: 0..<6, using: &random) == 0
                ? nil : NodeID(made: OperationID(counter: UInt64(step) + 1, replica: ReplicaID(rawValue: 5)!))
            table[number] = id
            reference[number] = id
            let probe = numbers.randomElement(using: &random)!
            #expect(table[probe] == reference[probe], "seed \(seed), step \(step)")
            #expect(table[number &+ 1] == reference[number &+ 1])
        }
        for number in numbers { #expect(table[number] == reference[number], "seed \(seed)") }
    }
}
