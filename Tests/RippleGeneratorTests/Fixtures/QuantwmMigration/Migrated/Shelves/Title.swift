import Foundation

// A value type: nothing to migrate.

struct Title: Codable {
    let text: String
    let length : Int?
}
