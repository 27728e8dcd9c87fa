import Ripple

/// The signed-in user.
// ripple: node
final class User {
    let tracker = Tracker()

    // ripple: property
    var _id: Int

    // ripple: property
    var _name: String

    init(id: Int, name: String) {
        _id = id
        _name = name
    }

    /// Nobody, for documents to fill.
    convenience init() {
        self.init(id: 0, name: "")
    }
}
