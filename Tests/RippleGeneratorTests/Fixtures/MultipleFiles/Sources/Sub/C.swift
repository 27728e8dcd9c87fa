import Ripple

// ripple: node
final class Crate {
    let tracker = Tracker()

    // ripple: property
    var _label = ""

    init() {}
}
