// swift-tools-version: 6.0
import PackageDescription

// The integration package's DocumentsModel (five classes) written as `@Observable` classes, with
// no dependency: what a clean build of the same model costs without Ripple. `measure-build.sh`
// builds it beside the Ripple builds.
let package = Package(
    name: "ObservableBaseline",
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    targets: [
        .target(name: "ObservableAtlas"),
    ]
)
