import Ripple

// A node whose members are shared with background threads.

// ripple: node
final class Job {
    let tracker = Tracker()

    // ripple: property, allowBackgroundRead
    var _title = "job"

    // ripple: property, allowBackgroundWrite
    var _progress = 0.0

    init() {}
}
