import Ripple

// Values JSON cannot always hold: a reading may be NaN or infinite (Library.gauge).

// ripple: node
final class Gauge {
    let tracker = Tracker()

    // ripple: property
    var _reading = 0.0

    // ripple: node
    var _dials: [Dial] = []

    /// Issue 27's breaker board (Breaker27/KanbanBoard.swift), here rather than on the library
    /// so the library's saved bytes stay as they were.
    // ripple: node
    var _board: KanbanBoard? = nil

    /// Issue 32's breaker music collection (Breaker32/MusicCollection.swift), here for the same
    /// reason.
    // ripple: node
    var _music: MusicCollection? = nil

    /// Issue 33's breaker garden (Breaker33/GardenPlan.swift), here for the same reason.
    // ripple: node
    var _garden: GardenPlan? = nil

    /// Issue 34's breaker storyboard (Breaker34/Storyboard.swift), here for the same reason.
    // ripple: node
    var _storyboard: Storyboard? = nil

    /// Issue 35's breaker notebook (Breaker35/Outline.swift), here for the same reason.
    // ripple: node
    var _notebook: Notebook? = nil

    /// Issue 36's breaker drawing (Breaker36/Drawing.swift), here for the same reason.
    // ripple: node
    var _drawing: VectorDrawing? = nil

    /// Issue 37's breaker vault (Breaker37/Vault.swift), here for the same reason.
    // ripple: node
    var _vault: NoteVault? = nil

    /// Issue 38's breaker org chart (Breaker38/OrgChart.swift), here for the same reason.
    // ripple: node
    var _company: Company? = nil

    /// Issue 39's breaker workbook (Breaker39/Workbook.swift), here for the same reason.
    // ripple: node
    var _workbook: Workbook? = nil

    /// Issue 40's breaker project planner (Breaker40/Planner.swift), here for the same reason.
    // ripple: node
    var _planner: Planner? = nil

    init() {}
}

// ripple: node
final class Dial {
    let tracker = Tracker()

    // ripple: property
    var _label = ""

    // ripple: property
    var _limit = 1.0

    init() {}

    init(_ label: String, limit: Double) {
        _label = label
        _limit = limit
    }
}
