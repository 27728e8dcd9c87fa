import CSQLite
import Foundation

/// A SQLite database of one table, `entries(id, amount, note, modified)`, in WAL mode with
/// `synchronous=FULL`: each committed transaction syncs the WAL before it returns, what
/// `.immediate` durability promises for Ripple's journal.
final class SQLiteTable {
    private var database: OpaquePointer?
    private var update: OpaquePointer?

    /// Creates the database at `path` with `count` rows.
    init(path: String, rowCount count: Int) throws {
        try check(sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil), "open")
        try execute("PRAGMA journal_mode=WAL")
        try execute("PRAGMA synchronous=FULL")
        try execute("CREATE TABLE entries(id INTEGER PRIMARY KEY, amount REAL NOT NULL, note TEXT NOT NULL, modified REAL NOT NULL)")
        try execute("BEGIN")
        var insert: OpaquePointer?
        try check(sqlite3_prepare_v2(database, "INSERT INTO entries VALUES (?1, ?2, ?3, ?4)", -1, &insert, nil), "prepare")
        defer { sqlite3_finalize(insert) }
        for number in 0..<count {
            sqlite3_bind_int64(insert, 1, Int64(number))
            sqlite3_bind_double(insert, 2, Double(number) * 1.25)
            sqlite3_bind_text(insert, 3, "Eintrag \(number)", -1, Self.transient)
            sqlite3_bind_double(insert, 4, 757_382_400 + Double(number))
            try check(sqlite3_step(insert), "insert", expecting: SQLITE_DONE)
            sqlite3_reset(insert)
        }
        try execute("COMMIT")
        try check(sqlite3_prepare_v2(database, "UPDATE entries SET amount = ?1 WHERE id = ?2", -1, &update, nil), "prepare")
    }

    deinit {
        sqlite3_finalize(update)
        sqlite3_close_v2(database)
    }

    /// Sets the amount of row `id`, in a transaction of its own (durable when it returns).
    func setAmount(_ amount: Double, ofRow id: Int) throws {
        sqlite3_bind_double(update, 1, amount)
        sqlite3_bind_int64(update, 2, Int64(id))
        defer { sqlite3_reset(update) }
        try check(sqlite3_step(update), "update", expecting: SQLITE_DONE)
    }

    private func execute(_ sql: String) throws {
        try check(sqlite3_exec(database, sql, nil, nil, nil), sql)
    }

    private func check(_ code: Int32, _ operation: String, expecting expected: Int32 = SQLITE_OK) throws {
        guard code == expected else {
            throw SQLiteError(operation: operation, message: String(cString: sqlite3_errmsg(database)))
        }
    }

    /// SQLite copies the text before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}

/// A SQLite call that failed.
struct SQLiteError: Error, CustomStringConvertible {
    let operation: String
    let message: String

    var description: String { "SQLite: \(operation): \(message)" }
}
