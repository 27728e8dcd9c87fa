import Ripple

// ripple: root
final class Warehouse {
    let tracker = Tracker()

    // ripple: node
    var _bays: [Bay] = []

    init() {}
}
