extension SchemeBuilder {
    /// Remembers a type declared in the sources (a class, struct, enum, actor, protocol or
    /// typealias), by its qualified name, with `access`, its access level restricted by the
    /// types it is nested in. A name declared twice (in the branches of an `#if`) keeps the
    /// wider level: in doubt, the compiler judges.
    mutating func declareType(_ qualifiedName: String, access: AccessLevel) {
        // One look-up each: most names are declared once.
        if let known = declaredTypes.updateValue(access, forKey: qualifiedName), known >= access {
            declaredTypes[qualifiedName] = known
            return
        }
        lowestDeclaredAccess = min(lowestDeclaredAccess, access)
        let name = qualifiedName.utf8.lastIndex(of: UInt8(ascii: ".")).map { String(qualifiedName[qualifiedName.index(after: $0)...]) }
        if let lowest = lowestAccessByName.updateValue(access, forKey: name ?? qualifiedName), lowest < access {
            lowestAccessByName[name ?? qualifiedName] = lowest
        }
    }

    /// The qualified name of the declared type that `name` (written `Kind` or `Outer.Kind`)
    /// names inside the type `scope`, looked up like Swift does: innermost scope first; `nil`
    /// when the sources do not declare it.
    func resolveDeclaredType(_ name: Substring, inScope scope: String) -> String? {
        let first = name.prefix { $0 != "." }
        var enclosing = Substring(scope)
        while true {
            if enclosing.isEmpty {
                let qualified = String(name)
                return declaredTypes[String(first)] != nil && declaredTypes[qualified] != nil ? qualified : nil
            }
            if declaredTypes["\(enclosing).\(first)"] != nil {
                let qualified = "\(enclosing).\(name)"
                return declaredTypes[qualified] != nil ? qualified : nil
            }
            enclosing = enclosing[..<(enclosing.utf8.lastIndex(of: UInt8(ascii: ".")) ?? enclosing.startIndex)]
        }
    }

    /// `type` with each name of a type nested in `scope` or in the types around it written out
    /// whole (`Kind` inside `Library` is `Library.Kind`), so that it means the same outside
    /// them: in the extension of `BackgroundNode` that offers a member to background work.
    func qualifyingNestedTypes(in type: TypeSyntax, inScope scope: String) -> TypeSyntax {
        type.replacingNames { name in
            guard let qualified = resolveDeclaredType(Substring(name), inScope: scope),
                  qualified.utf8.count > name.utf8.count else { return nil }
            return qualified
        }
    }

    /// Reports a type in `type` (the type of the accessor `accessor` of a member of `candidate`,
    /// at `location`) that is less visible than the accessor, which the compiler refuses: the
    /// first such type the sources declare. Types the sources do not declare are the compiler's
    /// to judge.
    mutating func checkVisibility(
        ofTypesIn type: TypeSyntax, accessor: String, of candidate: Candidate, at location: SourceLocation
    ) {
        let accessorAccess = min(accessLevel ?? candidate.access, candidate.access)
        // Most models declare nothing less visible than their accessors: nothing to look up.
        guard accessorAccess >= .internal, lowestDeclaredAccess < accessorAccess else { return }
        for name in type.names {
            let lastPart = name.split(separator: ".").last.map(String.init) ?? name
            guard let lowest = lowestAccessByName[lastPart], lowest < accessorAccess else { continue }
            guard let qualified = resolveDeclaredType(Substring(name), inScope: candidate.qualifiedName),
                  let typeAccess = declaredTypes[qualified], typeAccess < accessorAccess,
                  // A tracked class hidden from the generated file is reported at the class.
                  typeAccess >= .internal || !candidateNames.contains(qualified) else { continue }
            report(.inaccessibleMemberType(
                typeName: name, typeAccess: typeAccess, accessor: accessor, accessorAccess: accessorAccess,
                className: candidate.qualifiedName), at: location, in: candidate.file)
            return
        }
    }

    /// Reports a type that `type` names and that generated code would read as one of its
    /// generic parameters: `Root` in the scheme (every member's type, or the class of a node
    /// member, is written in `RippleScheme<Root>`), and `Node` in `BackgroundNode<Node>` (the
    /// types of members offered to background work).
    ///
    /// - Returns: Whether it reported one.
    mutating func reportShadowedType(
        _ type: TypeSyntax, kind: TrackedMember.Kind, isBackground: Bool, member: String, of candidate: Candidate,
        at location: SourceLocation
    ) -> Bool {
        func report(_ name: String, _ declaration: String, canQualify: Bool) -> Bool {
            self.report(.shadowedTypeName(member: member, typeName: name, declaration: declaration, canQualify: canQualify),
                        at: location, in: candidate.file)
            return true
        }
        let scheme = "RippleScheme<Root: RippleNode>"
        if case .node(_, let element) = kind {
            return element == "Root" ? report("Root", scheme, canQualify: false) : false
        }
        // The first part of each name: `Root` in `Root.Kind` is the generic parameter too.
        let names = type.names.map { $0.prefix { $0 != "." } }
        if names.contains("Root") {
            return report("Root", scheme, canQualify: true)
        }
        // In the extension of `BackgroundNode<Node>`, `Node` is the class itself: harmless for a
        // class named `Node`.
        if isBackground, candidate.qualifiedName != "Node", names.contains("Node") {
            return report("Node", "BackgroundNode<Node>", canQualify: true)
        }
        return false
    }
}
