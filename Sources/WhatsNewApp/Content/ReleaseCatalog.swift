import Synchronization
package import WhatsNewCore

/// The registered releases, each read, validated and given its translations only when
/// something asks for it: a start reads the manifest, then the release files and
/// per-release tables (`Localizations/<lang>.lproj/<version>.strings`) of the releases its
/// tour can show, and nothing of the rest of the history. `news <version>` and
/// `debug preview` read their one release when opened; `flow`, `lint`, `--dev` and the QA
/// explorers read them all (``allReleases()``).
///
/// It serves the `make bench` rows "warm start, 1,000 releases against 10" and "first start,
/// 1,000 releases against 10" (a one-release tour must start as fast whatever the history).
///
/// Thread-safe: the line editor's thread may look up a text.
///
/// ```swift
/// let catalog = ContentLibrary.open(releasesDirectory: "Releases", localizationsDirectory: "Localizations").catalog
/// catalog.versions                       // from manifest.json alone
/// catalog.release(Version("2.13.1")!)    // reads Releases/2.13.1.json and en.lproj/2.13.1.strings
/// ```
package final class ReleaseCatalog: Sendable {
  /// The registered versions, ascending, each once (from `manifest.json` alone).
  package let versions: [Version]
  private let source: Source
  private let state: Mutex<State>

  /// Where a catalog that reads lazily reads from.
  struct Source: Sendable {
    var releasesDirectory: String
    var localizationsDirectory: String
    var manifest: [UInt8]
    var entries: [Version: ManifestEntry]
    var cache: TranslationCache
    /// Told each file's path before it is read (a test counts what a start opens).
    var observe: @Sendable (String) -> Void = { _ in }
    /// The app's own English table (`Localizable.strings`): with the release's own English
    /// table, the keys the validator checks a release's against.
    var uiEnglish: TranslationTable
  }

  private struct State {
    /// Every release looked at, valid or not (`nil`: dropped or missing).
    var releases: [Version: Release?] = [:]
    var diagnostics: [Version: [ReleaseDiagnostic]] = [:]
    /// Per-release tables by language and key prefix (`whatsNew.v2_13_1`); an absent file is an empty table.
    var tables: [Language: [String: TranslationTable]] = [:]
    /// The key prefix of each release looked at, to its version: whose table a key's text is in.
    var owners: [String: Version] = [:]
    /// Whether ``owners`` holds every registered version.
    var ownersComplete = false
  }

  /// What the manifest says of the attention budget: guides' and popovers' rules, the pace.
  package let attention: Attention

  /// A catalog that reads each release when first asked for it.
  init(versions: [Version], source: Source) {
    self.versions = versions
    self.source = source
    attention = ReleaseValidator.attention(source.manifest)
    state = Mutex(State())
  }

  /// Releases already read, with `releaseTables` by language, then key prefix
  /// (``ReleaseScaffold/keyPrefix(for:)``); the per-release tables of other languages are
  /// read from `source` when first needed (after a language switch).
  init(releases: [Release], releaseTables: [Language: [String: TranslationTable]], source: Source) {
    let sorted = releases.sorted { $0.version < $1.version }
    versions = sorted.map(\.version)
    self.source = source
    attention = ReleaseValidator.attention(source.manifest)
    var state = State()
    for release in sorted {
      state.releases[release.version] = .some(release)
      state.owners[ReleaseScaffold.keyPrefix(for: release.version)] = release.version
    }
    state.tables = releaseTables
    self.state = Mutex(state)
  }

  /// The release of `version`, read and validated on first use; `nil` when it is not
  /// registered, its file is missing or it was dropped.
  package func release(_ version: Version) -> Release? {
    state.withLock { load(version, &$0) }
  }

  /// The registered releases with `seenThrough < version <= current`, ascending: every one a
  /// tour for that user can show or name (the cap's left-out releases included).
  package func window(seenThrough: Version?, current: Version) -> [Release] {
    let wanted = versions.filter { version in version <= current && (seenThrough.map { version > $0 } ?? true) }
    return state.withLock { state in wanted.compactMap { load($0, &state) } }
  }

  /// Every registered release, ascending (reads the whole history).
  package func allReleases() -> [Release] {
    state.withLock { state in versions.compactMap { load($0, &state) } }
  }

  /// What validating the releases read so far reported, in version order.
  package var diagnostics: [ReleaseDiagnostic] {
    state.withLock { state in versions.flatMap { state.diagnostics[$0] ?? [] } }
  }

  /// The text of a release key (`whatsNew.v2_13_1.…`) in `language`, from its release's own
  /// table (`Localizations/<lang>.lproj/<version>.strings`), or `nil` when that table has none.
  package func text(for key: String, in language: Language) -> String? {
    guard let prefix = ReleaseScaffold.releasePrefix(of: key) else { return nil }
    return state.withLock { state in table(prefix, language, &state)?[key] }
  }

  // MARK: - Reading

  private func load(_ version: Version, _ state: inout State) -> Release? {
    if let known = state.releases[version] { return known }
    guard let entry = source.entries[version] else { return nil }
    let path = source.releasesDirectory + "/\(version).json"
    source.observe(path)
    var bytes: [UInt8]?
    var unreadable: String?
    // As `lint` and `flow` read it: a directory reads as an empty file, which the validator names.
    switch ContentLibrary.readPrefix(path) {
    case .success(let data): bytes = data
    case .failure(let refusal): if !refusal.isMissing { unreadable = refusal.description }
    }
    let prefix = ReleaseScaffold.keyPrefix(for: version)
    state.owners[prefix] = version
    let english = bytes == nil ? nil : table(Substring(prefix), .en, &state, version: version)
    var outcome = ReleaseLibrary.validate(
      entry, bytes: bytes, unreadable: unreadable, manifestDisplayPath: source.releasesDirectory + "/manifest.json",
      directoryDisplayPath: source.releasesDirectory,
      englishKeys: ReleaseKeys(ui: source.uiEnglish, release: english ?? [:]))
    if outcome.missing {
      let position = SourcePosition.of(offset: entry.offset, in: source.manifest)
      for index in outcome.diagnostics.indices { outcome.diagnostics[index].position = position }
    }
    state.releases[version] = .some(outcome.release)
    state.diagnostics[version] = outcome.diagnostics
    return outcome.release
  }

  /// The per-release table of `prefix` in `language`, read on first use (a language the
  /// user switches to, too), when `prefix` is a registered release's.
  private func table(
    _ prefix: Substring, _ language: Language, _ state: inout State, version: Version? = nil
  ) -> TranslationTable? {
    if let known = state.tables[language]?[String(prefix)] { return known }
    if version == nil, state.owners[String(prefix)] == nil, !state.ownersComplete {
      // A key of a release not read yet (a test, a view asking ahead): every registered
      // version's prefix, once (no file is read for it).
      for registered in versions where state.owners[ReleaseScaffold.keyPrefix(for: registered)] == nil {
        state.owners[ReleaseScaffold.keyPrefix(for: registered)] = registered
      }
      state.ownersComplete = true
    }
    guard let owner = version ?? state.owners[String(prefix)] else { return nil }
    let name = "\(owner).strings"
    let path = "\(source.localizationsDirectory)/\(language.directoryName)/\(name)"
    var table: TranslationTable = [:]
    source.observe(path)
    if case .success(let parsed) = ContentLibrary.readTables(atPaths: [path], cache: source.cache)[0].result {
      let limited = ContentLibrary.limitingTexts(
        parsed, language, localizationsDirectory: source.localizationsDirectory, fileName: name)
      table = limited.table
    }
    state.tables[language, default: [:]][String(prefix)] = table
    return table
  }
}

