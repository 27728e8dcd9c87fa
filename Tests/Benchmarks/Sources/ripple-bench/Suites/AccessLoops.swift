import RippleBenchObservable

/// The measured loops of the access benchmarks, one per kind of object.
///
/// Each is `@inline(never)` and takes its objects as an array parameter: the caller's array
/// keeps them alive, so the loop needs no retain, and the optimizer sees the loop the way it
/// sees one in an app, not specialised to some global. A round visits every object once; with
/// about a thousand objects, a read cannot be hoisted out of the rounds because each one is
/// of a different object. The bodies are identical apart from the type.
enum AccessLoops {
    // MARK: Reads

    @inline(never)
    static func readPlain(_ items: [PlainItem], rounds: Int) -> Int {
        var sum = 0
        for _ in 0..<rounds {
            for item in items { sum &+= item.value }
        }
        return sum
    }

    @inline(never)
    static func readTracked(_ items: [Item], rounds: Int) -> Int {
        var sum = 0
        for _ in 0..<rounds {
            for item in items { sum &+= item.value }
        }
        return sum
    }

    @inline(never)
    static func readObserved(_ items: [ObservedItem], rounds: Int) -> Int {
        var sum = 0
        for _ in 0..<rounds {
            for item in items { sum &+= item.value }
        }
        return sum
    }

    /// A class generated with `observable` (table 7).
    @inline(never)
    static func readObservableMode(_ items: [ObservableBenchItem], rounds: Int) -> Int {
        var sum = 0
        for _ in 0..<rounds {
            for item in items { sum &+= item.value }
        }
        return sum
    }

    // MARK: Writes

    // Round `r` stores `start + r` into every object: each store is a real change, so the
    // tracked setter cannot skip it as an equal write.

    @inline(never)
    static func writePlain(_ items: [PlainItem], rounds: Int, start: Int) -> Int {
        for round in 0..<rounds {
            let value = start &+ round
            for item in items { item.value = value }
        }
        return items.first?.value ?? 0
    }

    @inline(never)
    static func writeTracked(_ items: [Item], rounds: Int, start: Int) -> Int {
        for round in 0..<rounds {
            let value = start &+ round
            for item in items { item.value = value }
        }
        return items.first?.value ?? 0
    }

    @inline(never)
    static func writePlainDouble(_ gauges: [PlainGauge], rounds: Int, start: Int) -> Int {
        for round in 0..<rounds {
            let value = Double(start &+ round)
            for gauge in gauges { gauge.level = value }
        }
        return Int(gauges.first?.level ?? 0)
    }

    /// A setter that compares by bits (`_RippleBitwiseEquatable`), not by `==`.
    @inline(never)
    static func writeTrackedDouble(_ gauges: [Gauge], rounds: Int, start: Int) -> Int {
        for round in 0..<rounds {
            let value = Double(start &+ round)
            for gauge in gauges { gauge.level = value }
        }
        return Int(gauges.first?.level ?? 0)
    }

    @inline(never)
    static func writeObserved(_ items: [ObservedItem], rounds: Int, start: Int) -> Int {
        for round in 0..<rounds {
            let value = start &+ round
            for item in items { item.value = value }
        }
        return items.first?.value ?? 0
    }
}
