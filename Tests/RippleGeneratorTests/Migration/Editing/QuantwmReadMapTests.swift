@testable import RippleMigration
import Testing

/// How the terms of a Quantwm read map become Ripple dependency paths.
@Suite struct QuantwmReadMapTests {
    func paths(_ initializer: String) throws -> [String] {
        try QuantwmReadMap(initializer: initializer).paths
    }

    @Test func eachReadTermIsAPathFromTheRoot() throws {
        #expect(try paths("QWModel.root.selectedID_Read") == ["selectedID"])
        #expect(try paths("QWModel.root.catalog.total_Read") == ["catalog.total"])
        #expect(try paths("QWModel.root.nb_tracks_Read") == ["nb_tracks"])
        #expect(try paths("QWModel.root.catalog_Read") == ["catalog"])
    }

    @Test func wholeSubtreesEndWithAll() throws {
        #expect(try paths("QWModel.root.catalog_allRead") == ["catalog.all"])
        #expect(try paths("QWModel.root.shelves.entries.all_Read") == ["shelves.entries.all"])
    }

    @Test func aSumListsItsTermsOnce() throws {
        #expect(try paths("QWModel.root.a_Read + QWModel.root.b.c_Read+QWModel.root.a_Read") == ["a", "b.c"])
    }

    @Test func termsWithoutAPathAreNamed() {
        #expect(throws: QuantwmReadMap.Untranslatable.writeMap(term: "QWModel.root.a_Write")) {
            try QuantwmReadMap(initializer: "QWModel.root.b_Read + QWModel.root.a_Write")
        }
        #expect(throws: QuantwmReadMap.Untranslatable.writeMap(term: "QWModel.root.a_allWrite")) {
            try QuantwmReadMap(initializer: "QWModel.root.a_allWrite")
        }
        #expect(throws: QuantwmReadMap.Untranslatable.wholeModel(term: "QWModel.root.all_Read")) {
            try QuantwmReadMap(initializer: "QWModel.root.all_Read")
        }
        #expect(throws: QuantwmReadMap.Untranslatable.notAReadMapTerm(term: "Library.otherMap")) {
            try QuantwmReadMap(initializer: "Library.otherMap")
        }
        #expect(throws: QuantwmReadMap.Untranslatable.notAReadMapTerm(term: "QWModel.root.items[0]_Read")) {
            try QuantwmReadMap(initializer: "QWModel.root.items[0]_Read")
        }
        #expect(throws: QuantwmReadMap.Untranslatable.notAReadMapTerm(term: "QWModel.root._Read")) {
            try QuantwmReadMap(initializer: "QWModel.root._Read")
        }
    }
}
