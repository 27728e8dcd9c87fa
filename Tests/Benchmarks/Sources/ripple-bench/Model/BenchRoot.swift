import Ripple

/// The root of the benchmark model: a flat list of items, plus a few document-level values.
// ripple: root
final class BenchRoot {
    let tracker = Tracker()

    // ripple: property
    var _title = "Benchmark"

    // ripple: property
    var _revision = 0

    // ripple: node
    var _items: [Item]

    // ripple: property
    var _numbers: [Int] = []

    // ripple: node
    var _columns: [Column] = []

    // ripple: node
    var _gauges: [Gauge] = []

    /// An outliner, for per-node registrations, which reach the nodes in the model only.
    // ripple: node
    var _outliner: Outliner? = nil

    init(items: [Item], gauges: [Gauge] = []) {
        _items = items
        _gauges = gauges
    }

    /// An empty model, for documents to fill.
    convenience init() {
        self.init(items: [])
    }

    /// A model of `count` items, named and numbered in order.
    convenience init(itemCount count: Int) {
        self.init(items: (0..<count).map { Item(value: $0, name: "item \($0)") })
    }
}
