/// What a `PlaceCounter` keeps for one node: the places that hold it in the counted nodes, and
/// whether it is in.
protocol PlaceEntry: Equatable {
    /// The entry of a node the counter has never met: no places, out.
    init()
    var places: Int32 { get set }
    var isIn: Bool { get set }
}

/// The entry of documents and regions: places, and in or out.
struct PlaceCount: PlaceEntry {
    var places: Int32 = 0
    var isIn = false
}

/// A slot of a node's tracker holding one counter's entry for the node, and which counter that
/// is: a counter keeps its entries there rather than in a table of its own, so that following a
/// change looks nothing up (a node is seldom counted by two counters of one kind).
struct PlaceSlot<Entry: PlaceEntry> {
    var entry = Entry()
    // The owner's serial, 56 bits in three pieces: both entries end 3 bytes short of a 4-byte
    // boundary (`PlaceCount` is 5 bytes, `ModelPlaceCounter.Entry` 17), which the top 24 bits
    // fill, so that a slot is no larger than with a 32-bit serial (12 and 24 bytes) and no
    // serial ever comes round again (see `PlaceCounterSerials`).
    private var ownerTop: UInt8 = 0
    private var ownerHigh: UInt16 = 0
    private var ownerLow: UInt32 = 0

    /// The `PlaceCounter/serial` of the counter whose entry this is; 0 when none's is.
    var owner: UInt64 {
        @inline(__always) get { UInt64(ownerTop) << 48 | UInt64(ownerHigh) << 32 | UInt64(ownerLow) }
        @inline(__always) set {
            ownerTop = UInt8(truncatingIfNeeded: newValue >> 48)
            ownerHigh = UInt16(truncatingIfNeeded: newValue >> 32)
            ownerLow = UInt32(truncatingIfNeeded: newValue)
        }
    }
}

/// A kind of `PlaceCounter` (a document's, a region's, a model's): the slot of every tracker
/// that counters of the kind share, and the entry they keep there.
protocol PlaceSlotKind {
    associatedtype Entry: PlaceEntry

    static func slot(of tracker: Tracker) -> PlaceSlot<Entry>
    static func setSlot(_ slot: PlaceSlot<Entry>, of tracker: Tracker)
}

/// The counters of documents (see `DocumentMembership`).
enum DocumentPlaces: PlaceSlotKind {
    @inline(__always)
    static func slot(of tracker: Tracker) -> PlaceSlot<PlaceCount> { tracker.documentPlaces }
    @inline(__always)
    static func setSlot(_ slot: PlaceSlot<PlaceCount>, of tracker: Tracker) { tracker.documentPlaces = slot }
}

/// The counters of the regions of `.all` watches (see `Watches`).
enum RegionPlaces: PlaceSlotKind {
    @inline(__always)
    static func slot(of tracker: Tracker) -> PlaceSlot<PlaceCount> { tracker.regionPlaces }
    @inline(__always)
    static func setSlot(_ slot: PlaceSlot<PlaceCount>, of tracker: Tracker) { tracker.regionPlaces = slot }
}

/// The counters of mediators' models (see `ModelPlaceCounter`).
enum ModelPlaces: PlaceSlotKind {
    @inline(__always)
    static func slot(of tracker: Tracker) -> PlaceSlot<ModelPlaceCounter.Entry> { tracker.modelPlaces }
    @inline(__always)
    static func setSlot(_ slot: PlaceSlot<ModelPlaceCounter.Entry>, of tracker: Tracker) { tracker.modelPlaces = slot }
}
