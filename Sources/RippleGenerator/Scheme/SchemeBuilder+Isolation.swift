// Isolation: the runtime calls into every model class on the main actor. A class may be
// nonisolated, `@MainActor`, or main-actor by its target's default isolation (which no source
// shows); what the generated code cannot serve gets a diagnostic here, on the user's line,
// rather than a compiler error in the generated file.

extension SchemeBuilder {
    /// Reports the isolation that the generated code of `candidate` cannot serve (another global
    /// actor on the class, `validate()` or a hook; an `async` hook, which is never called), and
    /// records the isolation of the class and its methods in `nodeClass`.
    mutating func checkIsolation(of candidate: Candidate, methods: ClassMethods, into nodeClass: inout NodeClass) {
        if case .globalActor(let actor) = candidate.isolation {
            report(.classIsolatedToOtherActor(className: candidate.name, actor: actor), at: candidate.location, in: candidate.file)
        }
        checkIsolation(of: methods.validate, named: "validate()", in: candidate)
        checkIsolation(of: methods.willChange, named: "transactionWillChange()", in: candidate)
        checkIsolation(of: methods.didCommit, named: "transactionDidCommit()", in: candidate)
        checkIsolation(of: methods.didRollBack, named: "transactionDidRollBack()", in: candidate)
        for (method, name) in methods.asyncMethods {
            report(.asyncMethod(method: name, className: candidate.name), at: method.location, in: method.file)
        }
        nodeClass.isolation = candidate.isolation
        nodeClass.validatesOnMainActor = methods.validate?.isolation == .mainActor
        nodeClass.mainActorHooks = methods.mainActorHooks
    }

    /// Reports `method`, if found, when it is isolated to another global actor.
    private mutating func checkIsolation(of method: ClassMethods.Method?, named name: String, in candidate: Candidate) {
        guard let method, case .globalActor(let actor) = method.isolation else { return }
        report(.methodIsolatedToOtherActor(method: name, className: candidate.name, actor: actor), at: method.location, in: method.file)
    }

    /// Whether the accessor of member `variables[index]` of `candidate`, with `options`, is `nonisolated`;
    /// reports a member isolated otherwise than its class, and a background member of a
    /// `@MainActor` class whose storage is isolated to the main actor (its accessor could not be
    /// used off the main actor, which is what the annotation asks).
    mutating func isNonisolated(
        _ variables: [VariableDeclaration], at index: Int, options: MemberOptions, in candidate: Candidate
    ) -> Bool {
        // Most members spell nothing and are not shared: isolated as their class, nothing to check.
        if !options.contains(.backgroundRead), variables[index].attributes.isEmpty, variables[index].modifiers.isEmpty {
            return false
        }
        let isolation = Isolation(attributes: variables[index].attributes, modifiers: variables[index].modifiers)
        switch isolation {
        case .mainActor where candidate.isolation != .mainActor, .globalActor:
            report(.memberIsolation(member: variables[index].name, isolation: isolation.spelling, className: candidate.name),
                   at: variables[index].location, in: candidate.file)
            return false
        default:
            break
        }
        guard options.contains(.backgroundRead) else { return false }
        if isolation == .nonisolated || candidate.isolation == .nonisolated { return true }
        if candidate.isolation == .mainActor {
            let item = options.contains(.backgroundWrite) ? AnnotationItem.Name.allowBackgroundWrite : .allowBackgroundRead
            report(.isolatedBackgroundMember(member: variables[index].name, item: item.rawValue, className: candidate.name),
                   at: variables[index].location, in: candidate.file)
        }
        return false
    }

    /// Marks the node members that hold nodes of a `@MainActor` class.
    func markMainActorNodes(in classes: inout [NodeClass], indexedBy classIndex: [String: Int]) {
        guard classes.contains(where: { $0.isolation == .mainActor }) else { return }
        for index in classes.indices {
            for memberIndex in classes[index].members.indices {
                guard let element = classes[index].members[memberIndex].nodeClassName, let elementIndex = classIndex[element],
                      classes[elementIndex].isolation == .mainActor
                else { continue }
                classes[index].members[memberIndex].holdsMainActorNodes = true
            }
        }
    }
}
