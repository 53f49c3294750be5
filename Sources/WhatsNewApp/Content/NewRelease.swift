// Over the C library: a content file is replaced through a temporary file created with
// O_CREAT|O_EXCL|O_NOFOLLOW (so never through a link someone left there) and renamed over
// the original; the files it replaces are checked with lstat, so a link is refused, never
// followed. Foundation's atomic write offers neither guarantee.
import Glibc
public import WhatsNewCore

/// `whatsnew new-release <version>`: writes `Releases/<version>.json` with one page to start
/// from, registers it in `manifest.json`, and adds its keys to all five translation tables
/// marked untranslated (``ReleaseScaffold``), so that `whatsnew lint` lists exactly the
/// texts left to write.
///
/// Everything is checked before anything is written: the manifest is readable and does not
/// list the version, no file of that name exists, every table is a regular file without the
/// keys. The release file is written first and the manifest last, so a failure half-way
/// leaves at worst an unregistered file, which `lint` names.
public struct NewRelease: Sendable {
  public var version: Version
  public var releasesDirectory: String
  public var localizationsDirectory: String

  public init(version: Version, releasesDirectory: String, localizationsDirectory: String) {
    self.version = version
    self.releasesDirectory = releasesDirectory
    self.localizationsDirectory = localizationsDirectory
  }

  /// Why nothing was written.
  public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
    case missing(path: String, what: String)
    case notRegularFile(path: String)
    case exists(path: String)
    case refused(ReleaseScaffold.Refusal)
    case keyExists(path: String, key: String)
    case writeFailed(path: String, reason: String)

    public var description: String {
      switch self {
      case .missing(let path, let what):
        "cannot find \(what) at \(TextSanitizer.clean(path)) (pass --releases DIR and --localizations DIR)"
      case .notRegularFile(let path):
        "\(TextSanitizer.clean(path)) is a link or not a regular file; new-release only replaces regular files"
      case .exists(let path):
        "\(TextSanitizer.clean(path)) already exists; pick a version that has no release file"
      case .refused(let refusal):
        refusal.description
      case .keyExists(let path, let key):
        "\(TextSanitizer.clean(path)) already has \(key); remove the old keys of this version first"
      case .writeFailed(let path, let reason):
        "cannot write \(TextSanitizer.clean(path)): \(reason)"
      }
    }
  }

  /// What was written, for the report.
  public struct Outcome: Sendable, Equatable {
    public var releaseFile: String
    public var manifest: String
    public var tables: [String]
    public var keys: [String]
    /// The newest release registered before, when it is newer than the new one.
    public var newerRegistered: Version?
    /// The newest release registered before (for the `flow` hint).
    public var previous: Version?
  }

  var manifestPath: String { releasesDirectory + "/" + ReleaseLibrary.manifestFileName }
  var releasePath: String { releasesDirectory + "/\(version).json" }
  func tablePath(_ language: Language) -> String {
    localizationsDirectory + "/" + language.directoryName + "/Localizable.strings"
  }

  /// Checks, then writes the release file, the tables and the manifest.
  public func run() throws(Failure) -> Outcome {
    guard Self.kind(of: releasesDirectory) == S_IFDIR else {
      throw .missing(path: releasesDirectory, what: "the release directory")
    }
    guard let manifestKind = Self.kind(of: manifestPath) else { throw .missing(path: manifestPath, what: "manifest.json") }
    guard manifestKind == S_IFREG,
      case .success(let manifest) = FileBytes.contents(
        of: manifestPath, limit: .max, followingSymlink: false)
    else {
      throw .notRegularFile(path: manifestPath)
    }
    let registered: [Version]
    let newManifest: String
    do {
      registered = try ReleaseScaffold.registeredVersions(inManifest: manifest)
      newManifest = try ReleaseScaffold.registering(version, inManifest: manifest)
    } catch {
      throw .refused(error)
    }
    if Self.kind(of: releasePath) != nil { throw .exists(path: releasePath) }
    let keys = ReleaseScaffold.keys(for: version)
    var tables: [(path: String, bytes: [UInt8])] = []
    for language in Language.allCases {
      let path = tablePath(language)
      guard let kind = Self.kind(of: path) else { throw .missing(path: path, what: "the \(language.nativeName) table") }
      guard kind == S_IFREG,
        case .success(let bytes) = FileBytes.contents(
          of: path, limit: .max, followingSymlink: false)
      else { throw .notRegularFile(path: path) }
      let text = String(decoding: bytes, as: UTF8.self)
      if let key = keys.first(where: { text.contains("\"\($0)\"") }) { throw .keyExists(path: path, key: key) }
      tables.append((path, bytes))
    }

    try Self.write(Array(ReleaseScaffold.releaseFile(for: version).utf8), to: releasePath, replacing: false)
    let addition = Array(ReleaseScaffold.tableAddition(for: version).utf8)
    for table in tables {
      var bytes = table.bytes
      // The addition starts on a line of its own.
      if let last = bytes.last, last != UInt8(ascii: "\n") { bytes.append(UInt8(ascii: "\n")) }
      try Self.write(bytes + addition, to: table.path, replacing: true)
    }
    try Self.write(Array(newManifest.utf8), to: manifestPath, replacing: true)
    let newest = registered.max()
    return Outcome(
      releaseFile: releasePath, manifest: manifestPath, tables: tables.map(\.path), keys: keys,
      newerRegistered: newest.flatMap { $0 > version ? $0 : nil }, previous: registered.filter { $0 < version }.max())
  }

  /// What to print: what was written, and what to do next, wrapped to `width` (rows
  /// continue indented; into a pipe `width` is unlimited, as for `lint`).
  public static func report(_ outcome: Outcome, version: Version, width: Int = .max) -> String {
    let clean = TextSanitizer.clean
    var lines = [
      Line("wrote \(clean(outcome.releaseFile)) (one page, \(ReleaseScaffold.pageID), with one info block)", hangingIndent: 2),
      Line("registered \(version) in \(clean(outcome.manifest))", hangingIndent: 2),
      Line("added \(outcome.keys.count) keys marked TODO to \(outcome.tables.count) tables:"),
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

  /// Writes `bytes` to a new temporary file beside `path` (never an existing one, never
  /// through a link), flushes it to disk and renames it to `path`. Without `replacing`,
  /// `path` must not exist (`link` then `unlink`, which fails rather than replace).
  static func write(_ bytes: [UInt8], to path: String, replacing: Bool) throws(Failure) {
    let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid())\(FileBytes.temporarySuffix)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw .writeFailed(path: path, reason: String(cString: strerror(errno))) }
    let written = FileBytes.writeAll(bytes, to: descriptor)
    let flushed = written && fsync(descriptor) == 0
    close(descriptor)
    guard flushed else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw .writeFailed(path: path, reason: reason)
    }
    if replacing {
      guard rename(temporary, path) == 0 else {
        let reason = String(cString: strerror(errno))
        unlink(temporary)
        throw .writeFailed(path: path, reason: reason)
      }
    } else {
      // link() refuses an existing name: a file that appeared since the check is kept.
      guard link(temporary, path) == 0 else {
        let reason = errno == EEXIST ? "it appeared meanwhile" : String(cString: strerror(errno))
        unlink(temporary)
        throw .writeFailed(path: path, reason: reason)
      }
      unlink(temporary)
    }
  }
}
