import Dispatch
import Synchronization
import WhatsNewCore
import WhatsNewSystem

/// Compiled translation tables on disk, so an unchanged `.strings` file is compiled once,
/// not at every start.
///
/// The app does not parse `.strings` text: a ``StringsCompiler`` does (the `whatsnew-strings`
/// helper, which runs Foundation's `PropertyListSerialization`), and gives back each table
/// as a ``CompiledStringsTable`` stamped with a fingerprint of the exact bytes it was
/// compiled from. Reading tables goes: read each `.strings` file's bytes; if the cache holds
/// a table compiled from exactly those bytes, use it; compile all the others with one call of
/// the compiler (one helper run, however many tables), check each result against the bytes
/// read, and store it for next time. A start with every table cached never runs the helper.
/// Editing a `.strings` file therefore takes effect at the next start, as before. The cache
/// is only an optimisation: a directory that cannot be created or written, or a damaged
/// cache file, just means the file is compiled again; a file that fails to compile is never
/// cached.
///
/// Files live in `$XDG_CACHE_HOME/whatsnew/strings` (else `~/.cache/whatsnew/strings`), one
/// per table and source path, created with mode 0600 in a 0700 directory, each written to a
/// temporary file and renamed into place. Writing tables removes temporaries of processes
/// that died while writing them, and tables untouched for 90 days, so trees that are gone do
/// not leave files forever.
///
/// ```swift
/// let cache = TranslationCache(environment: ProcessEnvironment.variables())
/// let english = ContentLibrary.readTable(
///   .en, localizationsDirectory: "Localizations", cache: cache, compiler: .live(environment: environment))
/// ```
public struct TranslationCache: Sendable {
  /// Where compiled tables are kept; `nil` turns the cache off.
  public var directory: String?
  /// Where validated releases are kept (``CompiledReleases``); `nil` validates at every start.
  public var releasesDirectory: String?

  public init(directory: String?, releasesDirectory: String? = nil) {
    self.directory = directory
    self.releasesDirectory = releasesDirectory
  }

  /// The cache under `$XDG_CACHE_HOME` or `$HOME/.cache` (`whatsnew/strings` and
  /// `whatsnew/releases`); off when neither is usable.
  public init(environment: [String: String]) {
    let base: String?
    if let cacheHome = environment["XDG_CACHE_HOME"], cacheHome.hasPrefix("/") {
      base = cacheHome + "/whatsnew"
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = home + "/.cache/whatsnew"
    } else {
      base = nil
    }
    directory = base.map { $0 + "/strings" }
    releasesDirectory = base.map { $0 + "/releases" }
  }

  /// No cache: every table is compiled from its `.strings` file (tests, `lint`).
  public static let off = TranslationCache(directory: nil)

  /// The tables of `sources` (each a `.strings` path and the bytes read from it), in order:
  /// from the cache where it has a copy compiled from exactly those bytes, else compiled by
  /// `compiler`, all in one call, and stored.
  func tables(_ sources: [(path: String, bytes: [UInt8])], compiler: StringsCompiler) -> [Result<
    TranslationTable, LocalizationError
  >] {
    let cachePaths = sources.map { source in directory.map { $0 + "/" + Self.fileName(for: source.path) } }
    var results: [Result<TranslationTable, LocalizationError>?] = Array(repeating: nil, count: sources.count)
    if directory != nil {
      // A closure, not `\.bytes.count`: a key path is built at run time (40k instructions).
      results = Self.sideBySide(sources.map { $0.bytes.count }) { index in
        guard let cachePath = cachePaths[index], let compiled = try? FileSystem.readFile(cachePath),
          let table = CompiledStringsTable.decode(compiled, source: sources[index].bytes)
        else { return nil }
        return .success(table)
      }
    }
    let missing = sources.indices.filter { results[$0] == nil }
    guard !missing.isEmpty else { return results.map { $0! } }
    let compiled = compiler.compile(missing.map { sources[$0].path })
    // The compiler read each file again: a table compiled from other bytes is for another
    // version of the file, never to be used for (or stored as) this one.
    let decoded = Self.sideBySide(missing.map { sources[$0].bytes.count }) { position in
      compiled[position].flatMap { bytes -> Result<TranslationTable, LocalizationError> in
        guard let table = CompiledStringsTable.decode(bytes, source: sources[missing[position]].bytes) else {
          return .failure(.fileUnreadable(reason: "it changed while it was being read (start again to read the new version)"))
        }
        return .success(table)
      }
    }
    var compiledCopies: [(cachePath: String, bytes: [UInt8])] = []
    for (position, index) in missing.enumerated() {
      results[index] = decoded[position]
      if case .success = decoded[position], case .success(let bytes) = compiled[position], let cachePath = cachePaths[index] {
        compiledCopies.append((cachePath, bytes))
      }
    }
    if let directory, !compiledCopies.isEmpty { store(compiledCopies, in: directory) }
    return results.map { $0! }
  }

