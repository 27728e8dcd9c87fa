/// The baseline of ``Gauge``: the same field as a plain stored property, with no tracking.
final class PlainGauge {
    var level: Double

    init(level: Double) {
        self.level = level
    }
}
