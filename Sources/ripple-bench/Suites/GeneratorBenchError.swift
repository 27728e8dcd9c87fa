/// The synthetic sources do not generate: a bug of the benchmark or of the generator.
enum GeneratorBenchError: Error, CustomStringConvertible {
    case invalidInput(String)

    var description: String {
        switch self {
        case .invalidInput(let diagnostic): "the synthetic model does not generate: \(diagnostic)"
        }
    }
}
