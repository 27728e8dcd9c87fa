import Foundation
import RippleBenchWorkbook

/// The baseline for the workbook's documents rows: the same data as plain `Codable` structs,
/// as an app would save it without Ripple, through `JSONEncoder` and `JSONDecoder`.
///
/// Structs cannot share or point back, so what the model holds as references becomes what a
/// user would write instead: a cell names its style, an outline item holds its children (its
/// parent is where it is) and the index of its sheet, and a sheet has no back reference to the
/// workbook that holds it.
struct PlainWorkbook: Codable, Equatable {
    struct Sheet: Codable, Equatable {
        var name: String
        var id: UUID
        var cells: [String: Cell]
        var columnWidths: [Double]
        var frozenRows: Int
        var tabColor: String?
        var lastEdited: Date
    }

    struct Cell: Codable, Equatable {
        var value: CellValue
        var style: String?
        var note: String?
        var modified: Date
    }

    struct Style: Codable, Equatable {
        var font: String
        var size: Double
        var bold: Bool
        var color: [Double]?
        var numberFormat: String?
    }

    struct OutlineItem: Codable, Equatable {
        var title: String
        var children: [OutlineItem]
        var sheet: Int?
        var collapsed: Bool
    }

    var title: String
    var id: UUID
    var created: Date
    var website: URL?
    var settings: WorkbookSettings
    var tags: [String: [String]]
    var sheets: [Sheet]
    var styles: [String: Style]
    var outline: [OutlineItem]
}

extension PlainWorkbook {
    /// The same data as `workbook`.
    @MainActor
    init(_ workbook: Workbook) {
        var styleNames: [ObjectIdentifier: String] = [:]
        for (name, style) in workbook.styles { styleNames[ObjectIdentifier(style)] = name }
        var sheetIndices: [ObjectIdentifier: Int] = [:]
        for (index, sheet) in workbook.sheets.enumerated() { sheetIndices[ObjectIdentifier(sheet)] = index }
        func plain(_ item: RippleBenchWorkbook.OutlineItem) -> OutlineItem {
            OutlineItem(
                title: item.title, children: item.children.map(plain), sheet: item.sheet.flatMap { sheetIndices[ObjectIdentifier($0)] },
                collapsed: item.collapsed)
        }
        self.init(
            title: workbook.title, id: workbook.id, created: workbook.created, website: workbook.website,
            settings: workbook.settings, tags: workbook.tags,
            sheets: workbook.sheets.map { sheet in
                Sheet(
                    name: sheet.name, id: sheet.id,
                    cells: sheet.cells.mapValues { cell in
                        Cell(
                            value: cell.value, style: cell.style.flatMap { styleNames[ObjectIdentifier($0)] }, note: cell.note,
                            modified: cell.modified)
                    },
                    columnWidths: sheet.columnWidths, frozenRows: sheet.frozenRows, tabColor: sheet.tabColor,
                    lastEdited: sheet.lastEdited)
            },
            styles: workbook.styles.mapValues { style in
                Style(font: style.font, size: style.size, bold: style.bold, color: style.color, numberFormat: style.numberFormat)
            },
            outline: workbook.outline.map(plain))
    }
}
