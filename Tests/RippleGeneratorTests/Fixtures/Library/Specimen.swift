import Foundation
import Ripple

/// A node with saved values of many types, each written by its own path in the documents'
/// encoder and read by its own in the decoder: Foundation's types, optionals of each, an enum
/// with associated values, nested arrays and dictionaries, non-ASCII text, and dictionaries of
/// nodes whose keys sort differently quoted and unquoted.
// ripple: node
final class Specimen {
    let tracker = Tracker()

    // ripple: property
    var _text = ""

    // ripple: property
    var _note: String? = nil

    // ripple: property
    var _count: Int? = nil

    // ripple: property
    var _ratio: Double? = nil

    // ripple: property
    var _flag: Bool? = nil

    // ripple: property
    var _when: Date = Date(timeIntervalSinceReferenceDate: 0)

    // ripple: property
    var _whenMaybe: Date? = nil

    // ripple: property
    var _id: UUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    // ripple: property
    var _link: URL? = nil

    // ripple: property
    var _amount: Decimal = 0

    // ripple: property
    var _bytes = Data()

    // ripple: property
    var _value: SpecimenValue = .none

    // ripple: property
    var _values: [SpecimenValue] = []

    // ripple: property
    var _matrix: [[Double]] = []

    // ripple: property
    var _table: [String: [Int]] = [:]

    // ripple: property
    var _maybeTexts: [String?] = []

    // ripple: property
    var _dates: [Date] = []

    // ripple: property
    var _tags: Set<String> = []

    // ripple: property
    var _detail: SpecimenDetail? = nil

    // ripple: node
    var _byName: [String: Swatch] = [:]

    // ripple: node
    var _byNumber: [Int: Swatch] = [:]

    init() {}
}

/// An enum with associated values, coded as Swift synthesizes it.
indirect enum SpecimenValue: Codable, Equatable {
    case none
    case number(Double)
    case text(String)
    case pair(Int, label: String?)
    case when(Date)
    case nested([SpecimenValue])
}

/// A struct of the user's own, with optionals and nested containers inside.
struct SpecimenDetail: Codable, Equatable {
    var title: String
    var subtitle: String?
    var created: Date
    var sizes: [String: Double]
    var parts: [[String]]
    var id: UUID?
}
