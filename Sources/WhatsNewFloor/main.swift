// whatsnew-floor: the floor `make bench` measures the app's cold start against.
//
// The least a process must do to show a tour page: start, open the same SQLite file and
// read from it, and list the same Releases directory. It imports CSQLite directly (the
// app goes through WhatsNewStore) because it is the floor, not the app. No Foundation.
//
//   whatsnew-floor <store.sqlite> <Releases directory>
import CSQLite
import Glibc

func complain(_ text: String) {
  var text = text
  text.withUTF8 { bytes in _ = write(2, bytes.baseAddress, bytes.count) }
}

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
  complain("usage: whatsnew-floor <store.sqlite> <releases directory>\n")
  exit(64)
}

var database: OpaquePointer?
guard sqlite3_open_v2(arguments[1], &database, SQLITE_OPEN_READONLY, nil) == SQLITE_OK else {
  complain("whatsnew-floor: cannot open \(arguments[1])\n")
  exit(74)
}
var statement: OpaquePointer?
var schemaVersion: Int32 = -1
if sqlite3_prepare_v2(database, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK, sqlite3_step(statement) == SQLITE_ROW {
  schemaVersion = sqlite3_column_int(statement, 0)
}
sqlite3_finalize(statement)
sqlite3_close(database)

guard let directory = opendir(arguments[2]) else {
  complain("whatsnew-floor: cannot list \(arguments[2])\n")
  exit(66)
}
var files = 0
while let entry = readdir(directory) {
  let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  if name.hasSuffix(".json") { files += 1 }
}
closedir(directory)
print("schema \(schemaVersion), \(files) release files")
