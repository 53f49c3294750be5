import Foundation
import Glibc
package import WhatsNewCore

/// The release files and translations, read from disk and validated.
///
/// Reading is the only I/O here; parsing and validation are the core's pure functions.
/// Nothing in a content file can stop the app: bad units are dropped and reported in
/// ``diagnostics`` (printed to stderr with `--dev`).
///
/// The layout: `Releases/manifest.json` and one `Releases/<version>.json` per release;
/// `Localizations/<lang>.lproj/Localizable.strings` holds the app's own `ui.*` and
/// `guidance.*` texts, and `Localizations/<lang>.lproj/<version>.strings` each release's own
/// (`whatsNew.v<major>_<minor>_<patch>.*`). A start reads only what it shows (``open``);
/// ``load`` reads and validates everything (`flow`, `--dev`, tests).
package struct ContentLibrary: Sendable {
  /// Valid releases, oldest first. Reads every registered release the first time (the
  /// whole history): a start asks ``catalog`` for the ones it shows instead.
  package var releases: [Release] { catalog.allReleases() }
  /// The registered releases, each read when first asked for.
  package let catalog: ReleaseCatalog
  /// The app's own translation tables (`Localizable.strings`) that could be read.
  package var tables: [Language: TranslationTable]
  /// Diagnostics from validating the releases and reading the tables.
  package var diagnostics: [String]
  /// The validator's diagnostics as values (not yet sanitized), for `flow --dev` and
  /// `debug preview`, which list those of the releases they show.
  package var releaseDiagnostics: [ReleaseDiagnostic]
  package var localizationsDirectory: String
  /// Where tables read later (on a language switch) are cached.
  package var translationCache: TranslationCache

  /// The raw files of a content tree, for the loader and the linter.
  package struct Files: Sendable {
    package var manifest: [UInt8]? = nil
    package var releaseFiles: [String: [UInt8]] = [:]
    package var tables: [Language: TranslationTable] = [:]
    package var unreadableTables: [Language: TableProblem] = [:]
    /// Release files that are there but were not read (a FIFO, a device, a link to one), by
    /// file name, and why.
    package var unreadableReleases: [String: String] = [:]
    /// The bytes of each table that could be read (parsed or not), for `lint`'s line numbers.
    package var tableSources: [Language: [UInt8]] = [:]
    /// Why `manifest.json` was not read when it is there (a FIFO, a device): `manifest` is then `nil`.
    package var unreadableManifest: String? = nil
    /// The other `.strings` files of each language (the per-release tables, `<version>.strings`),
    /// by file name: each table, or why it could not be read.
    package var releaseTables: [Language: [String: Result<TranslationTable, TableProblem>]] = [:]
    /// The bytes of each of those that could be read, for `lint`'s line numbers.
    package var releaseTableSources: [Language: [String: [UInt8]]] = [:]
  }

  /// `manifest.json` as every command reads it (the app, `flow`, `lint`, `new-release`): its
  /// bytes (at most one past the validator's limit, so an oversized one is refused by its
  /// size, never allocated), or nothing and why when it is there but cannot be read (a FIFO,
  /// `/dev/zero`), or neither when there is no such file.
  package static func readManifest(inReleasesDirectory directory: String) -> (bytes: [UInt8]?, problem: String?) {
    let path = directory + "/" + ReleaseLibrary.manifestFileName
    var info = stat()
    guard lstat(path, &info) == 0 else { return (nil, nil) }
    switch readPrefix(path) {
    case .success(let bytes): return (bytes, nil)
    case .failure(let refusal): return (nil, refusal.description)
    }
  }

  /// Reads both directories. Missing directories are an error (the app cannot guess);
  /// anything wrong inside them is a diagnostic.
  ///
  /// `languages` limits which translation tables are read (English is always read: the
  /// validator checks keys against it); the app reads the rest on demand. `cache` keeps
  /// compiled copies of unchanged tables (see ``TranslationCache``); `lint` passes `.off`.
  package static func readFiles(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off
  ) throws(ContentError) -> Files {
    try requireDirectories(releasesDirectory, localizationsDirectory)
    let wanted = Language.allCases.filter { $0 == .en || languages.contains($0) }
    var files = readAppTables(wanted, localizationsDirectory: localizationsDirectory, cache: cache)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: releasesDirectory)) ?? []
    for name in names.sorted() where name.hasSuffix(".json") && name != "manifest.json" {
      switch readPrefix(releasesDirectory + "/" + name) {
      case .success(let data): files.releaseFiles[name] = data
      case .failure(let refusal): files.unreadableReleases[name] = refusal.description
      }
    }
    (files.manifest, files.unreadableManifest) = readManifest(inReleasesDirectory: releasesDirectory)
    for language in wanted {
      let directory = "\(localizationsDirectory)/\(language.directoryName)"
      let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter {
        $0.hasSuffix(".strings") && $0 != tableFileName
      }.sorted()
      for (name, table) in zip(names, readTables(atPaths: names.map { directory + "/" + $0 }, cache: cache)) {
        files.releaseTables[language, default: [:]][name] = table.result
        if let bytes = table.bytes { files.releaseTableSources[language, default: [:]][name] = bytes }
      }
    }
    return files
  }

  /// The app's own tables of `languages` (in ``Files/tables``), those that could not be read
  /// (``Files/unreadableTables``), and the bytes of each that could (``Files/tableSources``).
  private static func readAppTables(
    _ languages: [Language], localizationsDirectory: String, cache: TranslationCache
  ) -> Files {
    var files = Files()
    let paths = languages.map { tablePath($0, localizationsDirectory: localizationsDirectory) }
    for (language, read) in zip(languages, readTables(atPaths: paths, cache: cache)) {
      switch read.result {
      case .success(let table): files.tables[language] = table
      case .failure(let problem): files.unreadableTables[language] = problem
      }
      files.tableSources[language] = read.bytes
    }
    return files
  }

  /// The app's own table in each `<lang>.lproj`; every other `.strings` there is a release's.
  package static let tableFileName = "Localizable.strings"

  /// `<localizationsDirectory>/<lang>.lproj/Localizable.strings`.
  static func tablePath(_ language: Language, localizationsDirectory: String) -> String {
    "\(localizationsDirectory)/\(language.directoryName)/\(tableFileName)"
  }

  /// Why a translation table could not be read, naming the file.
  package struct TableProblem: Error, Sendable, CustomStringConvertible {
    /// `<path>: <why>`.
    package var description: String
    /// The reason, when it was parsing the file that failed (`nil` when the file is missing
    /// or cannot be read at all).
    package var error: LocalizationError? = nil
    /// Why the file was not read at all (it is missing, a FIFO, over the limit), when so.
    var refusal: FileBytes.Refusal? = nil
  }

  /// Reads one language's `Localizable.strings`: its compiled copy in `cache` when the file
  /// has not changed, else parsed (Foundation's `PropertyListSerialization`).
  package static func readTable(
    _ language: Language, localizationsDirectory: String, cache: TranslationCache = .off
  ) -> Result<TranslationTable, TableProblem> {
    readTables(atPaths: [tablePath(language, localizationsDirectory: localizationsDirectory)], cache: cache)[0].result
  }

  /// The largest `.strings` file read (32 MiB): a larger file (or a link to `/dev/zero`) is
  /// refused, not allocated.
  package static let tableSizeLimit = 32 << 20

  /// The table of each `.strings` file in `paths`, in order (through `cache`), and the bytes
  /// of each file that could be read.
  static func readTables(
    atPaths paths: [String], cache: TranslationCache
  ) -> [(result: Result<TranslationTable, TableProblem>, bytes: [UInt8]?)] {
    let reads = paths.map { FileBytes.contents(of: $0, limit: tableSizeLimit) }
    // The files that could be read go to the cache together, in order.
    let sources = zip(paths, reads).compactMap { path, read in (try? read.get()).map { (path: path, bytes: $0) } }
    var tables = cache.tables(sources).makeIterator()
    return zip(paths, reads).map { path, read in
      switch read {
      case .success(let bytes):
        return (tables.next()!.mapError { TableProblem(description: "\(path): \($0)", error: $0) }, bytes)
      case .failure(let refusal):
        return (.failure(TableProblem(description: "\(path): cannot be read: \(refusal)", refusal: refusal)), nil)
      }
    }
  }

  /// What a start reads: the manifest and the app's own tables (English and `languages`),
  /// no release: ``catalog`` reads each when first asked for (the tour's, `news`'s), with
  /// its per-release tables, through `reader`. A missing directory, or an English table that
  /// cannot be read or parsed (``EnglishTable``), is an error, as for
  /// ``load(releasesDirectory:localizationsDirectory:languages:cache:)``.
  package static func open(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off, observe: @escaping @Sendable (String) -> Void = { _ in }
  ) throws(ContentError) -> ContentLibrary {
    try requireDirectories(releasesDirectory, localizationsDirectory)
    let manifest = readManifest(inReleasesDirectory: releasesDirectory)
    let manifestPath = releasesDirectory + "/" + ReleaseLibrary.manifestFileName
    let registered = ReleaseLibrary.registered(
      manifest: manifest.bytes, manifestDisplayPath: manifestPath, unreadableManifest: manifest.problem)
    let wanted = Language.allCases.filter { $0 == .en || languages.contains($0) }
    let read = readAppTables(wanted, localizationsDirectory: localizationsDirectory, cache: cache)
    if let problem = read.unreadableTables[.en] { throw ContentError.englishTable(problem) }
    var tables = read.tables
    let problems = wanted.compactMap { read.unreadableTables[$0]?.description }
    let notes = limitingTexts(in: &tables, localizationsDirectory: localizationsDirectory)
    // A version registered twice is its first entry's.
    let entries = Dictionary(registered.entries.map { ($0.version, $0) }, uniquingKeysWith: { first, _ in first })
    let catalog = ReleaseCatalog(
      versions: entries.keys.sorted(),
      source: ReleaseCatalog.Source(
        releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory,
        manifest: manifest.bytes ?? [], entries: entries, cache: cache, observe: observe,
        uiEnglish: tables[.en] ?? [:]))
    let diagnostics = (problems + notes + registered.diagnostics.map(\.locatedDescription)).map(
      TextSanitizer.cleanKeepingNewlines)
    return ContentLibrary(
      catalog: catalog, tables: tables, diagnostics: diagnostics, releaseDiagnostics: registered.diagnostics,
      localizationsDirectory: localizationsDirectory, translationCache: cache)
  }

  /// The error naming the first of `releases` (when given) and `localizations` that is not a directory.
  static func requireDirectories(_ releases: String?, _ localizations: String) throws(ContentError) {
    if let releases, !isDirectory(releases) {
      throw ContentError.missingDirectory(path: releases, what: "release files", option: "--releases")
    }
    guard isDirectory(localizations) else {
      throw ContentError.missingDirectory(path: localizations, what: "translations", option: "--localizations")
    }
  }

  /// Reads and validates both directories: every release and its per-release tables (the
  /// whole history: `flow`, `--dev`, tests). Only English and `languages` are read; the app
  /// reads another language's tables when the user switches, with the same cache. An English
  /// table that cannot be read or parsed is an error (``EnglishTable``).
  package static func load(
    releasesDirectory: String, localizationsDirectory: String, languages: Set<Language> = Set(Language.allCases),
    cache: TranslationCache = .off
  ) throws(ContentError) -> ContentLibrary {
    let files = try readFiles(
      releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory, languages: languages,
      cache: cache)
    var tables = files.tables
    if let problem = files.unreadableTables[.en] { throw ContentError.englishTable(problem) }
    var notes = limitingTexts(in: &tables, localizationsDirectory: localizationsDirectory)
    // Each per-release table by its release's key prefix (`whatsNew.v2_13_1`), from its file name.
    var releaseTables: [Language: [String: TranslationTable]] = [:]
    var problems: [String] = []
    for (language, byName) in files.releaseTables.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
      for (name, result) in byName.sorted(by: { $0.key < $1.key }) {
        switch result {
        case .success(let table):
          guard let version = Version(String(name.dropLast(".strings".count))) else { continue }
          let limited = limitingTexts(table, language, localizationsDirectory: localizationsDirectory, fileName: name)
          notes += limited.notes
          releaseTables[language, default: [:]][ReleaseScaffold.keyPrefix(for: version)] = limited.table
        case .failure(let problem): problems.append(problem.description)
        }
      }
    }
    let loaded = ReleaseLibrary.load(
      manifest: files.manifest, manifestDisplayPath: releasesDirectory + "/manifest.json", files: files.releaseFiles,
      directoryDisplayPath: releasesDirectory,
      englishKeys: ReleaseKeys(ui: tables[.en] ?? [:], release: [:], others: releaseTables[.en] ?? [:]),
      unreadable: files.unreadableReleases, unreadableManifest: files.unreadableManifest)
    var diagnostics =
      files.unreadableTables.sorted { $0.key.rawValue < $1.key.rawValue }.map(\.value.description) + problems + notes
    diagnostics += loaded.diagnostics.map(\.locatedDescription)
    // Diagnostics quote the files, and the files may hold escape sequences: never let one
    // reach the terminal through stderr.
    diagnostics = diagnostics.map(TextSanitizer.cleanKeepingNewlines)
    // Another language's per-release tables are read when the user switches to it.
    let catalog = ReleaseCatalog(
      releases: loaded.releases, releaseTables: releaseTables,
      source: ReleaseCatalog.Source(
        releasesDirectory: releasesDirectory, localizationsDirectory: localizationsDirectory, manifest: files.manifest ?? [],
        entries: [:], cache: cache, uiEnglish: tables[.en] ?? [:]))
    return ContentLibrary(
      catalog: catalog, tables: tables, diagnostics: diagnostics, releaseDiagnostics: loaded.diagnostics,
      localizationsDirectory: localizationsDirectory, translationCache: cache)
  }

  /// `table` without the texts `lint` refuses for their length (over
  /// ``ContentLinter/maximumTextLength`` characters: a page shows a text whole, and laying out
  /// a 10 MB one took seconds a render), and `notes` with one developer note for each, worded
  /// as `lint` words it. The app shows such a key as it shows a missing one (English, else
  /// the key's readable fallback).
  package static func limitingTexts(
    _ table: TranslationTable, _ language: Language, localizationsDirectory: String, fileName: String = tableFileName
  ) -> (table: TranslationTable, notes: [String]) {
    let limit = ContentLinter.maximumTextLength
    let long = table.keys(withTextsOver: limit)
    guard !long.isEmpty else { return (table, []) }
    let path = "\(localizationsDirectory)/\(language.directoryName)/\(fileName)"
    let added = long.map { key in
      TextSanitizer.clean(
        "\(path): \(key): \(language.nativeName) text of \(table[key]?.unicodeScalars.count ?? 0) characters, over the "
          + "\(limit)-character limit for one text; not shown (as if missing): shorten it or split it")
    }
    return (table.removing(long), added)
  }

  /// Each of the app's own `tables` through ``limitingTexts(_:_:localizationsDirectory:fileName:)``, and all their notes.
  static func limitingTexts(in tables: inout [Language: TranslationTable], localizationsDirectory: String) -> [String] {
    var notes: [String] = []
    for language in Language.allCases {
      guard let table = tables[language] else { continue }
      let limited = limitingTexts(table, language, localizationsDirectory: localizationsDirectory)
      tables[language] = limited.table
      notes += limited.notes
    }
    return notes
  }

  /// A release file or the manifest: no bytes for a directory (the validator reports an
  /// empty file); else a regular file, read only one byte past the validator's limit, so an
  /// oversized one is still rejected by the validator, by its size. A FIFO or a device is
  /// refused, never read: it could block the start or never end.
  static func readPrefix(_ path: String) -> Result<[UInt8], FileBytes.Refusal> {
    let read = FileBytes.contents(of: path, limit: ReleaseValidator.maximumFileSize + 1, truncating: true)
    return read == .failure(.notARegularFile("a directory")) ? .success([]) : read
  }

  /// Whether `path` is a directory or a link to one: how every command finds its content.
  static func isDirectory(_ path: String) -> Bool {
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
  }

  /// Finds the bundled `Releases/` or `Localizations/` from the executable (links resolved),
  /// never from the working directory: where `make install` puts them, `<bin>/../share/whatsnew/`,
  /// else in the source tree it was built in (the nearest directory above it holding
  /// `Package.swift`: `swift build`, `swift run`, the tests); else the error naming both.
  /// A directory `given` on the command line is taken as it is.
  package static func locateBundled(_ name: String, unless given: String?) throws(ContentError) -> String {
    if let given { return given }
    let executable = (Bundle.main.executableURL ?? URL(fileURLWithPath: "/proc/self/exe")).resolvingSymlinksInPath()
    var directory = executable.deletingLastPathComponent()
    let installed = directory.deletingLastPathComponent().path + "/share/whatsnew/" + name
    if isDirectory(installed) { return installed }
    for _ in 0..<5 {
      directory = directory.deletingLastPathComponent()
      if FileManager.default.fileExists(atPath: directory.path + "/Package.swift") {
        if isDirectory(directory.path + "/" + name) { return directory.path + "/" + name }
        break
      }
    }
    let releases = name == "Releases"
    throw .notFound(
      installed: installed, what: releases ? "release files" : "translations",
      option: releases ? "--releases" : "--localizations")
  }
}

