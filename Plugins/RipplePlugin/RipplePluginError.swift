/// Why the build plugin cannot generate for a target.
enum RipplePluginError: Error, CustomStringConvertible {
    /// The target holds a `RippleGenerated.swift`, written by `ripple-generate`.
    case generatedFileInTarget(target: String, file: String)

    var description: String {
        switch self {
        case let .generatedFileInTarget(target, file):
            "target '\(target)' already contains \(file), written by 'swift package ripple-generate'; "
                + "use either the command plugin (delete RipplePlugin from the target's plugins) "
                + "or the build plugin (delete that file), not both"
        }
    }
}
