// Hand-written, as the writer is: `state --pretty` keeps the report's member order
// (JSONSerialization's `.prettyPrinted` does not), and `state <path>` picks one field by a
// dotted path, which no library here offers.

extension JSONValue {
  /// Indented JSON text (two spaces a level), keys in the order given, strings escaped as
  /// ``serialized()`` escapes them; empty arrays and objects stay on one line.
  ///
  /// ```swift
  /// JSONValue.object([("settings", .object([("theme", .string("dark"))]))]).prettyPrinted()
  /// // {
  /// //   "settings": {
  /// //     "theme": "dark"
  /// //   }
  /// // }
  /// ```
  package func prettyPrinted() -> String {
    var text = ""
    appendPretty(to: &text, depth: 0)
    return text
  }

  private func appendPretty(to text: inout String, depth: Int) {
    // An array's elements and an object's members alike, each on a line of its own, a level in.
    let container: (open: String, close: String, children: [(label: String, value: JSONValue)])
    switch self {
    case .array(let values) where !values.isEmpty: container = ("[", "]", values.map { ("", $0) })
    case .object(let members) where !members.isEmpty:
      container = ("{", "}", members.map { (Self.quoted($0.key) + ": ", $0.value) })
    default:
      text += serialized()
      return
    }
    text += container.open + "\n"
    for (index, child) in container.children.enumerated() {
      text += String(repeating: "  ", count: depth + 1) + child.label
      child.value.appendPretty(to: &text, depth: depth + 1)
      text += index == container.children.count - 1 ? "\n" : ",\n"
    }
    text += String(repeating: "  ", count: depth) + container.close
  }

  /// The value at a dotted path: object members by key, array elements by index
  /// (`settings.theme`, `pending.0.op`); the whole value for an empty path; `nil` when
  /// the path leads nowhere.
  ///
  /// ```swift
  /// state.value(atPath: "notification.next")   // .string("2026-12-06T18:00:00+01:00")
  /// ```
  package func value(atPath path: String) -> JSONValue? {
    var current = self
    // Empty segments (`a..b`, a leading or trailing dot) are skipped.
    for segment in path.split(separator: ".") {
      switch current {
      case .object(let members):
        guard let member = members.first(where: { $0.key == segment }) else { return nil }
        current = member.value
      case .array(let values):
        guard let index = Int(segment), values.indices.contains(index) else { return nil }
        current = values[index]
      default:
        return nil
      }
    }
    return current
  }

  /// Every path ``value(atPath:)`` answers, in document order, parents before their
  /// members: `screen`, `settings`, `settings.theme`, …
  package var fieldPaths: [String] {
    var paths: [String] = []
    func walk(_ value: JSONValue, _ prefix: String) {
      let children: [(name: String, value: JSONValue)] =
        switch value {
        case .object(let members): members.map { ($0.key, $0.value) }
        case .array(let values): values.enumerated().map { (String($0.offset), $0.element) }
        default: []
        }
      for child in children {
        let path = prefix.isEmpty ? child.name : prefix + "." + child.name
        paths.append(path)
        walk(child.value, path)
      }
    }
    walk(self, "")
    return paths
  }
}
