/// What the collaboration rows replay, the same for Ripple, Loro and Yrs (`crdt_bench.py`'s
/// header says it in full): a document of `nodes` nodes with the properties `properties`, all
/// integers, node `i` starting at x = i, y = 2i, label = 0; `writes` property writes by another
/// replica to merge; `changeSamples` single writes to export one by one; documents of
/// `snapshotNodes` nodes to encode.
struct CollaborationWorkload: Codable, Equatable {
    let seed: UInt64
    let nodes: Int
    let properties: [String]
    let writes: Int
    let changeSamples: Int
    let snapshotNodes: [Int]

    /// The workload of a full run, or of a `--quick` one (ten times fewer writes and samples, no
    /// 100,000-node document), as `crdt_bench.py` replays it.
    static func standard(quick: Bool) -> CollaborationWorkload {
        CollaborationWorkload(
            seed: 27, nodes: 1_000, properties: ["x", "y", "label"], writes: quick ? 10_000 : 100_000,
            changeSamples: quick ? 100 : 1_000, snapshotNodes: quick ? [1_000] : [1_000, 100_000])
    }

    /// One property write: property `properties[property]` of node `node` set to `value`.
    struct Write: Equatable {
        let node: Int
        let property: Int
        let value: Int
    }

    /// The merged writes (`seed`), or with `seed + 1` the single writes whose updates are
    /// measured one by one: the same as the script's, drawn from the same SplitMix64.
    func drawWrites(count: Int, seed: UInt64) -> [Write] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { index in
            let node = Int(random.next() % UInt64(nodes))
            return Write(node: node, property: Int(random.next() % UInt64(properties.count)), value: index)
        }
    }

    /// The initial value of property `property` of node `node`.
    func initialValue(node: Int, property: Int) -> Int {
        [node, 2 * node, 0][property]
    }
}

/// SplitMix64, as Ripple's tests (`SeededGenerator`) and `crdt_bench.py` draw numbers.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
