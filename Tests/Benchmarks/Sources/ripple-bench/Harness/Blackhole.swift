/// Where measured results go, so the optimizer cannot prove them unused and delete the work.
///
/// Every result is folded into ``checksum`` by a function the optimizer cannot see through,
/// and the checksum is printed at the end of the run.
@MainActor
enum Blackhole {
    private(set) static var checksum = 0

    @inline(never)
    static func consume(_ value: Int) {
        checksum = checksum &* 31 &+ value
    }
}
