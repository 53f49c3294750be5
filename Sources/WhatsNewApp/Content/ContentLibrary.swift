public import WhatsNewCore
import WhatsNewSystem

/// The release files and translations, read from disk and validated.
///
/// Reading is the only I/O here; parsing and validation are the core's pure functions.
/// Nothing in a content file can stop the app: bad units are dropped and reported in
/// ``diagnostics`` (printed to stderr with `--dev`).
public struct ContentLibrary: Sendable {
  /// Valid releases, oldest first.
  public var releases: [Release]
  /// Translation tables that could be read.
  public var tables: [Language: TranslationTable]
  /// Diagnostics from validating the releases and reading the tables.
  public var diagnostics: [String]
  /// Why the `.strings` compiler could not compile tables (a missing or broken
  /// `whatsnew-strings` helper), each once: an install problem rather than a content one,
  /// which the app reports even without `--dev`. Also in ``diagnostics``, per table.
  public var compilerProblems: [String] = []
  public var releasesDirectory: String
  public var localizationsDirectory: String
  /// Where tables read later (on a language switch) are cached.
  public var translationCache: TranslationCache
  /// What compiles the tables read later that the cache has no copy of.
  public var stringsCompiler: StringsCompiler

  public init(
    releases: [Release], tables: [Language: TranslationTable], diagnostics: [String], releasesDirectory: String,
    localizationsDirectory: String, translationCache: TranslationCache = .off, stringsCompiler: StringsCompiler
  ) {
    self.releases = releases
    self.tables = tables
    self.diagnostics = diagnostics
    self.releasesDirectory = releasesDirectory
    self.localizationsDirectory = localizationsDirectory
    self.translationCache = translationCache
    self.stringsCompiler = stringsCompiler
  }

  /// The raw files of a content tree, for the loader and the linter.
  public struct Files: Sendable {
    public var manifest: [UInt8]?
    public var releaseFiles: [String: [UInt8]]
    public var tables: [Language: TranslationTable]
    public var unreadableTables: [Language: String]
    /// The distinct ``LocalizationError/compilerFailed(reason:)`` messages among the tables
    /// that could not be read, sorted (see ``ContentLibrary/compilerProblems``).
    public var compilerProblems: [String] = []
  }

  /// Reads both directories. Missing directories are an error (the app cannot guess);
  /// anything wrong inside them is a diagnostic.
  ///
  /// `languages` limits which translation tables are read (English is always read: the
  /// validator checks keys against it); the app reads the rest on demand. `cache` keeps
  /// compiled copies of unchanged tables (see ``TranslationCache``); `lint` passes `.off`.
  /// `compiler` compiles the tables the cache has no copy of, all in one call.
  public static func readFiles(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off, compiler: StringsCompiler
  ) throws(ContentError) -> Files {
    guard FileSystem.isDirectory(releasesDirectory) else {
      throw ContentError.missingDirectory(path: releasesDirectory, what: "release files", option: "--releases")
    }
    guard FileSystem.isDirectory(localizationsDirectory) else {
      throw ContentError.missingDirectory(path: localizationsDirectory, what: "translations", option: "--localizations")
    }
    let names = (try? FileSystem.listDirectory(releasesDirectory)) ?? []
    var releaseFiles: [String: [UInt8]] = [:]
    for name in names.sorted() where name.hasSuffix(".json") && name != "manifest.json" {
      let path = releasesDirectory + "/" + name
      // Oversized files are read only far enough for the validator to reject them.
      if let data = readPrefix(path, limit: 1_048_577) { releaseFiles[name] = data }
    }
    let manifest = readPrefix(releasesDirectory + "/manifest.json", limit: 1_048_577)
    let wanted = Language.allCases.filter { $0 == .en || languages.contains($0) }
    var tables: [Language: TranslationTable] = [:]
    var unreadable: [Language: String] = [:]
    var compilerProblems: Set<String> = []
    let results = readTables(wanted, localizationsDirectory: localizationsDirectory, cache: cache, compiler: compiler)
    for (language, result) in zip(wanted, results) {
      switch result {
      case .success(let table): tables[language] = table
      case .failure(let problem):
        unreadable[language] = problem.description
        if let error = problem.error, case .compilerFailed = error { compilerProblems.insert(error.description) }
      }
    }
    return Files(
      manifest: manifest, releaseFiles: releaseFiles, tables: tables, unreadableTables: unreadable,
      compilerProblems: compilerProblems.sorted())
  }

  /// Why a translation table could not be read, naming the file.
  public struct TableProblem: Error, Sendable, CustomStringConvertible {
    /// `<path>: <why>`.
    public var description: String
    /// The reason, when it was reading or compiling the file that failed (`nil` when the
    /// file is missing or cannot be read at all).
    public var error: LocalizationError?