/// The English keys a release is validated against: the app's own table's, and its
/// release's own table's (looked up there by the key's release prefix, so one lookup
/// whatever the number of releases).
struct ReleaseKeys: TranslationKeys {
  var ui: TranslationTable
  var release: TranslationTable
  var others: [String: TranslationTable] = [:]

  func contains(_ key: String) -> Bool {
    if release.contains(key) || ui.contains(key) { return true }
    guard !others.isEmpty, let prefix = ReleaseScaffold.releasePrefix(of: key) else { return false }
    return others[String(prefix)]?.contains(key) ?? false
  }
}

extension ReleaseCatalog {
  /// The versions `news` can be asked for, oldest first: registered, up to `appVersion` (from
  /// the manifest alone: Tab completes them without reading a release).
  func newsVersions(upTo appVersion: Version) -> [Version] { versions.filter { $0 <= appVersion } }

  /// The release `news` opens, if it has pages to show: `version`'s, else the newest with any.
  func newsRelease(_ version: Version?, upTo appVersion: Version) -> Release? {
    let shows = { (release: Release) in !previewRelease(release, asOf: appVersion).isEmpty }
    if let version {
      guard version <= appVersion, let release = release(version), shows(release) else { return nil }
      return release
    }
    for version in newsVersions(upTo: appVersion).reversed() {
      if let release = release(version), shows(release) { return release }
    }
    return nil
  }
}
