// A cache for the `make bench` row "warm start to the first tour page" (a guard: ≤ 1.2×
// whatsnew-idiomatic). Without it every start parses both `Localizable.strings` as the
// idiomatic program does, and that start measured 1.10–1.25× idiomatic, over the guard in 2
// of 13 runs (issue 33; 1.17× in instructions); with it, 0.76–0.83×. What it costs is held by
// the row "first start after the translations changed" (≤ 1.3×): encoding and writing the
// copies, kept to about 2 M instructions of a 64 M first start (Documentation/Performance.md).
import Foundation
import Glibc
import WhatsNewCore

/// Compiled translation tables on disk, so an unchanged `.strings` file is parsed once, not
/// at every start.
///
/// Why a cache: parsing is Foundation's `PropertyListSerialization` (``StringsTable/parse(_:)``),
/// which takes about 3 ms for the app's own two tables (`Localizable.strings`, 45–70 KB); a
/// compiled table is read in place (``TranslationTable``), in a fraction of that.
///
/// A compiled copy is used only for exactly the bytes it was compiled from (``tables(_:)``),
/// so editing a `.strings` file takes effect at the next start. The cache is only an
/// optimisation: a directory that cannot be created or written, or a damaged cache file, just
/// means the file is parsed again; a file that fails to parse is never cached.
///
/// One file per table and source path (``fileName(for:)``), in a 0700 directory
/// (``init(environment:)``); writing tables also removes old ones (``removeLeftovers(in:keeping:)``).
///
/// ```swift
/// let cache = TranslationCache(environment: ProcessInfo.processInfo.environment)
/// let english = ContentLibrary.readTable(.en, localizationsDirectory: "Localizations", cache: cache)
/// ```
package struct TranslationCache: Sendable {
  /// Where compiled tables are kept; `nil` turns the cache off.
  package var directory: String?

  package init(directory: String?) {
    self.directory = directory
  }

  /// The cache under `$XDG_CACHE_HOME` or `$HOME/.cache` (`whatsnew/strings`); off when
  /// neither is an absolute path.
  package init(environment: [String: String]) {
    if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
      directory = cacheHome + "/whatsnew/strings"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      directory = home + "/.cache/whatsnew/strings"
    } else {
      directory = nil
    }
  }

  /// Why the cache directory must not be used, or `nil` when it may be (it is absent, and
  /// will be made with mode 0700, or it is a real directory owned by this user that no one
  /// else can write). A symbolic link, another user's directory or one others can write
  /// could be made to feed this process tables, or its clean-up to delete a stranger's
  /// files; like pip, the app then warns once and runs without a cache.
  package var refusal: String? {
    guard let directory else { return nil }
    // The directory and the app's own parent of it (`…/whatsnew`): both are the app's.
    for path in [Self.parent(of: directory), directory] {
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }  // absent: made with mode 0700 when needed
      if info.st_mode & S_IFMT != S_IFDIR {
        return "\(path) is \(FileBytes.kind(info.st_mode)), not a directory"
      }
      if info.st_uid != geteuid() { return "\(path) belongs to another user (uid \(info.st_uid))" }
      if info.st_mode & 0o022 != 0 {
        return "\(path) can be written by others (mode \(String(info.st_mode & 0o777, radix: 8)))"
      }
    }
    return nil
  }

  /// `path` without its last component (`/x/whatsnew/strings` → `/x/whatsnew`), by its
  /// characters: through `URL`, the checks cost a start 0.5 M instructions (they run at each
  /// read of tables), far more than their two `lstat` calls.
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "." }
    let parent = trimmed[..<slash]
    return parent.isEmpty ? "/" : String(parent)
  }

  /// This cache if its directory may be used, else no cache and a warning to print once:
  /// what is wrong with the directory and what to do.
  package func checked() -> (cache: TranslationCache, warning: String?) {
    guard let refusal else { return (self, nil) }
    return (
      .off,
      "warning: the translation cache is off: \(refusal); remove it or fix its owner and mode (0700), and whatsnew makes it again"
    )
  }

  /// No cache: every table is parsed from its `.strings` file (tests, `lint`).
  package static let off = TranslationCache(directory: nil)

  /// Tables smaller than this many bytes are parsed at every start and never cached: the
  /// per-release tables (a few kilobytes each) parse faster than a compiled copy is read,
  /// checked and, on a first start, encoded and written (see ``smallestCached``).
  package static let defaultSmallestCached = 16 << 10

  /// The smallest `.strings` file (in bytes) this cache keeps a compiled copy of.
  package var smallestCached = TranslationCache.defaultSmallestCached

  /// The tables of `sources` (each a `.strings` path and the bytes read from it), in order:
  /// from the cache where it has a copy compiled from exactly those bytes, else parsed, and
  /// stored. A source under ``smallestCached`` bytes is parsed and not stored.
  func tables(_ sources: [(path: String, bytes: [UInt8])]) -> [Result<TranslationTable, LocalizationError>] {
    // A directory that fails the checks is not read from either (two lstat calls); they are
    // skipped when no source is large enough to be cached (a release's own table).
    let cacheable = sources.contains { $0.bytes.count >= smallestCached }
    let directory = cacheable && refusal == nil ? directory : nil
    let cachePaths = sources.map { source in
      source.bytes.count < smallestCached ? nil : directory.map { $0 + "/" + Self.fileName(for: source.path) }
    }
    var results: [Result<TranslationTable, LocalizationError>?] = sources.indices.map { index in
      guard let cachePath = cachePaths[index],
        case .success(let compiled) = FileBytes.contents(
          of: cachePath, limit: 4 * ContentLibrary.tableSizeLimit, followingSymlink: false),
        let table = CompiledStringsTable.decode(compiled, source: sources[index].bytes)
      else { return nil }
      return .success(table)
    }
    let missing = sources.indices.filter { results[$0] == nil }
    guard !missing.isEmpty else { return results.map { $0! } }
    let parsed = StandardError.silenced {
      missing.map { index in
        Result { () throws(LocalizationError) in try StringsTable.parse(sources[index].bytes) }
      }
    }
    var compiledCopies: [(cachePath: String, bytes: [UInt8])] = []
    for (position, index) in missing.enumerated() {
      results[index] = parsed[position].map(TranslationTable.init)
      if case .success(let entries) = parsed[position], let cachePath = cachePaths[index] {
        compiledCopies.append((cachePath, CompiledStringsTable.encode(entries, source: sources[index].bytes)))
      }
    }
    if let directory, !compiledCopies.isEmpty { store(compiledCopies, in: directory) }
    return results.map { $0! }
  }

  /// One cache file per source file: the table's directory name plus a fingerprint of
  /// its absolute path, so two content trees never overwrite each other's tables.
  static func fileName(for path: String) -> String {
    let absolute = absolutePath(path)
    let components = absolute.split(separator: "/")
    let language = components.count >= 2 ? components[components.count - 2] : ""
    let safeLanguage = String(
      language.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || "-_.".unicodeScalars.contains($0)) })
    let hash = String(CompiledStringsTable.fingerprint(of: Array(absolute.utf8)), radix: 16)
    return "\(safeLanguage)-\(hash).compiled"
  }

  /// `path` made absolute (against the working directory), without `.` and `..` components
  /// or repeated slashes, as `URL(fileURLWithPath:).standardizedFileURL.path` gives it, by
  /// its characters: the `URL` cost every start 0.4 M instructions for its two tables.
  static func absolutePath(_ path: String) -> String {
    let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    var components: [Substring] = []
    for component in full.split(separator: "/") where component != "." {
      if component == ".." {
        _ = components.popLast()
      } else {
        components.append(component)
      }
    }
    return "/" + components.joined(separator: "/")
  }

  /// Writes each compiled table atomically (a reader sees the old file or the new one, never
  /// a part). Failures are ignored: the cache is optional.
  private func store(_ tables: [(cachePath: String, bytes: [UInt8])], in directory: String) {
    Self.makeDirectories(directory)
    // Checked again now that it exists: it may have been made (or swapped) by someone else.
    guard refusal == nil else { return }
    removeLeftovers(in: directory, keeping: Set(tables.map { String($0.cachePath.dropFirst(directory.count + 1)) }))
    for table in tables { FileBytes.replace(table.cachePath, with: table.bytes) }
  }

  /// Makes `path` and any missing parents of it, each with mode 0700 (what the XDG base
  /// directory specification asks of a cache), with `mkdir`: FileManager's `createDirectory`
  /// and its attributes dictionary cost the first start after the translations changed
  /// (`make bench`) 0.8 M instructions, nine tenths of storing both tables. Failures are
  /// left to the checks that follow.
  static func makeDirectories(_ path: String) {
    if mkdir(path, 0o700) == 0 || errno == EEXIST { return }
    guard errno == ENOENT else { return }
    let parent = parent(of: path)
    guard parent != path, parent != "/", parent != "." else { return }
    makeDirectories(parent)
    mkdir(path, 0o700)
  }

  /// How long a compiled table may go unchanged before a write of another table removes it.
  /// A table still in use is simply parsed again at its next start.
  static let staleAfter: TimeInterval = 90 * 24 * 60 * 60
  /// How old a temporary file must be before it counts as left by a process that was killed
  /// while writing it (a write takes milliseconds).
  static let abandonedAfter: TimeInterval = 60 * 60

  /// Removes compiled tables older than ``staleAfter`` (tables of content trees that were
  /// moved or deleted would otherwise stay forever), and temporaries (`<name>.<pid>.tmp`)
  /// older than ``abandonedAfter``. Runs only when tables are written, which is
  /// rare: after a translation changes.
  private func removeLeftovers(in directory: String, keeping written: Set<String>) {
    let files = FileManager.default
    let now = Date().timeIntervalSince1970
    for name in (try? files.contentsOfDirectory(atPath: directory)) ?? [] where !written.contains(name) {
      guard let kind = Self.ownFileKind(name) else { continue }
      let limit = kind == .temporary ? Self.abandonedAfter : Self.staleAfter
      // lstat, and only this user's regular files: never a link's target, never a stranger's.
      let path = directory + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_uid == geteuid() else { continue }
      if now - TimeInterval(info.st_mtim.tv_sec) > limit { unlink(path) }
    }
  }

  /// The two kinds of file the cache writes.
  enum OwnFile { case table, temporary }

  /// Whether `name` is one the cache writes: `<language>-<hex>.compiled` (``fileName(for:)``),
  /// or that followed by `.<pid>.tmp` (``FileBytes/replace(_:with:)``); `nil` for anything else.
  static func ownFileKind(_ name: String) -> OwnFile? {
    // The language as ``fileName(for:)`` keeps it (ASCII letters, `-`, `_`, `.`), the hash in hex,
    // the pid in digits, and `.tmp` as ``FileBytes/temporarySuffix``.
    guard let match = name.wholeMatch(of: /[A-Za-z_.\-]+-[0-9A-Fa-f]+\.compiled(\.[0-9]+\.tmp)?/) else { return nil }
    return match.1 == nil ? .table : .temporary
  }
}
