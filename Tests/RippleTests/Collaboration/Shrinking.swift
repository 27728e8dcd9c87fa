/// What the fuzzers' shrinkers share: drops chunks of `steps`, halving the chunk down to one
/// step, while `fails` still holds for what is left (delta debugging), and returns that.
func shrunk<Step>(_ steps: [Step], failing fails: ([Step]) -> Bool) -> [Step] {
    var steps = steps
    var chunk = max(1, steps.count / 2)
    while chunk >= 1 {
        var start = 0
        while start < steps.count {
            var shorter = steps
            shorter.removeSubrange(start..<min(start + chunk, steps.count))
            if fails(shorter) { steps = shorter } else { start += chunk }
        }
        chunk /= 2
    }
    return steps
}
