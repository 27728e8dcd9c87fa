import Ripple

// ripple: node
final class Bay {
    let tracker = Tracker()

    // ripple: node
    var _crates: [Crate] = []

    init() {}
}
