extension ContentLinter {
  /// The releases that did not load, by key prefix, and the keys of theirs the tables hold.
  struct UnloadedReleases {
    private var files: [String: (display: String, index: Int)] = [:]  // key prefix with its dot → file, note's place
    private var order: [String] = []
    private var claimed: [String: (keys: Int, languages: Set<Language>)] = [:]

    /// Records a release file that did not load, whose note goes at `index` of the problems;
    /// a name that is not `<version>.json` owns no keys.
    mutating func add(fileName: String, displayPath: String, after index: Int) {
      guard fileName.hasSuffix(".json"), let version = Version(String(fileName.dropLast(5))) else { return }
      let prefix = ReleaseScaffold.keyPrefix(for: version) + "."
      guard files[prefix] == nil else { return }
      files[prefix] = (displayPath, index)
      order.append(prefix)
    }

    /// Whether `key` belongs to a release that did not load (and is then counted for its note).
    mutating func claim(_ key: String, language: Language) -> Bool {
      guard let prefix = order.first(where: { key.hasPrefix($0) }) else { return false }
      claimed[prefix, default: (0, [])].keys += 1
      claimed[prefix]?.languages.insert(language)
      return true
    }

    /// One note per release whose keys were claimed, at its file, with where it goes in the problems.
    var notes: [(index: Int, note: LintProblem)] {
      order.compactMap { prefix in
        guard let claim = claimed[prefix], let (file, index) = files[prefix] else { return nil }
        let keys = claim.keys == 1 ? "1 translation key" : "\(claim.keys) translation keys"
        let tables = claim.languages.count == 1 ? "1 table" : "\(claim.languages.count) tables"
        let note = LintProblem(
          file: file, path: "",
          message:
            "\(keys) in \(tables) (\(prefix)*) belong to this release, which did not load; they are not orphans: "
            + "fix the release and they are used again",
          severity: .note, rule: .unloadedReleaseKeys)
        return (index, note)
      }
    }
  }
}
