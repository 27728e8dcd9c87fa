/// What the `sourcery` dialect reports about a Quantwm model: what Ripple cannot use as it
/// stands, each with the edit that fixes it (which `ripple-gen migrate` makes where it can).
package enum QuantwmMessage: DiagnosticMessage, Equatable {
    /// A `// sourcery:inline:` ... `// sourcery:end` region holding declarations an old Sourcery
    /// template generated: their `names` in source order, of which `accessors` are accessors of
    /// tracked members that Ripple generates itself.
    case generatedRegion(names: [String], accessors: [String], firstLine: Int, lastLine: Int)
    /// `// sourcery:inline:` without a `// sourcery:end`.
    case unterminatedRegion
    /// `// sourcery:begin:` with Ripple items: Sourcery's annotation blocks are not read.
    case annotationBlock
    /// `sharedProperty = "Other.nameK"` in a member of another class.
    case sharedPropertyOfOtherClass(member: String, ownerType: String, className: String)
    /// `dependency = "Library.someMap"`: a Quantwm `QWMap` declared in the class.
    case dependencyMap(path: String, className: String)
    /// `// sourcery: root` on Quantwm's `static let rootK = QWRootProperty(...)`.
    case rootProperty(name: String)
    /// Quantwm's `setProc = "code"`, which ran code in the generated setter.
    case setProc
    /// Quantwm's `contextual`, read as `discardable`.
    case contextual
    /// A class that conforms to Quantwm's `QWNode` or `QWRoot` itself (not through a marker).
    case conformance(className: String, conformance: String, marker: String)
    /// `protocol QWNode_S: QWNode {}`: the marker still refines Quantwm's protocol.
    case markerRefinement(marker: String, refined: String)
    /// A subclass of Quantwm's `QWMediator`.
    case mediatorSubclass(className: String)

    /// How serious the problem is: a warning for what Ripple reads in its own way, an error for
    /// what it cannot use.
    package var severity: Diagnostic.Severity {
        switch self {
        case .contextual, .mediatorSubclass: .warning
        default: .error
        }
    }

    /// The message, phrased as the fix.
    package var text: String {
        switch self {
        case .generatedRegion(let names, let accessors, let firstLine, let lastLine):
            let quoted = NameList.text(accessors.map { "'\($0)'" })
            let replacement = accessors.isEmpty ? "Ripple's generated code replaces it"
                : "Ripple generates \(quoted) itself" + (names.count > accessors.count ? " and replaces the rest" : "")
            return "the 'sourcery:inline' region (lines \(firstLine)-\(lastLine)) holds what an old Sourcery template "
                + "generated (\(NameList.text(names))); delete the region, or run 'ripple-gen migrate': "
                + replacement
        case .unterminatedRegion:
            return "'sourcery:inline' region without '// sourcery:end'; delete the region and the code "
                + "Sourcery generated in it"
        case .annotationBlock:
            return "Ripple does not read 'sourcery:begin:' blocks; write the items in a '// sourcery:' line "
                + "above each member instead"
        case .sharedPropertyOfOtherClass(let member, let ownerType, let className):
            return "'\(member)' shares a property of '\(ownerType)', but shared properties must be in the same "
                + "class; name a property of '\(className)' or move '\(member)' into '\(ownerType)'"
        case .dependencyMap(let path, let className):
            return "dependency '\(path)' names a Quantwm read map, which Ripple cannot read; list the paths "
                + "it reads instead, relative to '\(className)', as in dependency = \"member, node.member, node.all\""
        case .rootProperty(let name):
            return "'\(name)' is Quantwm's root property, which Ripple does not need; delete it: the class is "
                + "the root through 'QWRoot_S' or a '// sourcery: root' line above the class"
        case .setProc:
            return "'setProc' ran code in Quantwm's setter, and Ripple's setters run none; move that code into "
                + "a processor (mediator.process) that reads this member, and remove 'setProc'"
        case .contextual:
            return "'contextual' is read as 'discardable': a change notifies, but neither makes the document "
                + "unsaved nor is undone; write 'discardable'"
        case .conformance(let className, let conformance, let marker):
            return "'\(className)' conforms to Quantwm's '\(conformance)', which Ripple replaces; "
                + "write '\(marker)' instead and delete the '\(conformance)' requirements it implements"
        case .markerRefinement(let marker, let refined):
            return "'\(marker)' refines Quantwm's '\(refined)', whose requirements the old Sourcery template "
                + "generated; declare 'protocol \(marker) {}': Ripple reads it as a marker and generates "
                + "the conformance itself"
        case .mediatorSubclass(let className):
            return "'\(className)' subclasses Quantwm's 'QWMediator', which Ripple's 'Mediator' replaces; "
                + "create 'Mediator(root:)' with the root model, register with observe, process and coordinate, "
                + "and delete '\(className)'"
        }
    }
}

/// A ``QuantwmMessage`` at a place in a file.
package struct QuantwmProblem: Equatable, Sendable {
    package var message: QuantwmMessage
    /// The path of the file, as parsed.
    package var file: String
    package var location: SourceLocation
}
