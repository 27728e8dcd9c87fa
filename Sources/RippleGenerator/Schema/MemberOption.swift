/// An option of a member's descriptor; the raw value is the runtime's `MemberOptions` name.
///
/// The order of the cases is the order in which generated code lists them.
package enum MemberOption: String, CaseIterable, Hashable, Sendable {
    case readOnly, computed, discardable, derived, backgroundRead, backgroundWrite
}
