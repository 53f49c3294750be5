// Over the C library: Foundation has no transaction over several files (its atomic write
// replaces one file, follows links and cannot be made to fail in a test).
import Glibc

/// The file-system calls ``FileTransaction`` makes, as values: ``live`` is the C library;
/// a test swaps one for a failure (a full disk) at the step it wants.
struct FileWrites: Sendable {
  /// Creates `path` (never an existing file, never through a link) holding `bytes`, flushed to
  /// disk; the error number when it failed (what was created is removed).
  var create: @Sendable (_ path: String, _ bytes: [UInt8]) -> Int32?
  /// `rename(2)`: the error number, or `nil`.
  var rename: @Sendable (_ from: String, _ to: String) -> Int32?
  /// `link(2)`, which refuses an existing name: the error number, or `nil`.
  var link: @Sendable (_ existing: String, _ new: String) -> Int32?
  /// `unlink(2)`: the error number, or `nil`.
  var unlink: @Sendable (_ path: String) -> Int32?

  static let live = FileWrites(
    create: { FileBytes.create($0, $1, mode: 0o644, sync: true) },
    rename: { Glibc.rename($0, $1) == 0 ? nil : errno },
    link: { Glibc.link($0, $1) == 0 ? nil : errno },
    unlink: { Glibc.unlink($0) == 0 ? nil : errno })
}

/// Writes several files as one step: all of them, or (on a failure at any step) none, with
/// every file it replaced as it was.
///
/// 1. each file's new bytes go to `.<name>.<pid>.tmp` beside it, flushed to disk (a full disk
///    fails here, before anything is replaced);
/// 2. each file to be replaced gets a second name, `.<name>.<pid>.old` (a hard link: no copy,
///    no space);
/// 3. the temporaries take the files' names, in order (`link` for a new file, which refuses
///    one that appeared meanwhile; `rename` for a replaced one);
/// 4. the second names are removed.
///
/// A failure in 3 renames each `.old` back and removes each new file; a failure anywhere
/// removes every temporary and `.old` name.
struct FileTransaction {
  var writes: FileWrites = .live

  /// One file to write: `replacing` an existing regular file, or new (`path` must not exist).
  struct Change: Sendable {
    var path: String
    var bytes: [UInt8]
    var replacing: Bool
  }

  /// Why nothing was written: the file and step that failed, the C library's words, and the
  /// files that could not be put back (empty when the tree is as it was).
  struct Failure: Error, Equatable, Sendable {
    var path: String
    var reason: String
    var notRestored: [String] = []
  }

  /// Writes every change, in order, or none.
  func commit(_ changes: [Change]) throws(Failure) {
    let pid = getpid()
    let temporaries = changes.map { Self.sibling(of: $0.path, ending: ".\(pid)\(FileBytes.temporarySuffix)") }
    let keeps = changes.map { Self.sibling(of: $0.path, ending: ".\(pid).old") }
    var created: [String] = []  // temporaries and second names made so far
    func abandon(_ path: String, _ error: Int32, notRestored: [String] = []) -> Failure {
      for name in created { _ = writes.unlink(name) }
      return Failure(path: path, reason: String(cString: strerror(error)), notRestored: notRestored)
    }

    for (change, temporary) in zip(changes, temporaries) {
      if let error = writes.create(temporary, change.bytes) { throw abandon(change.path, error) }
      created.append(temporary)
    }
    for (change, keep) in zip(changes, keeps) where change.replacing {
      if let error = writes.link(change.path, keep) { throw abandon(change.path, error) }
      created.append(keep)
    }
    for index in changes.indices {
      let change = changes[index]
      let error =
        change.replacing
        ? writes.rename(temporaries[index], change.path) : writes.link(temporaries[index], change.path)
      guard let error else { continue }
      // Put back the files already in place, newest first.
      var notRestored: [String] = []
      for done in changes[..<index].indices.reversed() {
        let undone =
          changes[done].replacing
          ? writes.rename(keeps[done], changes[done].path) : writes.unlink(changes[done].path)
        if undone != nil { notRestored.append(changes[done].path) }
      }
      throw abandon(change.path, error, notRestored: notRestored)
    }
    for name in created { _ = writes.unlink(name) }
  }

  /// `.<name><ending>` in the directory of `path`.
  static func sibling(of path: String, ending: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return ".\(path)\(ending)" }
    return String(path[...slash]) + ".\(path[path.index(after: slash)...])\(ending)"
  }
}
