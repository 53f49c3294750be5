import Foundation
import TestSupport
import WhatsNewCore

@testable import WhatsNewStore

func version(_ text: String) -> Version { Version(text)! }

/// The file's bytes (compared whole, a stronger check than a hash).
func bytes(of path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}

/// Permission bits of `path`.
func mode(of path: String) -> Int {
  var info = stat()
  guard stat(path, &info) == 0 else { return -1 }
  return Int(info.st_mode & 0o777)
}

func fileExists(_ path: String) -> Bool {
  FileManager.default.fileExists(atPath: path)
}

/// Runs `body` on a raw connection to `path`, closed afterwards.
func withRawConnection(_ path: String, _ body: (SQLiteConnection) throws(StoreError) -> Void) throws(StoreError) {
  let connection = try SQLiteConnection.openExisting(path)
  try body(connection)
}

/// Sets the legacy `walkthrough_completed` flag as an older app left it (whatsnew never writes it).
func plantLegacyWalkthroughFlag(_ path: String) throws(StoreError) {
  try withRawConnection(path) { raw throws(StoreError) in
    try raw.execute("INSERT INTO app_state(key, value) VALUES ('walkthrough_completed', 'true')")
  }
}

/// Awaits `body` and returns the `StoreError` it threw, or `nil`.
func storeError<T>(_ body: () async throws(StoreError) -> T) async -> StoreError? {
  do {
    _ = try await body()
    return nil
  } catch {
    return error
  }
}
