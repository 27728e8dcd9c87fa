// No annotations: the generated file holds only its header.
final class Plain {
    // sourcery: property
    var _value = 0
}
