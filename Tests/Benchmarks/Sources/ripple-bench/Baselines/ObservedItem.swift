import Observation

/// The other baseline: the same fields as ``Item`` in an `@Observable` class of Apple's
/// Observation module (used in this benchmark only; the package itself never imports it).
@Observable
final class ObservedItem {
    var value: Int
    var name: String

    init(value: Int, name: String) {
        self.value = value
        self.name = name
    }
}
