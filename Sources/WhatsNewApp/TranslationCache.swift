import Foundation
import WhatsNewCore

/// Compiled translation tables on disk, so an unchanged `.strings` file is parsed once,
/// not at every start.
///
/// Each table read goes: read the `.strings` bytes; if the cache holds a table compiled
/// from exactly those bytes (``CompiledStringsTable`` checks a fingerprint and the length),
/// use it; otherwise parse the file with Foundation's `PropertyListSerialization` and store
/// the result for next time. Editing a `.strings` file therefore takes effect at the next
/// start, as before. The cache is only an optimisation: a directory that cannot be created
/// or written, or a damaged cache file, just means the file is parsed again; a file that
/// fails to parse is never cached.
///
/// Files live in `$XDG_CACHE_HOME/whatsnew/strings` (else `~/.cache/whatsnew/strings`), one
/// per table and source path, created with mode 0600 in a 0700 directory. Writing a table
/// removes tables untouched for 90 days, so trees that are gone do not leave files forever.
///
/// ```swift
/// let cache = TranslationCache(environment: ProcessInfo.processInfo.environment)
/// let english = ContentLibrary.readTable(.en, localizationsDirectory: "Localizations", cache: cache)
/// ```
public struct TranslationCache: Sendable {
  /// Where compiled tables are kept; `nil` turns the cache off.
  public var directory: String?

  public init(directory: String?) {
    self.directory = directory
  }

  /// The cache under `$XDG_CACHE_HOME` or `$HOME/.cache`; off when neither is usable.
  public init(environment: [String: String]) {
    if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
      directory = cacheHome + "/whatsnew/strings"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      directory = home + "/.cache/whatsnew/strings"
    } else {
      directory = nil
    }
  }

  /// No cache: every table is parsed from its `.strings` file (tests, `lint`).
  public static let off = TranslationCache(directory: nil)

  /// The table compiled from `source` (the bytes of `path`), parsing and storing it when
  /// the cache has no trustworthy copy.
  func table(path: String, source: Data) throws(LocalizationError) -> [String: String] {
    let cachePath = directory.map { $0 + "/" + Self.fileName(for: path) }
    if let cachePath, let cached = FileManager.default.contents(atPath: cachePath),
      let table = CompiledStringsTable.decode(cached, source: source)
    {
      return table
    }
    let table = try StringsTable.parse(source)
    if let directory, let cachePath {
      store(CompiledStringsTable.encode(table, source: source), at: cachePath, in: directory)
    }
    return table
  }

  /// One cache file per source file: the table's directory name plus a fingerprint of
  /// its absolute path, so two content trees never overwrite each other's tables.
  static func fileName(for path: String) -> String {
    let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
    let language = ((path as NSString).deletingLastPathComponent as NSString).lastPathComponent
    let safeLanguage = String(
      language.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || "-_.".unicodeScalars.contains($0)) })
    let hash = String(CompiledStringsTable.fingerprint(of: Array(absolute.utf8)), radix: 16)
    return "\(safeLanguage)-\(hash).compiled"
  }

  /// Writes a compiled table next to its final name, then renames it into place, so a
  /// reader never sees half a file. Failures are ignored: the cache is optional.
  private func store(_ bytes: [UInt8], at cachePath: String, in directory: String) {
    let fileManager = FileManager.default
    try? fileManager.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    removeAbandonedTemporaries(of: cachePath, in: directory)
    removeStaleTables(in: directory, keeping: cachePath)
    let temporary = cachePath + ".\(ProcessInfo.processInfo.processIdentifier).tmp"
    guard fileManager.createFile(atPath: temporary, contents: Data(bytes), attributes: [.posixPermissions: 0o600])
    else { return }
    if rename(temporary, cachePath) != 0 { try? fileManager.removeItem(atPath: temporary) }
  }

  /// How long a compiled table may go unchanged before a write of another table removes it.
  /// A table still in use is simply compiled again at its next start.
  static let staleAfter: TimeInterval = 90 * 24 * 60 * 60

  /// Removes compiled tables older than ``staleAfter`` (tables of content trees that were
  /// moved or deleted would otherwise stay forever). Runs only when a table is written, which
  /// is rare: after a translation changes.
  private func removeStaleTables(in directory: String, keeping cachePath: String) {
    let fileManager = FileManager.default
    let keep = (cachePath as NSString).lastPathComponent
    let cutoff = Date().addingTimeInterval(-Self.staleAfter)
    for name in (try? fileManager.contentsOfDirectory(atPath: directory)) ?? []
    where name.hasSuffix(".compiled") && name != keep {
      let path = directory + "/" + name
      if let modified = (try? fileManager.attributesOfItem(atPath: path))?[.modificationDate] as? Date, modified < cutoff {
        try? fileManager.removeItem(atPath: path)
      }
    }
  }

  /// Removes `<name>.<pid>.tmp` files left by apps killed while writing this table (their
  /// process is gone); a temporary of a process still running is left alone.
  private func removeAbandonedTemporaries(of cachePath: String, in directory: String) {
    let prefix = (cachePath as NSString).lastPathComponent + "."
    for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
      guard let pid = Int32(name.dropFirst(prefix.count).dropLast(4)) else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { try? FileManager.default.removeItem(atPath: directory + "/" + name) }
    }
  }
}
