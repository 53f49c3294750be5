import Foundation
import Synchronization
public import WhatsNewCore

/// The release files and translations, read from disk and validated.
///
/// Reading is the only I/O here; parsing and validation are the core's pure functions.
/// Nothing in a content file can stop the app: bad units are dropped and reported in
/// ``diagnostics`` (printed to stderr with `--dev`).
public struct ContentLibrary: Sendable {
  /// Valid releases, oldest first.
  public var releases: [Release]
  /// Translation tables that could be read.
  public var tables: [Language: [String: String]]
  /// Diagnostics from validating the releases and reading the tables.
  public var diagnostics: [String]
  public var releasesDirectory: String
  public var localizationsDirectory: String
  /// Where tables read later (on a language switch) are cached.
  public var translationCache: TranslationCache

  public init(
    releases: [Release], tables: [Language: [String: String]], diagnostics: [String], releasesDirectory: String,
    localizationsDirectory: String, translationCache: TranslationCache = .off
  ) {
    self.releases = releases
    self.tables = tables
    self.diagnostics = diagnostics
    self.releasesDirectory = releasesDirectory
    self.localizationsDirectory = localizationsDirectory
    self.translationCache = translationCache
  }

  /// The raw files of a content tree, for the loader and the linter.
  public struct Files: Sendable {
    public var manifest: [UInt8]?
    public var releaseFiles: [String: [UInt8]]
    public var tables: [Language: [String: String]]
    public var unreadableTables: [Language: String]
  }

  /// Reads both directories. Missing directories are an error (the app cannot guess);
  /// anything wrong inside them is a diagnostic.
  ///
  /// `languages` limits which translation tables are parsed (English is always read: the
  /// validator checks keys against it); the app reads the rest on demand. `cache` keeps
  /// compiled copies of unchanged tables (see ``TranslationCache``); `lint` passes `.off`.
  public static func readFiles(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off
  ) throws(ContentError) -> Files {
    let fileManager = FileManager.default
    var isDirectory: ObjCBool = false
    guard fileManager.fileExists(atPath: releasesDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw ContentError.missingDirectory(path: releasesDirectory, what: "release files", option: "--releases")
    }
    guard fileManager.fileExists(atPath: localizationsDirectory, isDirectory: &isDirectory), isDirectory.boolValue else {
      throw ContentError.missingDirectory(path: localizationsDirectory, what: "translations", option: "--localizations")
    }
    let names = (try? fileManager.contentsOfDirectory(atPath: releasesDirectory)) ?? []
    var releaseFiles: [String: [UInt8]] = [:]
    for name in names.sorted() where name.hasSuffix(".json") && name != "manifest.json" {
      let path = releasesDirectory + "/" + name
      // Oversized files are read only far enough for the validator to reject them.
      if let data = readPrefix(path, limit: 1_048_577) { releaseFiles[name] = data }
    }
    let manifest = readPrefix(releasesDirectory + "/manifest.json", limit: 1_048_577)
    // The tables are independent: big ones (a long release history) are read side by side;
    // small ones on this thread, where waking a worker would cost more than it saves.
    let wanted = Language.allCases.filter { $0 == .en || languages.contains($0) }
    let results = Mutex<[Language: Result<[String: String], TableProblem>]>([:])
    let readOne = { @Sendable (index: Int) in
      let result = readTable(wanted[index], localizationsDirectory: localizationsDirectory, cache: cache)
      results.withLock { $0[wanted[index]] = result }
    }
    let totalBytes = wanted.reduce(0) { total, language in
      let path = "\(localizationsDirectory)/\(language.directoryName)/Localizable.strings"
      return total + ((try? fileManager.attributesOfItem(atPath: path)[.size] as? Int) ?? 0)
    }
    if totalBytes > 1 << 20 {
      DispatchQueue.concurrentPerform(iterations: wanted.count, execute: readOne)
    } else {
      for index in wanted.indices { readOne(index) }
    }
    var tables: [Language: [String: String]] = [:]
    var unreadable: [Language: String] = [:]
    for (language, result) in results.withLock({ $0 }) {
      switch result {
      case .success(let table): tables[language] = table
      case .failure(let problem): unreadable[language] = problem.description
      }
    }
    return Files(manifest: manifest, releaseFiles: releaseFiles, tables: tables, unreadableTables: unreadable)
  }

  /// Why a translation table could not be read, naming the file.
  public struct TableProblem: Error, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// Reads one language's `Localizable.strings` with Foundation's `PropertyListSerialization`,
  /// or its compiled copy in `cache` when the file has not changed.
  public static func readTable(
    _ language: Language, localizationsDirectory: String, cache: TranslationCache = .off
  ) -> Result<[String: String], TableProblem> {
    let path = "\(localizationsDirectory)/\(language.directoryName)/Localizable.strings"
    guard let data = FileManager.default.contents(atPath: path) else {
      return .failure(TableProblem(description: "\(path): missing or unreadable"))
    }
    do {
      return .success(try cache.table(path: path, source: data))
    } catch {
      return .failure(TableProblem(description: "\(path): \(error)"))
    }
  }

  /// Reads and validates both directories. Only English and `languages` are parsed at
  /// start-up; ``readTable(_:localizationsDirectory:)`` reads another when the user switches.
  public static func load(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off
  ) throws(ContentError) -> ContentLibrary {
    let files = try readFiles(
      releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory, languages: languages,
      cache: cache)
    let englishKeys = (files.tables[.en] ?? [:]).keys
    let loaded = ReleaseLibrary.load(
      manifest: files.manifest, manifestDisplayPath: releasesDirectory + "/manifest.json", files: files.releaseFiles,
      directoryDisplayPath: releasesDirectory, englishKeys: englishKeys)
    var diagnostics = files.unreadableTables.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
    diagnostics += loaded.diagnostics.map(\.description)
    // Diagnostics quote the files, and the files may hold escape sequences: never let one
    // reach the terminal through stderr.
    diagnostics = diagnostics.map(TextSanitizer.cleanKeepingNewlines)
    return ContentLibrary(
      releases: loaded.releases, tables: files.tables, diagnostics: diagnostics, releasesDirectory: releasesDirectory,
      localizationsDirectory: localizationsDirectory, translationCache: cache)
  }

  private static func readPrefix(_ path: String, limit: Int) -> [UInt8]? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: limit) else { return [] }
    return [UInt8](data)
  }

  /// Finds the bundled `Releases/` or `Localizations/`: next to the working directory,
  /// above the executable (a `swift build` tree), or in the installed share directory.
  public static func locateBundled(_ name: String, environment: [String: String]) -> String? {
    let fileManager = FileManager.default
    var candidates = [fileManager.currentDirectoryPath + "/" + name]
    if let executable = try? fileManager.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
      var directory = (executable as NSString).deletingLastPathComponent
      for _ in 0..<6 {
        candidates.append(directory + "/" + name)
        directory = (directory as NSString).deletingLastPathComponent
      }
    }
    candidates += ["/usr/local/share/whatsnew/" + name, "/usr/share/whatsnew/" + name]
    return candidates.first { path in
      var isDirectory: ObjCBool = false
      return fileManager.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
  }
}

/// Content that cannot be found at all.
public enum ContentError: Error, CustomStringConvertible, Sendable {
  case missingDirectory(path: String, what: String, option: String)
  case notFound(what: String, option: String)

  public var description: String {
    switch self {
    case .missingDirectory(let path, let what, let option):
      "cannot read the \(what): '\(path)' is not a directory (pass \(option) DIR)"
    case .notFound(let what, let option):
      "cannot find the bundled \(what) (pass \(option) DIR)"
    }
  }
}
