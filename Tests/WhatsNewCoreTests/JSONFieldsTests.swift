import Testing
import WhatsNewCore

@Suite("JSON fields: pretty printing and dotted paths")
struct JSONFieldsTests {
  static let sample = JSONValue.object([
    ("screen", .string("home")),
    ("settings", .object([("theme", .string("dark")), ("units", .string("metric"))])),
    ("pending", .array([.object([("op", .string("write")), ("held", .bool(true))])])),
    ("faults", .array([])),
    ("notification", .null),
  ])

  @Test("pretty printing indents two spaces a level, keeps the member order and leaves empty arrays on one line")
  func pretty() {
    #expect(
      Self.sample.prettyPrinted() == """
        {
          "screen": "home",
          "settings": {
            "theme": "dark",
            "units": "metric"
          },
          "pending": [
            {
              "op": "write",
              "held": true
            }
          ],
          "faults": [],
          "notification": null
        }
        """)
  }

  @Test(
    "pretty printing a scalar is its compact form, escapes included",
    arguments: [
      (JSONValue.string("a\"b\n"), #""a\"b\n""#), (.number(2), "2"), (.null, "null"), (.object([]), "{}"),
    ] as [(JSONValue, String)])
  func prettyScalar(value: JSONValue, expected: String) {
    #expect(value.prettyPrinted() == expected)
  }

  @Test(
    "a dotted path finds members by key and elements by index",
    arguments: [
      ("settings.theme", JSONValue.string("dark")), ("screen", .string("home")), ("pending.0.op", .string("write")),
      ("notification", .null), ("faults", .array([])), ("settings.units", .string("metric")),
    ] as [(String, JSONValue)])
  func found(path: String, expected: JSONValue) {
    #expect(Self.sample.value(atPath: path) == expected)
  }

  @Test(
    "a path that leads nowhere gives nil",
    arguments: ["setings.theme", "settings.theme.x", "pending.1", "pending.op", "notification.next", "faults.0"])
  func notFound(path: String) {
    #expect(Self.sample.value(atPath: path) == nil)
  }

  @Test("the empty path is the whole value")
  func emptyPath() {
    #expect(Self.sample.value(atPath: "") == Self.sample)
  }

  @Test("every field path is listed, parents before members, and each one resolves")
  func paths() {
    let paths = Self.sample.fieldPaths
    #expect(
      paths == [
        "screen", "settings", "settings.theme", "settings.units", "pending", "pending.0", "pending.0.op", "pending.0.held",
        "faults", "notification",
      ])
    for path in paths { #expect(Self.sample.value(atPath: path) != nil, "\(path)") }
  }
}
