import Glibc
import WhatsNewCore

/// The one error type of `WhatsNewStore`: match on ``kind`` in code; show ``description``
/// (lowercase, naming the file, the cause and a fix) to people. SQLite failures keep SQLite's
/// words in the GRDB style (``sqlite(code:message:sql:path:)``).
package struct StoreError: Error, CustomStringConvertible, Sendable, Equatable {
  /// What went wrong, for code that reacts to it.
  package enum Kind: Sendable, Equatable {
    /// The directory that should hold the store (or a backup) does not exist.
    case directoryMissing
    /// A file-system call failed (creating a file or directory, a missing file).
    case fileSystem
    /// The store file is not a SQLite database, is corrupt, or is not a whatsnew store.
    case notADatabase
    /// The store was written by a newer whatsnew with a schema this one does not know.
    case newerSchema(found: Int, supported: Int)
    /// Any other SQLite failure; `code` is SQLite's primary result code.
    case sqlite(code: Int32)
    /// A value that the setting or notification does not accept.
    case invalidValue
    /// A restore source that is not a usable whatsnew backup (the live store is untouched).
    case notABackup
    /// A backup destination that already holds data.
    case destinationExists
    /// Another process holds the store's lock (SQLite's `SQLITE_BUSY` or `SQLITE_LOCKED`),
    /// longer than this process would wait.
    case busy
    /// The store file can be read but not written (SQLite opened it read-only).
    case readOnly
    /// A restore source that another program is in the middle of: locked by a process writing
    /// it, a hot journal beside it, or a WAL file holding changes (the live store is untouched).
    case backupInUse
    /// A conditional write found another value than the one it expected (`current`), and
    /// wrote nothing.
    case changedSince(current: String)
  }

  /// What went wrong.
  package var kind: Kind
  /// The file or directory concerned, when there is one.
  package var path: String?
  /// The message for people.
  package var description: String
  /// SQLite's own words for the cause, when SQLite reported it (e.g. "file is not a database").
  var reason: String? = nil
  /// The message as a key of ``StoreMessages`` and its arguments, for the app to word in the
  /// person's language; `nil` where the message exists in English only.
  package internal(set) var message: StoreMessage? = nil
  /// Files beside the store moved aside before the store was refused (``SetAsideFile``).
  package internal(set) var setAside: [SetAsideFile] = []
}

extension StoreError {
  /// Formats a SQLite failure like GRDB does: "SQLite error N: message - while executing `sql`".
  ///
  /// SQLite's message can carry names from the file (a table, a trigger), so it is passed
  /// through ``TextSanitizer`` (no control or escape reaches a terminal); ``reason`` keeps it as is.
  static func sqlite(code: Int32, message rawMessage: String, sql: String?, path: String) -> StoreError {
    let message = TextSanitizer.clean(rawMessage)
    let primary = code & 0xff
    var text = "SQLite error \(primary): \(message)"
    if let sql { text += " - while executing `\(sql)`" }
    var error: StoreError
    if primary == 11 /* SQLITE_CORRUPT */ || primary == 26 /* SQLITE_NOTADB */ {
      error = StoreError(
        kind: .notADatabase, path: path,
        description: "\(path) is not a usable whatsnew settings store: \(message) (\(text)); "
          + "move the file aside to start fresh, or restore a backup")
    } else if primary == 5 /* SQLITE_BUSY */ || primary == 6 /* SQLITE_LOCKED */ {
      error = StoreError(kind: .busy, path: path, key: "store.busy", path, text)
    } else {
      error = StoreError(kind: .sqlite(code: primary), path: path, description: "\(path): \(text)")
    }
    error.reason = rawMessage
    return error
  }

  static func newerSchema(path: String, found: Int, supported: Int) -> StoreError {
    StoreError(
      kind: .newerSchema(found: found, supported: supported), path: path,
      description: "\(path) was written by a newer whatsnew (schema \(found), this one knows \(supported)); "
        + "upgrade whatsnew to open it (the file was not changed)")
  }

  static func fileSystem(_ what: String, path: String, errno code: Int32) -> StoreError {
    StoreError(kind: .fileSystem, path: path, description: "\(what) \(path): \(errorText(code))")
  }
}

func errorText(_ code: Int32) -> String {
  guard let text = strerror(code) else { return "error \(code)" }
  let message = String(cString: text)
  return message.prefix(1).lowercased() + message.dropFirst()
}
