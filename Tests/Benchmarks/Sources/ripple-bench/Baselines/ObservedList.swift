import Observation

/// The baseline of the collection table: the lists of ``BenchRoot`` in an `@Observable` class.
@Observable
final class ObservedList {
    var items: [ObservedItem] = []
    var numbers: [Int] = []
}
