import Testing
@testable import RippleGenerator
@Test func placeholder() {}
