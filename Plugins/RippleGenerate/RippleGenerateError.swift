/// Why `swift package ripple-generate` stopped.
enum RippleGenerateError: Error, CustomStringConvertible {
    /// `--target` named no Swift source target of the package.
    case unknownTarget(String, available: [String])
    /// Arguments other than `--target NAME`.
    case unexpectedArguments([String])
    /// `ripple-gen` reported errors (printed above) and exited with this status.
    case generatorFailed(target: String, status: Int32)

    var description: String {
        switch self {
        case let .unknownTarget(name, available):
            "no Swift source target named '\(name)'; the package has: \(available.joined(separator: ", "))"
        case let .unexpectedArguments(arguments):
            "unexpected arguments \(arguments.joined(separator: " ")); usage: ripple-generate [--target NAME]..."
        case let .generatorFailed(target, status):
            "ripple-gen failed for target '\(target)' (exit status \(status)); see its errors above"
        }
    }
}
