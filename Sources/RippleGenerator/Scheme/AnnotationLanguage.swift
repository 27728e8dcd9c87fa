/// The annotation language of a model, chosen once from its annotation prefix: Ripple's own
/// under any word, or Quantwm's for the prefix `sourcery`.
///
/// `--annotation-prefix` and `ripple.json`'s `annotationPrefix` are read into this value where
/// they are parsed; the run then reads every annotation in its ``dialect``:
///
/// ```swift
/// AnnotationLanguage(prefix: "model")      // .ripple(prefix: "model"): `// model: node`
/// AnnotationLanguage(prefix: "sourcery")   // .quantwm: `// sourcery: property`, `QWNode_S`
/// ```
package enum AnnotationLanguage: Equatable, Sendable {
    /// Ripple's annotations, written `// <prefix>: ...`.
    case ripple(prefix: String)
    /// Quantwm's models as they are written, for Sourcery (``QuantwmDialect``).
    case quantwm

    /// Ripple's annotations under their usual prefix, `// ripple: ...`.
    package static let standard = AnnotationLanguage.ripple(prefix: "ripple")

    /// The language of annotations written `// <prefix>: ...`: Quantwm's for `sourcery`,
    /// Ripple's for any other word.
    package init(prefix: String) {
        self = prefix == QuantwmDialect.prefix ? .quantwm : .ripple(prefix: prefix)
    }

    /// A new dialect that reads this language (a dialect keeps what it read, so one per run).
    package var dialect: any AnnotationDialect {
        switch self {
        case .ripple(let prefix): RippleDialect(prefix: prefix)
        case .quantwm: QuantwmDialect()
        }
    }
}
