/// Text taken from a document or a patch, as an error message quotes it: whole when short, else
/// its start and its end around an ellipsis, so that a ten-megabyte number or key makes a
/// message of a line, not of ten megabytes.
///
/// - Parameters:
///   - text: What the input holds.
///   - limit: The most characters quoted (80 by default), the ellipsis included.
func excerpt(_ text: some StringProtocol, limit: Int = 80) -> String {
    // Counting characters of a long text would cost all of it: its UTF-8 bytes tell at once.
    guard text.utf8.count > limit else { return String(text) }
    let half = (limit - 1) / 2
    return String(text.prefix(half)) + "…" + String(text.suffix(half))
}

/// A message about `error`, thrown while reading a document or a patch, as short as an excerpt
/// of the input makes it (a `Decodable` type's own error may quote a whole value it refused).
func describe(_ error: any Error, limit: Int = 400) -> String {
    excerpt("\(error)", limit: limit)
}
