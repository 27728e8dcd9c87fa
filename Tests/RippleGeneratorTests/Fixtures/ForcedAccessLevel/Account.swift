import Ripple

// With "accessLevel": "internal", accessors and scheme stay internal in a public class; the
// members its public conformance requires stay public.

// ripple: root
public final class Account {
    public let tracker = Tracker()

    // ripple: property
    var _balance = 0

    public init() {}
}
