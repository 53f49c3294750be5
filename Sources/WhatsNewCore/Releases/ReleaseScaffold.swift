/// What `whatsnew new-release <version>` writes, as text: a release file with one page to
/// start from, the manifest with the version registered, and the lines each translation
/// table gets, every text marked untranslated. Pure: the app reads and writes the files.
///
/// The marker is a text that starts with `TODO:` (``untranslatedPrefix``): the app would
/// show it as written, and `whatsnew lint` reports each such text as untranslated, in every
/// language English included, until someone writes it.
///
/// ```swift
/// let version = Version("2.16.0")!
/// ReleaseScaffold.keys(for: version)
/// // ["whatsNew.v2_16_0.highlights.intro.title", "whatsNew.v2_16_0.highlights.intro.description"]
/// try ReleaseScaffold.registering(version, inManifest: Array(#"{"releases": ["2.15.0"]}"#.utf8))
/// // the bytes of {"releases": ["2.15.0", "2.16.0"]}
/// ```
package enum ReleaseScaffold {
  /// Texts that start with this are placeholders nobody has written yet.
  package static let untranslatedPrefix = "TODO:"

  /// Whether a table's text is still the placeholder `new-release` wrote.
  package static func isUntranslated(_ text: String) -> Bool {
    text.trimmingWhitespace().hasPrefix(untranslatedPrefix)
  }

  /// The one page a new release starts with, and its one block.
  package static let pageID = "highlights"
  package static let blockID = "intro"

  /// `whatsNew.v2_16_0`: the prefix of every key of the release; a pre-release's adds its
  /// identifiers joined by `_` (`whatsNew.v2_16_0-beta_1`: a key's dots separate its parts, and
  /// `_` is in no SemVer identifier, so no two versions share a prefix). Build metadata,
  /// which plays no part in precedence, is left out.
  package static func keyPrefix(for version: Version) -> String {
    let base = "whatsNew.v\(version.major)_\(version.minor)_\(version.patch)"
    return version.preRelease.isEmpty ? base : base + "-" + version.preRelease.map(\.description).joined(separator: "_")
  }

  /// The release prefix of a content key (`whatsNew.v2_13_1` of `whatsNew.v2_13_1.page.title`):
  /// the release whose table holds it; `nil` for a key of the app's own table.
  package static func releasePrefix(of key: String) -> Substring? {
    guard key.utf8.starts(with: ContentLinter.contentKeyPrefix.utf8) else { return nil }
    let rest = key.utf8.dropFirst(ContentLinter.contentKeyPrefix.utf8.count)
    guard let dot = rest.firstIndex(of: UInt8(ascii: ".")) else { return nil }
    return Substring(key.utf8[key.utf8.startIndex..<dot])
  }

  /// The keys the release file uses, each with its placeholder text, in file order.
  package static func texts(for version: Version) -> [(key: String, text: String)] {
    let block = "\(keyPrefix(for: version)).\(pageID).\(blockID)"
    return [
      ("\(block).title", "\(untranslatedPrefix) the title of the \(version) \(pageID) page"),
      ("\(block).description", "\(untranslatedPrefix) one or two sentences on what changed in \(version)"),
    ]
  }

  package static func keys(for version: Version) -> [String] { texts(for: version).map(\.key) }

  /// The release file: one page with one info block, its keys named after the version.
  package static func releaseFile(for version: Version) -> String {
    let keys = keys(for: version)
    return """
      {
        "version": "\(version)",
        "pages": [
          {
            "id": "\(pageID)",
            "blocks": [
              {
                "id": "\(blockID)",
                "type": "info",
                "titleKey": "\(keys[0])",
                "descriptionKey": "\(keys[1])",
                "icon": "sparkles"
              }
            ]
          }
        ]
      }

      """
  }

  /// The release's own table in one language (`<lang>.lproj/<version>.strings`): a comment
  /// naming it, a comment naming the release's page, then each key with its placeholder (the
  /// same English placeholder in every language: it says what to write).
  package static func releaseTable(for version: Version, language: Language) -> String {
    "/* What's new in \(version) (\(language.rawValue)): the release's own texts. Keys: \(keyPrefix(for: version)).<page>.<block>[.<option value>|.<item>].<part> */\n"
      + "\n/* \(version), page \(pageID): written by whatsnew new-release; replace each TODO text */\n"
      + texts(for: version).map { "\"\($0.key)\" = \"\($0.text)\";\n" }.joined()
  }

  /// Why a version cannot be added.
  package enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The manifest is not `{"releases": [<version>, …]}`.
    case unreadableManifest(String)
    case alreadyRegistered(Version)

    package var description: String {
      switch self {
      case .unreadableManifest(let reason):
        "manifest.json cannot be read (\(reason)); fix it first (whatsnew lint says where)"
      case .alreadyRegistered(let version):
        "\(version) is already registered in manifest.json; pick a version that is not"
      }
    }
  }

  /// The manifest with `version` added, its other bytes untouched (fields, spacing, order):
  /// the new entry goes before the first registered version newer than it, else after the
  /// last entry, as `"2.16.0"`; and the versions registered before. Refused only for what
  /// `whatsnew lint` calls an error (bad JSON, a wrong shape, an entry that is not a version);
  /// what it only warns about (an unknown field such as `$comment`, a repeated entry) is kept.
  package static func registering(
    _ version: Version, inManifest bytes: [UInt8]
  ) throws(Refusal) -> (manifest: [UInt8], registered: [Version]) {
    let read = ReleaseValidator.manifestEntries(bytes, displayPath: ReleaseLibrary.manifestFileName)
    if let problem = read.diagnostics.first(where: { $0.severity == .dropped }) {
      throw .unreadableManifest(problem.message)
    }
    let entries = read.entries
    guard !entries.contains(where: { $0.version == version }) else { throw .alreadyRegistered(version) }
    // It parsed as a manifest just now (else it was refused), so `releases` is an array.
    guard let tape = try? JSONTape.parse(bytes, maxDepth: JSONReader.defaultMaxDepth),
      let list = tape.firstMember(of: 0, named: "releases"), tape.kind(list) == .array
    else { throw .unreadableManifest("no releases array") }
    let quoted = Array("\"\(version)\"".utf8)
    var result = bytes
    if let newer = entries.first(where: { $0.version > version }) {
      result.insert(contentsOf: quoted + Array(", ".utf8), at: newer.offset)
    } else if let last = Array(tape.elements(of: list)).last {
      result.insert(contentsOf: Array(", ".utf8) + quoted, at: endOfString(startingAt: tape.offset(last), in: bytes))
    } else {
      result.insert(contentsOf: quoted, at: tape.offset(list) + 1)
    }
    return (result, entries.map(\.version))
  }

  /// The offset just past the JSON string whose opening quote is at `start`.
  private static func endOfString(startingAt start: Int, in bytes: [UInt8]) -> Int {
    var index = start + 1
    while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
      index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
    }
    return min(index + 1, bytes.count)
  }
}
