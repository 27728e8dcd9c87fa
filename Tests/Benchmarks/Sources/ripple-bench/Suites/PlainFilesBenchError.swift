/// `ripple-gen` did not do with the benchmark's files what the contract says: a bug of the
/// benchmark or of the generator.
enum PlainFilesBenchError: Error, CustomStringConvertible {
    case generatorFailed(Int32)
    case filesChangedTheOutput

    var description: String {
        switch self {
        case .generatorFailed(let status): "ripple-gen exited with status \(status) on the benchmark's files"
        case .filesChangedTheOutput: "files without annotations changed the code ripple-gen generated for the model beside them"
        }
    }
}
