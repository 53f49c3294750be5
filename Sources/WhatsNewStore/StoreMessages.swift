import WhatsNewCore

/// The store's messages a person meets (opening the store, backup and restore), as UI string
/// keys with their English: a ``StoreError`` made from one carries its key and arguments
/// (``StoreError/message``), so the app words it in the person's language.
///
/// This is these messages' only English: the store says them without the app's files, so
/// `en.lproj/Localizable.strings` leaves them out, and the app adds them to its English.
package enum StoreMessages {
  /// Each key's English; placeholders as in the app's tables (`%1$@`).
  package static let english: [String: String] = [
    "store.backup.directoryMissing":
      "the directory %1$@ does not exist, so the backup %2$@ cannot be written; create it first",
    "store.backup.exists": "%@ already exists; choose a new file name or remove the old file first",
    "store.backup.noStore": "there is no settings store at %@ to back up (run whatsnew once, or pass --db PATH)",
    "store.backup.temporaryInTheWay":
      "cannot write the backup %1$@: the temporary file %2$@ is in the way; remove it (a backup that was stopped left it) and try again",
    "store.busy":
      "the settings store %1$@ is in use by another program (another whatsnew, or sqlite3) and stayed locked (%2$@); try again once it has finished",
    "store.open.directory": "the settings store %1$@ is a directory; pass a file in it with --db %1$@/whatsnew.sqlite",
    "store.open.directoryMissing":
      "the directory %1$@ does not exist, so the settings store %2$@ cannot be created; create the directory first",
    "store.open.directoryReadOnly":
      "cannot write in the directory %1$@ (%2$@), so the settings store %3$@ cannot be saved; make the directory writable or choose another path with --db",
    "store.open.emptyPath": "the settings store's path is empty; pass a file with --db PATH, or leave --db out for the default",
    "store.open.readOnly":
      "the settings store %@ cannot be written (SQLite could open it only read-only); make it writable by this user (chmod u+w, or check chattr and the mount) or choose another path with --db",
    "store.open.sidecarNotAFile":
      "%1$@, beside the settings store %2$@, is not a regular file (a FIFO, a directory, a socket, a device or a symbolic link): SQLite would wait on it or write through it, so the store was not opened and is unchanged; remove it or move it away, then start again",
    "store.restore.missing": "%@ is not a whatsnew backup: the file does not exist; nothing was restored",
    "store.sidecar.emptyStore":
      "%1$@ does not belong to the settings store: the store is empty, so it has nothing to recover; moved it aside to %2$@ without applying it",
    "store.sidecar.header":
      "%1$@ does not belong to the settings store: its header does not fit the store's (cut short, or another page size); moved it aside to %2$@ without applying it",
    "store.sidecar.notADatabase":
      "%1$@ does not belong to the settings store: the store is not a SQLite database; moved it aside to %2$@ without applying it",
    "store.sidecar.pageOne":
      "%1$@ does not belong to the settings store: the page 1 it keeps is another database's, or from another time; moved it aside to %2$@ without applying it",
    "store.sidecar.rollbackMode":
      "%1$@ does not belong to the settings store: the store is in rollback-journal mode, so a write-ahead log is never its own; moved it aside to %2$@ without applying it",
    "store.sidecar.trial":
      "%1$@ does not belong to the settings store: applied to a copy of the store, it leaves a damaged database or one that is not a whatsnew store; moved it aside to %2$@ without applying it",
  ]
}

/// A store message as its key and arguments (``StoreMessages``).
package struct StoreMessage: Sendable, Equatable {
  package var key: String
  package var arguments: [String]
}

extension StoreError {
  /// An error whose message is the store message `key` with `arguments`, its description the English.
  init(kind: Kind, path: String?, key: String, _ arguments: String...) {
    self.init(kind: kind, path: path, description: Localizer.format(StoreMessages.english[key] ?? key, arguments: arguments))
    message = StoreMessage(key: key, arguments: arguments)
  }
}
