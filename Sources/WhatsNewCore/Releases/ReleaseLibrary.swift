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
public enum ReleaseLibrary {
  /// The manifest's file name, never itself a release.
  public static let manifestFileName = "manifest.json"

  /// Validates the manifest and every registered file.
  ///
  /// - Parameters:
  ///   - manifest: the bytes of `manifest.json`, or `nil` when it does not exist (nothing loads).
  ///   - manifestDisplayPath: how diagnostics name the manifest, like `Releases/manifest.json`.
  ///   - files: the release directory's files, by file name (`2.13.1.json`) to contents.
  ///   - directoryDisplayPath: how diagnostics name the directory, like `Releases`.
  ///   - englishKeys: the keys of the English table.
  ///   - unreadable: files that are there but could not be read, by file name, and why (a
  ///     FIFO, a device): named so in diagnostics instead of as missing.
  ///   - unreadableManifest: why the manifest could not be read when it is there (`manifest`
  ///     is then `nil`): named so instead of as missing.
  /// - Returns: the releases, sorted by version ascending, and every diagnostic: the
  ///   manifest's first, then each file's in version order, then unlisted files by name.
  public static func load(
    manifest: [UInt8]?, manifestDisplayPath: String, files: [String: [UInt8]], directoryDisplayPath: String,
    englishKeys: some TranslationKeys, unreadable: [String: String] = [:], unreadableManifest: String? = nil
  ) -> (releases: [Release], diagnostics: [ReleaseDiagnostic]) {
    load(
      manifest: manifest, manifestDisplayPath: manifestDisplayPath, files: files,
      directoryDisplayPath: directoryDisplayPath, englishKeys: englishKeys, minimumFilesPerThread: minimumFilesPerThread,
      unreadable: unreadable, unreadableManifest: unreadableManifest)
  }

  /// Below this many registered files per thread, files are validated on the calling thread.
  static let minimumFilesPerThread = 16

  /// ``load(manifest:manifestDisplayPath:files:directoryDisplayPath:englishKeys:)``, validating
  /// files on several threads once there are `minimumFilesPerThread` files for each (`Int.max`:
  /// never). The result is the same either way.
  static func load(
    manifest: [UInt8]?, manifestDisplayPath: String, files: [String: [UInt8]], directoryDisplayPath: String,
    englishKeys: some TranslationKeys, minimumFilesPerThread: Int, unreadable: [String: String] = [:],
    unreadableManifest: String? = nil
  ) -> (releases: [Release], diagnostics: [ReleaseDiagnostic]) {
    var diagnostics: [ReleaseDiagnostic] = []
    var registered: [ManifestEntry] = []
    if let manifest {
      let result = ReleaseValidator.manifestEntries(manifest, displayPath: manifestDisplayPath)
      registered = result.entries
      diagnostics += result.diagnostics
    } else if let unreadableManifest {
      diagnostics.append(
        ReleaseDiagnostic(
          file: manifestDisplayPath, path: "",
          message: "manifest.json cannot be read: \(unreadableManifest); no releases load (replace it with a regular file)",
          severity: .dropped))
    } else {
      diagnostics.append(
        ReleaseDiagnostic(
          file: manifestDisplayPath, path: "",
          message: "manifest.json is missing; no releases load (create it as {\"releases\": [\"<version>\", ...]})",
          severity: .dropped))
    }
    let entries = registered.sorted(by: { $0.version < $1.version })
    // Files validate independently of each other, so they may run on several threads;
    // their outcomes are joined in version order, as one thread would give them.
    let outcomes = orderedConcurrentMap(entries, minimumChunkSize: minimumFilesPerThread) { entry in
      let fileName = "\(entry.version).json"
      let displayPath = join(directoryDisplayPath, fileName)
      guard let bytes = files[fileName] else {
        let missing = ReleaseDiagnostic(
          file: manifestDisplayPath, path: "releases[\(entry.index)]",
          message: "release \(entry.version) is registered but \(displayPath) "
            + (unreadable[fileName].map { "cannot be read: \($0)" } ?? "does not exist") + "; release skipped",
          severity: .dropped)
        return (release: Release?.none, diagnostics: [missing], missing: true)
      }
      let (release, diagnostics) = ReleaseValidator.validate(
        bytes, fileName: fileName, displayPath: displayPath, englishKeys: englishKeys)
      return (release: release, diagnostics: diagnostics, missing: false)
    }
    var releases: [Release] = []
    releases.reserveCapacity(outcomes.count)
    // Missing files' diagnostics point into the manifest: positioned in one pass over it, for
    // all of them (a pass each was quadratic: 8,000 missing entries took 17.6 s).
    var missing: [(diagnostic: Int, offset: Int)] = []
    for (entry, outcome) in zip(entries, outcomes) {
      if outcome.missing { missing.append((diagnostics.count, entry.offset)) }
      diagnostics += outcome.diagnostics
      if let release = outcome.release { releases.append(release) }
    }
    let positions = SourcePosition.of(offsets: missing.map(\.offset), in: manifest ?? [])
    for (entry, position) in zip(missing, positions) { diagnostics[entry.diagnostic].position = position }
    let registeredNames = Set(registered.map { "\($0.version).json" })
    for fileName in unlistedReleaseFiles(in: files.keys, registered: registeredNames) {
      diagnostics.append(
        ReleaseDiagnostic(
          file: join(directoryDisplayPath, fileName), path: "",
          message: "not listed in manifest.json; add it to load it", severity: .warning))
    }
    return (releases, diagnostics)
  }

  /// `.json` files other than the manifest that are not registered, in ``fileNameOrder(_:_:)``.
  static func unlistedReleaseFiles(in names: some Sequence<String>, registered: Set<String>) -> [String] {
    names.filter { $0.hasSuffix(".json") && $0 != manifestFileName && !registered.contains($0) }
      .sorted(by: fileNameOrder)
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
