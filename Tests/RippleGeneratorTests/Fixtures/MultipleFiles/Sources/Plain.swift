// A file without annotations: scanned, never parsed.
struct Dimensions {
    var width = 0
    var height = 0
}