/// Content that cannot be found at all, or without which nothing can be said.
package enum ContentError: Error, CustomStringConvertible, Sendable {
  case missingDirectory(path: String, what: String, option: String)
  /// Neither where `make install` puts it (`installed`) nor in a source tree above the program.
  case notFound(installed: String, what: String, option: String)
  /// The English table (`en.lproj/Localizable.strings`) is missing, cannot be read, or does
  /// not parse: every English text of the app is written there (``EnglishTable``).
  case englishTable(ContentLibrary.TableProblem)

  package var description: String {
    switch self {
    case .missingDirectory(let path, let what, let option):
      "cannot read the \(what): '\(path)' is not a directory (pass \(option) DIR)"
    case .notFound(let installed, let what, let option):
      "cannot find the \(what): not in \(installed), where make install puts them beside the program, nor in "
        + "a source tree above it (the current directory is not searched): reinstall, or pass \(option) DIR"
    case .englishTable(let problem) where problem.error == nil:
      "cannot read the English texts: \(problem) (the app's English is written only there: put the file back, "
        + "or pass --localizations DIR with an en.lproj/\(ContentLibrary.tableFileName) in it)"
    case .englishTable(let problem):
      "cannot read the English texts: \(problem) (the app's English is written only there: fix the file; "
        + "whatsnew lint names the place)"
    }
  }

  /// How a command that needs the content exits without it: 65 for an English table that does
  /// not parse (bad data, as `lint`'s problems), else 66 (an input that cannot be read).
  var exitStatus: Int32 {
    if case .englishTable(let problem) = self, problem.error != nil { return ExitStatus.dataError }
    return ExitStatus.noInput
  }
}
