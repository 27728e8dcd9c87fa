/// The baseline: the same fields as ``Item`` as plain stored properties, with no tracking.
final class PlainItem {
    var value: Int
    var name: String

    init(value: Int, name: String) {
        self.value = value
        self.name = name
    }
}
