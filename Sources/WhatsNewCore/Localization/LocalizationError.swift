/// Why a localization table could not be used.
///
/// Both come from parsing a `.strings` file (``StringsTable/parse(_:)``). A message names no
/// path: the caller puts the file's path in front.
package enum LocalizationError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The data is not a `.strings` (or property list) file; the reason says where it broke.
  case unreadable(reason: String)
  /// The file parsed, but is not a table of strings to strings.
  case notAStringsTable(reason: String)

  /// How the description of a syntax error (``unreadable(reason:)``) starts.
  package static let syntaxErrorPrefix = "not a valid .strings file: "

  /// A message for people, starting lowercase.
  package var description: String {
    switch self {
    case .unreadable(let reason):
      "\(Self.syntaxErrorPrefix)\(reason); each entry should look like \"key\" = \"text\";"
    case .notAStringsTable(let reason):
      "not a table of strings: \(reason); each entry should look like \"key\" = \"text\";"
    }
  }
}
