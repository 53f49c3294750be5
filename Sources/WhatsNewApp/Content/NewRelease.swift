// Over the C library: the files it replaces are checked with lstat, so a link is refused,
// never followed, and every write goes through ``FileTransaction`` (temporary files created
// with O_CREAT|O_EXCL|O_NOFOLLOW, renamed into place, all or none); Foundation's atomic write
// offers none of these guarantees.
import Glibc
package import WhatsNewCore

/// `whatsnew new-release <version>`, as Documentation/Authoring.md ("Add a release") describes
/// it: the release file, its registration in `manifest.json` and the release's own table in
/// all five languages, its keys marked untranslated (``ReleaseScaffold``). It reads the content
/// as `lint` does (``ContentLibrary/readManifest(inReleasesDirectory:)``,
/// ``ContentLibrary/readTable(_:localizationsDirectory:cache:)``), under a lock on the release
/// directory (``ContentLock``), checks everything, then writes every file as one step
/// (``FileTransaction``): all of them, or none.
package struct NewRelease: Sendable {
  package var version: Version
  package var releasesDirectory: String
  package var localizationsDirectory: String
  /// How long to wait for another `new-release` on the same content to finish.
  package var lockWaitSeconds: Double = 10
  /// The file-system calls the writes go through (a test makes one fail).
  var writes: FileWrites = .live

  /// Why nothing was written.
  package enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(path: String, what: String)
    case notRegularFile(path: String)
    /// There, but not readable as content (a FIFO, a device, over the size limit): as `lint` words it.
    case unreadable(path: String, reason: String)
    /// A table that does not parse: the parser's words, with the path.
    case badTable(String)
    case exists(path: String)
    case refused(ReleaseScaffold.Refusal)
    case keyExists(path: String, key: String)
    /// A write failed; `notRestored` names the files that could not be put back (else none changed).
    case writeFailed(path: String, reason: String, notRestored: [String])
    /// Another `new-release` held the content's lock for all of `seconds`.
    case busy(directory: String, lock: String, seconds: Double)
    case lockFailed(directory: String, lock: String, reason: String)

    package var description: String {
      let clean = TextSanitizer.clean
      switch self {
      case .missing(let path, let what):
        return "cannot find \(what) at \(clean(path)) (pass --releases DIR and --localizations DIR)"
      case .notRegularFile(let path):
        return "\(clean(path)) is a link or not a regular file; new-release only replaces regular files"
      case .unreadable(let path, let reason):
        return "\(clean(path)) cannot be read: \(reason); replace it with a regular file (whatsnew lint says the same)"
      case .badTable(let problem):
        return "\(clean(problem)); fix it first (whatsnew lint says where)"
      case .exists(let path):
        return "\(clean(path)) already exists; pick a version that has no release file"
      case .refused(let refusal):
        return refusal.description
      case .keyExists(let path, let key):
        return "\(clean(path)) already has \(key); remove the old keys of this version first"
      case .writeFailed(let path, let reason, let notRestored) where notRestored.isEmpty:
        return "cannot write \(clean(path)): \(reason); nothing was written (the release file, the tables and the "
          + "manifest are as they were): fix that (free some space, say) and run new-release again"
      case .writeFailed(let path, let reason, let notRestored):
        return "cannot write \(clean(path)): \(reason); and could not put back "
          + notRestored.map(clean).joined(separator: ", ")
          + ": restore them (git checkout -- FILE) before running new-release again"
      case .busy(let directory, let lock, let seconds):
        return "another new-release is writing to \(clean(directory)) (it holds \(clean(lock))) and has not finished "
          + "after \(Int(seconds)) s; nothing was written: run new-release again when it is done (--lock-wait SECONDS waits longer)"
      case .lockFailed(let directory, let lock, let reason):
        return "cannot lock \(clean(directory)) (\(clean(lock)): \(reason)); nothing was written: make the directory "
          + "writable and run new-release again"
      }
    }
  }

  /// What was written, for the report.
  package struct Outcome: Sendable, Equatable {
    package var releaseFile: String
    package var manifest: String
    package var tables: [String]
    package var keys: [String]
    /// The newest release registered before, when it is newer than the new one.
    package var newerRegistered: Version?
    /// The newest release registered before (for the `flow` hint).
    package var previous: Version?
  }

  var manifestPath: String { releasesDirectory + "/" + ReleaseLibrary.manifestFileName }
  var releasePath: String { releasesDirectory + "/\(version).json" }
  /// The release's own table in `language`, which new-release creates.
  func tablePath(_ language: Language) -> String {
    localizationsDirectory + "/" + language.directoryName + "/\(version).strings"
  }

  /// Locks the content, checks, then writes the release file, the tables and the manifest.
  package func run() throws(Failure) -> Outcome {
    guard ContentLibrary.isDirectory(releasesDirectory) else {
      throw .missing(path: releasesDirectory, what: "the release directory")
    }
    let lock: ContentLock
    do {
      lock = try ContentLock(directory: releasesDirectory, seconds: lockWaitSeconds)
    } catch {
      switch error {
      case .busy(let path, let seconds): throw .busy(directory: releasesDirectory, lock: path, seconds: seconds)
      case .unusable(let path, let reason): throw .lockFailed(directory: releasesDirectory, lock: path, reason: reason)
      }
    }
    defer { lock.release() }
    return try runLocked()
  }

  private func runLocked() throws(Failure) -> Outcome {
    guard let manifestKind = Self.kind(of: manifestPath) else { throw .missing(path: manifestPath, what: "manifest.json") }
    // First what lint would say of it, then whether new-release may replace it.
    let read = ContentLibrary.readManifest(inReleasesDirectory: releasesDirectory)
    guard let manifest = read.bytes else {
      throw .unreadable(path: manifestPath, reason: read.problem ?? "it is not a regular file")
    }
    guard manifestKind != S_IFLNK else { throw .notRegularFile(path: manifestPath) }
    let (newManifest, registered): ([UInt8], [Version])
    do {
      (newManifest, registered) = try ReleaseScaffold.registering(version, inManifest: manifest)
    } catch {
      throw .refused(error)
    }
    if Self.kind(of: releasePath) != nil { throw .exists(path: releasePath) }
    let keys = ReleaseScaffold.keys(for: version)
    let languages = Language.allCases
    // The app's own tables must be there and parse.
    for language in languages {
      let path = ContentLibrary.tablePath(language, localizationsDirectory: localizationsDirectory)
      if Self.kind(of: path) == nil { throw .missing(path: path, what: "the \(language.nativeName) table") }
    }
    // The tables as lint reads them: the same size limit, the same parser.
    let results = languages.map { ContentLibrary.readTable($0, localizationsDirectory: localizationsDirectory) }
    var changes = [
      FileTransaction.Change(
        path: releasePath, bytes: Array(ReleaseScaffold.releaseFile(for: version).utf8), replacing: false)
    ]
    for (language, result) in zip(languages, results) {
      let path = ContentLibrary.tablePath(language, localizationsDirectory: localizationsDirectory)
      let table: TranslationTable
      switch result {
      case .success(let read): table = read
      case .failure(let problem):
        if let refusal = problem.refusal { throw .unreadable(path: path, reason: refusal.description) }
        throw .badTable(problem.description)
      }
      if let key = keys.first(where: { table[$0] != nil }) { throw .keyExists(path: path, key: key) }
      let releaseTable = tablePath(language)
      if Self.kind(of: releaseTable) != nil { throw .exists(path: releaseTable) }
      changes.append(
        FileTransaction.Change(
          path: releaseTable, bytes: Array(ReleaseScaffold.releaseTable(for: version, language: language).utf8),
          replacing: false))
    }
    changes.append(FileTransaction.Change(path: manifestPath, bytes: newManifest, replacing: true))
    do {
      try FileTransaction(writes: writes).commit(changes)
    } catch {
      throw .writeFailed(path: error.path, reason: error.reason, notRestored: error.notRestored)
    }
    return Outcome(
      releaseFile: releasePath, manifest: manifestPath, tables: languages.map(tablePath), keys: keys,
      newerRegistered: registered.filter { $0 > version }.max(), previous: registered.filter { $0 < version }.max())
  }

  /// What to print: what was written, and what to do next, wrapped to `width` (rows
  /// continue indented; into a pipe `width` is unlimited, as for `lint`).
  package static func report(_ outcome: Outcome, version: Version, width: Int = .max) -> String {
    let clean = TextSanitizer.clean
    var lines = [
      Line("wrote \(clean(outcome.releaseFile)) (one page, \(ReleaseScaffold.pageID), with one info block)", hangingIndent: 2),
      Line("registered \(version) in \(clean(outcome.manifest))", hangingIndent: 2),
      Line("wrote the release's own table, \(outcome.keys.count) keys marked TODO, in \(outcome.tables.count) languages:"),
    ]
    lines += outcome.tables.map { Line("  " + clean($0), hangingIndent: 4) }
    if let newer = outcome.newerRegistered {
      lines.append(
        Line("note: \(newer) is registered and newer; users on \(newer) or later never see \(version)", hangingIndent: 2))
    }
    let seen = outcome.previous.map(\.description) ?? "none"
    lines += [
      Line("next:"),
      Line("  1. write the page in \(clean(outcome.releaseFile)) (see Documentation/Authoring.md)", hangingIndent: 5),
      Line("  2. replace each TODO text in the five tables; whatsnew lint lists those left", hangingIndent: 5),
      Line("  3. whatsnew flow --seen \(seen) --app-version \(version) shows what users get", hangingIndent: 5),
    ]
    return FlowReport.text(lines, width: width)
  }

  /// The file type at `path` without following a link (`S_IFLNK` for a link), or `nil`.
  static func kind(of path: String) -> mode_t? {
    var info = stat()
    guard lstat(path, &info) == 0 else { return nil }
    return info.st_mode & S_IFMT
  }
}