  /// Above this many bytes of `.strings` files in all, their compiled tables are decoded side
  /// by side.
  ///
  /// Measured (2 cores, release build, `whatsnew flow` on the benchmark's 1,000 generated
  /// releases, whose English and Spanish tables are about 5 MB each, medians of 25 runs): a
  /// start from the cache took 209 ms decoding the two one after the other and 185 ms side by
  /// side; decoding what the helper compiled on a first start gains about as much (712 against
  /// 679 ms). For the shipped tables (tens of kilobytes) it makes no measurable difference
  /// (a start from the cache: 9.70 against 9.68 ms, 60 runs each), so small tables are decoded
  /// on this thread. Parsing side by side is the helper's business (`StringsFileCompiler`).
  static let sideBySideThreshold = 1 << 20

  /// `body` for each index of `sizes` (the bytes each will read), in order: on this thread,
  /// or side by side when there are several and together they pass ``sideBySideThreshold``.
  private static func sideBySide<Value: Sendable>(_ sizes: [Int], _ body: @Sendable (Int) -> Value) -> [Value] {
    guard sizes.count > 1, sizes.reduce(0, +) > sideBySideThreshold else { return sizes.indices.map(body) }
    let values = Mutex<[Value?]>(Array(repeating: nil, count: sizes.count))
    DispatchQueue.concurrentPerform(iterations: sizes.count) { index in
      let value = body(index)
      values.withLock { $0[index] = value }
    }
    // concurrentPerform returns once every index has run, so every slot is filled.
    return values.withLock { $0 }.map { $0! }
  }

  /// The validated releases of a release directory: from the cache when it holds them for
  /// exactly these inputs (``CompiledReleases``), else `validate()`'s, then stored for the
  /// next start. The inputs are the files, the names diagnostics give them, the English
  /// table's entries and the running executable (a new build may validate differently), so
  /// a change to any of them validates again.
  func releases(
    of contentDirectory: String, manifest: [UInt8]?, files: [String: [UInt8]], displayPaths: [String],
    englishTable: TranslationTable?, validate: () -> (releases: [Release], diagnostics: [ReleaseDiagnostic])
  ) -> (releases: [Release], diagnostics: [ReleaseDiagnostic]) {
    guard let directory = self.releasesDirectory, let program = Self.programIdentity() else { return validate() }
    let inputs = CompiledReleases.inputsFingerprint(
      manifest: manifest, files: files, displayPaths: displayPaths, englishKeys: englishTable?.fingerprint ?? 0,
      program: program)
    let cachePath = directory + "/" + Self.releasesFileName(for: contentDirectory)
    if let bytes = try? FileSystem.readFile(cachePath), let cached = CompiledReleases.decode(bytes, inputs: inputs) {
      return cached
    }
    let validated = validate()
    store(
      [(cachePath, CompiledReleases.encode(validated.releases, diagnostics: validated.diagnostics, inputs: inputs))],
      in: directory)
    return validated
  }

