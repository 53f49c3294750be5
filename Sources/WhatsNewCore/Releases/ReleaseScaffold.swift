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
/// // {"releases": ["2.15.0", "2.16.0"]}
/// ```
public enum ReleaseScaffold {
  /// Texts that start with this are placeholders nobody has written yet.
  public static let untranslatedPrefix = "TODO:"

  /// Whether a table's text is still the placeholder `new-release` wrote.
  public static func isUntranslated(_ text: String) -> Bool {
    text.trimmingWhitespace().hasPrefix(untranslatedPrefix)
  }

  /// The one page a new release starts with, and its one block.
  public static let pageID = "highlights"
  public static let blockID = "intro"

  /// `whatsNew.v2_16_0`: the prefix of every key of the release.
  public static func keyPrefix(for version: Version) -> String {
    "whatsNew.v\(version.major)_\(version.minor)_\(version.patch)"
  }

  /// The keys the release file uses, each with its placeholder text, in file order.
  public static func texts(for version: Version) -> [(key: String, text: String)] {
    let block = "\(keyPrefix(for: version)).\(pageID).\(blockID)"
    return [
      ("\(block).title", "\(untranslatedPrefix) the title of the \(version) \(pageID) page"),
      ("\(block).description", "\(untranslatedPrefix) one or two sentences on what changed in \(version)"),
    ]
  }

  /// The keys the release file uses, in file order.
  public static func keys(for version: Version) -> [String] { texts(for: version).map(\.key) }

  /// The release file: one page with one info block, its keys named after the version.
  public static func releaseFile(for version: Version) -> String {
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

  /// What goes at the end of a table: a comment naming the release, then each key with its
  /// placeholder (the same English placeholder in every language: it says what to write).
  public static func tableAddition(for version: Version) -> String {
    var text = "\n/* \(version), page \(pageID): written by whatsnew new-release; replace each TODO text */\n"
    for (key, placeholder) in texts(for: version) {
      text += "\"\(key)\" = \"\(placeholder)\";\n"
    }
    return text
  }

  /// Why a version cannot be added.
  public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
    /// The manifest is not `{"releases": [<version>, …]}`.
    case unreadableManifest(String)
    /// The manifest lists the version already.
    case alreadyRegistered(Version)

    public var description: String {
      switch self {
      case .unreadableManifest(let reason):
        "manifest.json cannot be read (\(reason)); fix it first (whatsnew lint says where)"
      case .alreadyRegistered(let version):
        "\(version) is already registered in manifest.json; pick a version that is not"
      }
    }
  }

  /// The manifest's versions, or why it cannot be used.
  public static func registeredVersions(inManifest bytes: [UInt8]) throws(Refusal) -> [Version] {
    let result = ReleaseValidator.manifestEntries(bytes, displayPath: ReleaseLibrary.manifestFileName)
    if let problem = result.diagnostics.first { throw .unreadableManifest(problem.message) }
    return result.entries.map(\.version)
  }

  /// The manifest with `version` added, in version order, as `{"releases": ["2.11.0", …]}`.
  public static func registering(_ version: Version, inManifest bytes: [UInt8]) throws(Refusal) -> String {
    var versions = try registeredVersions(inManifest: bytes)
    guard !versions.contains(version) else { throw .alreadyRegistered(version) }
    versions.append(version)
    versions.sort()
    return "{\"releases\": [" + versions.map { "\"\($0)\"" }.joined(separator: ", ") + "]}\n"
  }
}
