import Foundation

extension Workbook {
    /// A workbook of `sheetCount` sheets of `cellsPerSheet` cells each (ten columns), with twelve
    /// shared styles and an outline of three levels per sheet; the same content every time.
    ///
    /// Cells hold, by turns: numbers, text (much of it non-ASCII), dates, decimal amounts,
    /// formulas with and without a cached result, lists and nothing; a fifth have a note, two
    /// thirds a style.
    public convenience init(sheetCount: Int, cellsPerSheet: Int) {
        self.init()
        _title = "Jahresbudget 2025 – Übersicht für Zürich"
        _id = Self.uuid(1)
        _created = Date(timeIntervalSinceReferenceDate: 757_382_400.125)
        _website = URL(string: "https://example.com/budgets/2025?lang=de&team=finanzen")
        _settings.headers = ["links": "Muster & Söhne AG", "rechts": "Seite &P von &N"]
        _tags = ["Abteilung": ["Finanzen", "Einkauf", "Geschäftsleitung"], "Status": ["Entwurf"], "Jahr": []]
        let styles = (0..<12).map(Self.style)
        for (index, style) in styles.enumerated() { _styles["Stil \(index) – \(style._font)"] = style }
        _sheets = (0..<sheetCount).map { index in
            Self.sheet(index, cellCount: cellsPerSheet, styles: styles, workbook: self)
        }
        _outline = _sheets.enumerated().map { index, sheet in Self.outline(for: sheet, index) }
    }

    private static func uuid(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "%08X-5EED-4000-8000-%012X", number, number &* 7_919))!
    }

    private static func style(_ index: Int) -> CellStyle {
        let style = CellStyle()
        style.font = ["Helvetica Neue", "Menlo", "Hiragino Sans", "Avenir Next"][index % 4]
        style.size = 9 + Double(index % 5) * 1.5
        style.bold = index % 3 == 0
        style.color = index % 2 == 0 ? [0.125, Double(index) / 12, 0.5, 1] : nil
        style.numberFormat = index % 4 == 1 ? "#,##0.00 CHF" : nil
        return style
    }

    private static func sheet(_ index: Int, cellCount: Int, styles: [CellStyle], workbook: Workbook) -> Sheet {
        let sheet = Sheet()
        sheet.name = ["Übersicht", "Einnahmen", "Ausgaben", "Rücklagen", "売上", "Café & Bäckerei"][index % 6] + " \(index + 1)"
        sheet._id = uuid(1_000 + index)
        sheet.workbook = workbook
        sheet.columnWidths = (0..<10).map { 64 + Double(($0 * 37 + index) % 50) * 1.25 }
        sheet.frozenRows = index % 3
        sheet.tabColor = index % 2 == 0 ? "#FF8800" : nil
        sheet.lastEdited = Date(timeIntervalSinceReferenceDate: 757_400_000 + Double(index) * 3_600.5)
        for number in 0..<cellCount {
            let address = String(UnicodeScalar(UInt8(ascii: "A") + UInt8(number % 10))) + "\(number / 10 + 1)"
            sheet.cells[address] = cell(index * cellCount + number, styles: styles)
        }
        return sheet
    }

    private static func cell(_ number: Int, styles: [CellStyle]) -> Cell {
        let cell = Cell()
        cell.value =
            switch number % 10 {
            case 0, 1, 2: .number(Double(number) * 0.37 - 120.5)
            case 3: .text("Position \(number): Bürobedarf")
            case 4: .text(["Miete", "Gehälter", "東京出張", "Café-Rechnung", "Versicherung"][number % 5])
            case 5: .date(Date(timeIntervalSinceReferenceDate: 757_382_400 + Double(number) * 86.4))
            case 6: .currency(Decimal(sign: .plus, exponent: -2, significand: Decimal(number * 100 + 95)), code: "CHF")
            case 7: .formula("=SUMME(B1:B\(number % 250 + 1))", cached: number % 20 == 7 ? nil : Double(number) * 1.5)
            case 8: .list(["rot", "grün", "blau"].prefix(number % 3 + 1).map { $0 })
            default: .empty
            }
        cell.style = number % 3 == 0 ? nil : styles[number % styles.count]
        cell.note = number % 5 == 0 ? "Geprüft von Zoë am \(number % 28 + 1). März ✓" : nil
        cell.modified = Date(timeIntervalSinceReferenceDate: 757_382_400 + Double(number) * 61.375)
        return cell
    }

    /// An item for the sheet, with five sections of four subsections below it.
    private static func outline(for sheet: Sheet, _ index: Int) -> OutlineItem {
        let top = OutlineItem()
        top._title = sheet._name
        top.sheet = sheet
        top.children = (0..<5).map { section in
            let item = OutlineItem()
            item._title = "Abschnitt \(section + 1): \(["Überblick", "Details", "Anhänge", "Prüfung", "Fazit"][section])"
            item.parent = top
            item.collapsed = section % 2 == 1
            item.children = (0..<4).map { number in
                let leaf = OutlineItem()
                leaf._title = "Unterpunkt \(section + 1).\(number + 1)"
                leaf.parent = item
                leaf.sheet = number == 0 ? sheet : nil
                return leaf
            }
            return item
        }
        return top
    }
}
