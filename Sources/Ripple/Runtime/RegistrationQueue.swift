/// The registrations waiting to fire in the current refresh, popped in firing order.
///
/// A binary heap: pushing and popping cost the logarithm of what is waiting, never the
/// number of registrations.
struct RegistrationQueue {
    private var heap: [RegistrationState] = []

    var isEmpty: Bool { heap.isEmpty }

    mutating func push(_ registration: RegistrationState) {
        heap.append(registration)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].runsBefore(heap[parent]) else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> RegistrationState? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1, right = left + 1
            var next = parent
            if left < heap.count, heap[left].runsBefore(heap[next]) { next = left }
            if right < heap.count, heap[right].runsBefore(heap[next]) { next = right }
            if next == parent { break }
            heap.swapAt(parent, next)
            parent = next
        }
        return first
    }

    /// Pops the first registration if it is one of the nodes' registrations of `family`.
    mutating func pop(ifOf family: RegistrationState) -> RegistrationState? {
        guard let first = heap.first, first.family === family else { return nil }
        return pop()
    }

    mutating func removeAll() {
        for registration in heap { registration.isQueued = false }
        heap.removeAll()
    }
}
