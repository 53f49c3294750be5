// whatsnew-floor-foundation: a second floor for `make bench`, reported next to the first.
//
// The same work as whatsnew-floor (open the store, read `user_version`, list Releases), plus
// what any build of the app must carry: Foundation linked in, with the
// `PropertyListSerialization` the project's standards require for `.strings` files, and
// the two translation tables the app reads at start-up read as bytes (not parsed: the app
// reads them from its compiled cache). It shows what linking Foundation alone costs.
//
//   whatsnew-floor-foundation <store.sqlite> <Releases directory> <Localizations directory>
import CSQLite
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 else {
  FileHandle.standardError.write(Data("usage: whatsnew-floor-foundation <store> <releases> <localizations>\n".utf8))
  exit(64)
}

var database: OpaquePointer?
guard sqlite3_open_v2(arguments[1], &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else { exit(74) }
var statement: OpaquePointer?
var schemaVersion: Int32 = -1
if sqlite3_prepare_v2(database, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW {
  schemaVersion = sqlite3_column_int(statement, 0)
}
sqlite3_finalize(statement)
sqlite3_close(database)

let files = ((try? FileManager.default.contentsOfDirectory(atPath: arguments[2])) ?? []).filter { $0.hasSuffix(".json") }
var tableBytes = 0
for language in ["en", "es"] {
  tableBytes += FileManager.default.contents(atPath: "\(arguments[3])/\(language).lproj/Localizable.strings")?.count ?? 0
}
// Never true when run by the bench; it keeps PropertyListSerialization (and with it all of
// Foundation) linked into the static binary, as it is in the app.
if arguments[1].isEmpty {
  _ = try? PropertyListSerialization.propertyList(from: Data(), options: [], format: nil)
}
print("schema \(schemaVersion), \(files.count) release files, \(tableBytes) bytes of tables")
