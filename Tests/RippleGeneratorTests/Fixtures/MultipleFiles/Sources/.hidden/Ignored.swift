// Hidden folders are skipped: this would be a second root.
// ripple: root
final class Ignored {}
