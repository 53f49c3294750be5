/// Loads every registered release from a manifest and the files of the release directory.
///
/// Only versions listed in `manifest.json` load. A listed version without a file is a
/// `.dropped` diagnostic on the manifest; a `.json` file that is not listed is a
/// `.warning` on that file. Files that are not `.json` are ignored.
///
/// ```swift
/// let (releases, diagnostics) = ReleaseLibrary.load(
///   manifest: manifestBytes, manifestDisplayPath: "Releases/manifest.json",
///   files: ["2.13.1.json": bytes], directoryDisplayPath: "Releases", englishKeys: keys)
/// ```
package enum ReleaseLibrary {
  /// The manifest's file name, never itself a release.
  package static let manifestFileName = "manifest.json"

  /// Validates the manifest (`nil` when it does not exist: nothing loads) and every registered
  /// file of `files` (by name, `2.13.1.json`) against `englishKeys`. `unreadable` and
  /// `unreadableManifest` say why a file that is there could not be read (a FIFO, a device),
  /// which diagnostics then say instead of calling it missing.
  ///
  /// - Returns: the releases, sorted by version ascending, and every diagnostic: the
  ///   manifest's first, then each file's in version order, then unlisted files by name.
  package static func load(
    manifest: [UInt8]?, manifestDisplayPath: String, files: [String: [UInt8]], directoryDisplayPath: String,
    englishKeys: some TranslationKeys, unreadable: [String: String] = [:], unreadableManifest: String? = nil
  ) -> (releases: [Release], diagnostics: [ReleaseDiagnostic]) {
    let (registered, manifestDiagnostics) = self.registered(
      manifest: manifest, manifestDisplayPath: manifestDisplayPath, unreadableManifest: unreadableManifest)
    var diagnostics = manifestDiagnostics
    var releases: [Release] = []
    // Missing files' diagnostics point into the manifest: positioned in one pass over it, for
    // all of them (a pass each was quadratic: 8,000 missing entries took 17.6 s).
    var missing: [(diagnostic: Int, offset: Int)] = []
    // Every file on this thread: a start no longer validates the history (it loads the
    // releases it shows, ``validate(_:bytes:unreadable:manifestDisplayPath:directoryDisplayPath:englishKeys:)``),
    // so only `lint`, `flow` and `--dev` come here, and no `make bench` row needs threads.
    for entry in registered.sorted(by: { $0.version < $1.version }) {
      let outcome = validate(
        entry, bytes: files["\(entry.version).json"], unreadable: unreadable["\(entry.version).json"],
        manifestDisplayPath: manifestDisplayPath, directoryDisplayPath: directoryDisplayPath, englishKeys: englishKeys)
      if outcome.missing { missing.append((diagnostics.count, entry.offset)) }
      diagnostics += outcome.diagnostics
      if let release = outcome.release { releases.append(release) }
    }
    let positions = SourcePosition.of(offsets: missing.map(\.offset), in: manifest ?? [])
    for (entry, position) in zip(missing, positions) { diagnostics[entry.diagnostic].position = position }
    let registeredNames = Set(registered.map { "\($0.version).json" })
    let unlisted = files.keys.filter { $0.hasSuffix(".json") && $0 != manifestFileName && !registeredNames.contains($0) }
    for fileName in unlisted.sorted(by: fileNameOrder) {
      diagnostics.append(
        ReleaseDiagnostic(
          file: join(directoryDisplayPath, fileName), path: "",
          message: "not listed in manifest.json; add it to load it", severity: .warning))
    }
    return (releases, diagnostics)
  }

  /// The versions `manifest` registers (in manifest order) and its diagnostics: a missing or
  /// unreadable manifest registers nothing, and says so.
  package static func registered(
    manifest: [UInt8]?, manifestDisplayPath: String, unreadableManifest: String?
  ) -> (entries: [ManifestEntry], diagnostics: [ReleaseDiagnostic]) {
    if let manifest { return ReleaseValidator.manifestEntries(manifest, displayPath: manifestDisplayPath) }
    let message =
      unreadableManifest.map { "manifest.json cannot be read: \($0); no releases load (replace it with a regular file)" }
      ?? "manifest.json is missing; no releases load (create it as {\"releases\": [\"<version>\", ...]})"
    return ([], [ReleaseDiagnostic(file: manifestDisplayPath, path: "", message: message, severity: .dropped)])
  }

  /// One registered release: validated from its file's `bytes`, or, when there are none, a
  /// `.dropped` diagnostic on the manifest saying the file does not exist (or why it cannot be
  /// read); `missing` then says its position is still to be found in the manifest.
  package static func validate(
    _ entry: ManifestEntry, bytes: [UInt8]?, unreadable: String?, manifestDisplayPath: String,
    directoryDisplayPath: String, englishKeys: some TranslationKeys
  ) -> (release: Release?, diagnostics: [ReleaseDiagnostic], missing: Bool) {
    let fileName = "\(entry.version).json"
    let displayPath = join(directoryDisplayPath, fileName)
    guard let bytes else {
      let missing = ReleaseDiagnostic(
        file: manifestDisplayPath, path: "releases[\(entry.index)]",
        message: "release \(entry.version) is registered but \(displayPath) "
          + (unreadable.map { "cannot be read: \($0)" } ?? "does not exist") + "; release skipped",
        severity: .dropped)
      return (nil, [missing], true)
    }
    let (release, diagnostics) = ReleaseValidator.validate(
      bytes, fileName: fileName, displayPath: displayPath, englishKeys: englishKeys)
    return (release, diagnostics, false)
  }

  /// Orders release file names by version when both are versions, else by name.
  static func fileNameOrder(_ a: String, _ b: String) -> Bool {
    let left = Version(a.hasSuffix(".json") ? String(a.dropLast(5)) : a)
    let right = Version(b.hasSuffix(".json") ? String(b.dropLast(5)) : b)
    switch (left, right) {
    case (let l?, let r?) where l != r: return l < r
    case (.some, nil): return true
    case (nil, .some): return false
    default: return a < b
    }
  }

  /// `directory/name`, without doubling a slash or leading with one.
  static func join(_ directory: String, _ name: String) -> String {
    if directory.isEmpty { return name }
    return directory.hasSuffix("/") ? directory + name : "\(directory)/\(name)"
  }
}