  /// What identifies the running executable: its path, size, modification time and inode.
  /// `nil` when the system does not say, and then nothing is cached.
  static func programIdentity() -> [UInt8]? {
    guard let path = ProcessEnvironment.executablePath(), let status = FileSystem.status(path) else { return nil }
    return Array(
      "\(path)\u{0}\(status.size)\u{0}\(status.modificationTime).\(status.modificationNanoseconds)\u{0}\(status.device):\(status.inode)"
        .utf8)
  }

  /// The validated releases of a release directory: `releases-` and a fingerprint of its
  /// absolute path.
  static func releasesFileName(for releasesDirectory: String) -> String {
    "releases-\(pathHash(releasesDirectory)).compiled"
  }

  /// A fingerprint of `path` made absolute, in hexadecimal: what keeps the cache files of two
  /// content trees apart.
  private static func pathHash(_ path: String) -> String {
    String(CompiledStringsTable.fingerprint(of: Array(FileSystem.absolutePath(path).utf8)), radix: 16)
  }

  /// One cache file per source file: the table's directory name plus a fingerprint of
  /// its absolute path, so two content trees never overwrite each other's tables.
  static func fileName(for path: String) -> String {
    let language = FileSystem.lastComponent(of: FileSystem.parentDirectory(of: path))
    // ASCII letters and `-_.` only, compared as bytes: Unicode property lookups cost more
    // at start-up than everything else here.
    let safeLanguage = String(
      decoding: language.utf8.filter { byte in
        (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F || byte == 0x2E
      }, as: UTF8.self)
    return "\(safeLanguage)-\(pathHash(path)).compiled"
  }

  /// Writes each compiled table to a temporary file next to its final name, then renames it
  /// into place, so a reader never sees half a file. Failures are ignored: the cache is
  /// optional.
  private func store(_ tables: [(cachePath: String, bytes: [UInt8])], in directory: String) {
    try? FileSystem.createDirectory(directory, permissions: 0o700, intermediates: true)
    let names = (try? FileSystem.listDirectory(directory)) ?? []
    let written = Set(tables.map { FileSystem.lastComponent(of: $0.cachePath) })
    removeAbandonedTemporaries(of: written, among: names, in: directory)
    removeStaleTables(among: names, keeping: written, in: directory)
    for table in tables {
      try? FileSystem.writeFileAtomically(table.cachePath, contents: table.bytes, permissions: 0o600)
    }
  }

  /// How long, in seconds, a compiled table may go unchanged before a write of another
  /// table removes it. A table still in use is simply compiled again at its next start.
  static let staleAfter: Int64 = 90 * 24 * 60 * 60

  /// Removes compiled tables older than ``staleAfter`` (tables of content trees that were
  /// moved or deleted would otherwise stay forever). Runs only when tables are written, which
  /// is rare: after a translation changes.
  private func removeStaleTables(among names: [String], keeping written: Set<String>, in directory: String) {
    let cutoff = WallClock.now().seconds - Self.staleAfter
    for name in names where name.hasSuffix(".compiled") && !written.contains(name) {
      let path = directory + "/" + name
      if let modified = FileSystem.status(path)?.modificationTime, modified < cutoff {
        try? FileSystem.removeFile(path)
      }
    }
  }

  /// Removes `<name>.<pid>.tmp` files of the tables being written, left by apps killed while
  /// writing them (their process is gone); a temporary of a process still running is left alone.
  private func removeAbandonedTemporaries(of written: Set<String>, among names: [String], in directory: String) {
    for name in names where name.hasSuffix(".tmp") {
      // `<table>.compiled.<pid>.tmp`: the table's name is everything before the second-last dot.
      let withoutSuffix = name.dropLast(4)
      guard let dot = withoutSuffix.lastIndex(of: "."), written.contains(String(withoutSuffix[..<dot])),
        let pid = Int32(withoutSuffix[withoutSuffix.index(after: dot)...])
      else { continue }
      if !ProcessEnvironment.isRunning(pid) { try? FileSystem.removeFile(directory + "/" + name) }
    }
  }
}
