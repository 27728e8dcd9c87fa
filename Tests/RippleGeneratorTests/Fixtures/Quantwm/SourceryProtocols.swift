// Quantwm's conformance markers, kept after the migration so that the model reads unchanged.
// They no longer refine QWNode and QWRoot: Ripple generates the conformances itself.

protocol QWNode_S {}
protocol QWRoot_S {}
