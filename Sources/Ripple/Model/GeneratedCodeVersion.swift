/// The versions of the generated code, each named by the `RippleGenerated.swift` made for it.
///
/// When what the runtime needs from generated code changes, the current version becomes
/// unavailable, with a message that says to regenerate, and the generator names the next one:
/// a stale committed `RippleGenerated.swift` then fails to build with that message rather than
/// with a type error inside it.
@_spi(RippleGenerated)
public enum _RippleGeneratedCode {
    /// The generated code of this runtime.
    public enum Version2 {}

    @available(
        *, unavailable,
        message: "RippleGenerated.swift was generated for an older Ripple: regenerate it (build with RipplePlugin, or run `swift package ripple-generate`)"
    )
    public enum Version1 {}
}
