import Ripple

// A recursive model: folders hold folders, and know their parent.

// ripple: root
final class Drive {
    let tracker = Tracker()

    // ripple: node
    var _top = Folder(name: "/")

    init() {}
}

// ripple: node
final class Folder {
    let tracker = Tracker()

    // ripple: property
    var _name: String

    // ripple: node
    var _children: [Folder] = []

    // ripple: node
    weak var _parent: Folder?

    // ripple: property, readOnly, dependency = [children]
    var _childCount: Int { _children.count }

    init(name: String) {
        _name = name
    }
}
