import RippleGenerator
import Testing

/// Tracked members and classes declared inside `#if`: the generator cannot evaluate the
/// conditions, and its code would not compile where they do not hold (or would declare a member
/// twice), so each is an error on its line that says what to write instead.
@Suite struct ConditionalDeclarationTests {
    static let memberMessage = "is declared inside #if, and Ripple cannot evaluate compilation conditions; "
        + "declare it unconditionally: keep one '_value' outside the #if, and make its value conditional instead"

    @Test func aTrackedMemberInsideIfIsAnErrorOnItsLine() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Settings {
                let tracker = Tracker()
                #if DEBUG
                // ripple: property
                var _value = 0
                #else
                // ripple: property
                var _value = "s"
                #endif
            }
            """) == [
                "Model.swift:6:9: error: tracked member '_value' " + Self.memberMessage,
                "Model.swift:9:9: error: tracked member '_value' " + Self.memberMessage,
            ])
    }

    @Test func aMemberThatIsNotTrackedMayBeInsideIf() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Settings {
                let tracker = Tracker()
                // ripple: property
                var _value = 0
                #if DEBUG
                var debugLog: [String] = []
                #endif
            }
            """) == [])
    }

    @Test func aTrackedClassInsideIfIsAnErrorOnItsLineAndItsMembersAreNotReportedAgain() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Settings {
                let tracker = Tracker()
            }

            #if os(macOS)
            // ripple: node
            final class MacNode {
                let tracker = Tracker()
                // ripple: property
                var _value = 0
                #if DEBUG
                // ripple: property
                var _debugValue = 0
                #endif
            }
            #endif
            """) == [
                "Model.swift:8:13: error: tracked class 'MacNode' is declared inside #if, and Ripple cannot evaluate "
                    + "compilation conditions; declare it unconditionally, outside the #if (the bodies of its methods may use #if)",
                "Model.swift:14:9: error: tracked member '_debugValue' "
                    + Self.memberMessage.replacingOccurrences(of: "'_value'", with: "'_debugValue'"),
            ])
    }

    @Test func aClassNestedInATypeInsideIfIsConditionalToo() {
        #expect(schemeDiagnostics("""
            // ripple: root
            final class Settings {
                let tracker = Tracker()
            }

            enum Platform {
                #if canImport(UIKit)
                // ripple: node
                final class Panel {
                    let tracker = Tracker()
                }
                #endif
            }
            """).map { $0.hasPrefix("Model.swift:9:17: error: tracked class 'Platform.Panel' is declared inside #if") } == [true])
    }
}