    public init(description: String, error: LocalizationError? = nil) {
      self.description = description
      self.error = error
    }
  }

  /// Reads one language's `Localizable.strings`: its compiled copy in `cache` when the file
  /// has not changed, else compiled by `compiler` (the `whatsnew-strings` helper, which
  /// parses it with Foundation's `PropertyListSerialization`).
  public static func readTable(
    _ language: Language, localizationsDirectory: String, cache: TranslationCache = .off, compiler: StringsCompiler
  ) -> Result<TranslationTable, TableProblem> {
    readTables([language], localizationsDirectory: localizationsDirectory, cache: cache, compiler: compiler)[0]
  }

  /// Reads several languages' tables, one result per language in order, compiling all those
  /// the cache has no copy of with one call of `compiler` (one helper run).
  public static func readTables(
    _ languages: [Language], localizationsDirectory: String, cache: TranslationCache = .off, compiler: StringsCompiler
  ) -> [Result<TranslationTable, TableProblem>] {
    let paths = languages.map { "\(localizationsDirectory)/\($0.directoryName)/Localizable.strings" }
    var results: [Result<TranslationTable, TableProblem>?] = []
    var sources: [(path: String, bytes: [UInt8])] = []
    for path in paths {
      if let bytes = try? FileSystem.readFile(path) {
        sources.append((path, bytes))
        results.append(nil)
      } else {
        results.append(.failure(TableProblem(description: "\(path): missing or unreadable")))
      }
    }
    var read = cache.tables(sources, compiler: compiler).makeIterator()
    return zip(paths, results).map { path, result in
      if let result { return result }
      return read.next()!.mapError { TableProblem(description: "\(path): \($0)", error: $0) }
    }
  }

  /// Reads and validates both directories. Only English and `languages` are read at
  /// start-up; ``readTable(_:localizationsDirectory:cache:compiler:)`` reads another when the
  /// user switches, with the same cache and compiler.
  public static func load(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off, compiler: StringsCompiler
  ) throws(ContentError) -> ContentLibrary {
    let files = try readFiles(
      releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory, languages: languages,
      cache: cache, compiler: compiler)
    let englishKeys = files.tables[.en] ?? [:]
    let manifestDisplayPath = releasesDirectory + "/manifest.json"
    let loaded = cache.releases(
      of: releasesDirectory, manifest: files.manifest, files: files.releaseFiles,
      displayPaths: [manifestDisplayPath, releasesDirectory], englishTable: files.tables[.en]
    ) {
      ReleaseLibrary.load(
        manifest: files.manifest, manifestDisplayPath: manifestDisplayPath, files: files.releaseFiles,
        directoryDisplayPath: releasesDirectory, englishKeys: englishKeys)
    }
    var diagnostics = files.unreadableTables.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value)
    diagnostics += loaded.diagnostics.map(\.description)
    // Diagnostics quote the files, and the files may hold escape sequences: never let one
    // reach the terminal through stderr.
    diagnostics = diagnostics.map(TextSanitizer.cleanKeepingNewlines)
    var library = ContentLibrary(
      releases: loaded.releases, tables: files.tables, diagnostics: diagnostics, releasesDirectory: releasesDirectory,
      localizationsDirectory: localizationsDirectory, translationCache: cache, stringsCompiler: compiler)
    library.compilerProblems = files.compilerProblems.map(TextSanitizer.clean)
    return library
  }

  /// The first `limit` bytes of a file; `nil` when it cannot be opened, and no bytes when it
  /// opens but cannot be read (a directory named like a release file), which the validator
  /// then reports as an empty file.
  private static func readPrefix(_ path: String, limit: Int) -> [UInt8]? {
    do {
      return try FileSystem.readFile(path, limit: limit)
    } catch {
      return FileSystem.isDirectory(path) ? [] : nil
    }
  }

  /// Finds the bundled `Releases/` or `Localizations/`: next to the working directory,
  /// above the executable (a `swift build` tree), or in the installed share directory.
  public static func locateBundled(_ name: String, environment: [String: String]) -> String? {
    var candidates = [(FileSystem.currentDirectory() ?? "") + "/" + name]
    if let executable = ProcessEnvironment.executablePath() {
      var directory = FileSystem.parentDirectory(of: executable)
      for _ in 0..<6 {
        candidates.append(directory + "/" + name)
        directory = FileSystem.parentDirectory(of: directory)
      }
    }
    candidates += ["/usr/local/share/whatsnew/" + name, "/usr/share/whatsnew/" + name]
    return candidates.first { FileSystem.isDirectory($0) }
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
