/// Bytes of a document (a number's text, say) as an error message quotes them: whole when
/// short, else their start and their end around an ellipsis, as Ripple quotes text from its
/// input, so that a ten-megabyte number makes a message of a line, not of ten megabytes.
///
/// - Parameters:
///   - bytes: What the input holds.
///   - limit: The most bytes quoted (80 by default), the ellipsis included.
@usableFromInline
func excerpt(_ bytes: ArraySlice<UInt8>, limit: Int = 80) -> String {
    guard bytes.count > limit else { return String(decoding: bytes, as: UTF8.self) }
    let half = (limit - 1) / 2
    return String(decoding: bytes.prefix(half), as: UTF8.self) + "…" + String(decoding: bytes.suffix(half), as: UTF8.self)
}
