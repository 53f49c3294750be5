import Foundation
import TestSupport
import Testing
import WhatsNewCore

@Suite("Compiled translation tables")
struct CompiledStringsTableTests {
  static let tables: [[String: String]] = [
    [:],
    ["ui.done": "Done"],
    ["ui.done": "Готово", "ui.next": "Далее", "whatsNew.v2_14.title": "Что нового — 2.14"],
    ["": "", "key with \"quotes\"": "line\nbreak\ttab", "emoji": "🏋️‍♀️ 💪🏽", "nul": "a\u{0}b"],
  ]

  @Test("decoding gives back exactly the table that was encoded", arguments: tables)
  func roundTrip(table: [String: String]) {
    let source = Array("source bytes for \(table.count) entries".utf8)
    let compiled = CompiledStringsTable.encode(table, source: source)
    #expect(CompiledStringsTable.decode(compiled, source: source)?.entries == table)
    let decoded = CompiledStringsTable.decode(compiled, source: source)
    for (key, text) in table {
      #expect(decoded?[key] == text, "looked up in place: \(key)")
      #expect(decoded?.contains(key) == true)
    }
    #expect(decoded?["not.a.key"] == nil)
    #expect(decoded?.count == table.count)
    #expect(Set(decoded?.keys ?? []) == Set(table.keys))
  }

  @Test("the same table always compiles to the same bytes, whatever the dictionary order")
  func deterministic() {
    var first: [String: String] = [:]
    var second: [String: String] = [:]
    for index in 0..<200 { first["key.\(index)"] = "text \(index)" }
    for index in (0..<200).reversed() { second["key.\(index)"] = "text \(index)" }
    #expect(CompiledStringsTable.encode(first, source: [1]) == CompiledStringsTable.encode(second, source: [1]))
  }

  @Test("entries are written in their keys' byte order: a prefix first, then by byte, beyond ASCII too")
  func byteOrder() {
    let keys = ["b", "a", "ab", "a\u{7F}", "é", "z", "", "ui.value.theme.dark", "ui.value.theme", "Ω"]
    let table = Dictionary(uniqueKeysWithValues: keys.map { ($0, "text of " + $0) })
    let source = Array("source".utf8)
    let compiled = CompiledStringsTable.encode(table, source: source)
    var offset = 28 + source.count  // magic, source length, entry count, fingerprint; then the source
    var written: [[UInt8]] = []
    func field() -> [UInt8] {
      let length = compiled[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | Int($1) }
      defer { offset += 4 + length }
      return Array(compiled[(offset + 4)..<(offset + 4 + length)])
    }
    while offset < compiled.count {
      written.append(field())
      #expect(String(decoding: field(), as: UTF8.self) == "text of " + String(decoding: written.last!, as: UTF8.self))
    }
    #expect(offset == compiled.count)
    #expect(written == table.keys.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) })
    #expect(CompiledStringsTable.decode(compiled, source: source)?.entries == table)
  }

  @Test("a table compiled from other bytes is not used, even when only one byte differs")
  func staleSource() {
    let source = Array(#""ui.done" = "Done";"#.utf8)
    var edited = source
    edited[edited.count - 3] = UInt8(ascii: "a")
    let compiled = CompiledStringsTable.encode(["ui.done": "Done"], source: source)
    #expect(CompiledStringsTable.decode(compiled, source: edited) == nil)
    #expect(CompiledStringsTable.decode(compiled, source: source + [0x0A]) == nil)
  }

  @Test("a table compiled from other bytes of the same length and the same fingerprint is not used")
  func sameFingerprint() throws {
    let source = Array(("\"ui.done\" = \"" + String(repeating: "A", count: 100) + "\";\n").utf8)
    let edited = try #require(FingerprintCollision.edit(of: source))
    #expect(edited.count == source.count && edited != source)
    #expect(CompiledStringsTable.fingerprint(of: edited) == CompiledStringsTable.fingerprint(of: source))
    let compiled = CompiledStringsTable.encode(["ui.done": String(repeating: "A", count: 100)], source: source)
    #expect(CompiledStringsTable.decode(compiled, source: edited) == nil)
    #expect(CompiledStringsTable.decode(compiled, source: source) != nil)
  }

  @Test("every truncation of a compiled table is rejected")
  func truncated() {
    let source = Array("s".utf8)
    let compiled = CompiledStringsTable.encode(["a": "b", "ui.done": "Done"], source: source)
    for length in 0..<compiled.count {
      #expect(CompiledStringsTable.decode(Array(compiled.prefix(length)), source: source) == nil)
    }
  }

  @Test("any single flipped byte is rejected, never decoded into a different table")
  func damaged() {
    let source = Array("s".utf8)
    let table = ["ui.done": "Done", "ui.next": "Next"]
    let compiled = CompiledStringsTable.encode(table, source: source)
    for index in compiled.indices {
      var damaged = compiled
      damaged[index] ^= 0x20
      let decoded = CompiledStringsTable.decode(damaged, source: source)
      #expect(decoded == nil, "byte \(index) flipped was accepted")
    }
  }

  @Test("invalid UTF-8 inside an otherwise intact file is rejected")
  func invalidUTF8() {
    let source = Array("s".utf8)
    let compiled = CompiledStringsTable.encode(["k": "é"], source: source)
    // Re-encode by hand with a lone continuation byte in the text and a matching payload fingerprint.
    var payload: [UInt8] = [1, 0, 0, 0, UInt8(ascii: "k"), 1, 0, 0, 0, 0x80]
    var bytes = Array(compiled.prefix(8 + 8 + 4))
    withUnsafeBytes(of: CompiledStringsTable.fingerprint(of: payload).littleEndian) { bytes += $0 }
    bytes += source + payload
    #expect(CompiledStringsTable.decode(bytes, source: source) == nil)
    payload[9] = UInt8(ascii: "e")
    bytes = Array(compiled.prefix(8 + 8 + 4))
    withUnsafeBytes(of: CompiledStringsTable.fingerprint(of: payload).littleEndian) { bytes += $0 }
    bytes += source + payload
    #expect(CompiledStringsTable.decode(bytes, source: source) == ["k": "e"])
  }

  @Test("a fingerprint changes when any single byte changes, is moved, or is appended")
  func fingerprintSensitivity() {
    let base = Array((0..<203).map { UInt8(truncatingIfNeeded: $0 &* 37) })
    let original = CompiledStringsTable.fingerprint(of: base)
    var seen: Set<UInt64> = [original]
    for index in base.indices {
      var changed = base
      changed[index] ^= 0x01
      seen.insert(CompiledStringsTable.fingerprint(of: changed))
    }
    #expect(seen.count == base.count + 1, "every one-bit change gives a new fingerprint")
    #expect(CompiledStringsTable.fingerprint(of: base + [0]) != original)
    #expect(CompiledStringsTable.fingerprint(of: Array(base.dropLast())) != original)
    #expect(CompiledStringsTable.fingerprint(of: Array(base[1...] + base[..<1])) != original)
    #expect(CompiledStringsTable.fingerprint(of: [UInt8]()) != CompiledStringsTable.fingerprint(of: [0]))
  }

  @Test("a fingerprint is the same for an array and any other collection of the same bytes")
  func fingerprintCollections() {
    let bytes = Array("whatsNew.v2_14.p0.title = Kies je weergave".utf8)
    #expect(CompiledStringsTable.fingerprint(of: bytes) == CompiledStringsTable.fingerprint(of: bytes.lazy.map { $0 }))
    #expect(CompiledStringsTable.fingerprint(of: bytes[...]) == CompiledStringsTable.fingerprint(of: bytes))
  }
}

/// The table the app starts with: looked up in a compiled table's bytes, never turned into
/// a dictionary, and still answering exactly as a dictionary would.
@Suite("Translation tables read in place")
struct TranslationTableTests {
  static func compiled(_ entries: [String: String]) -> TranslationTable {
    let source = Array("source".utf8)
    return CompiledStringsTable.decode(CompiledStringsTable.encode(entries, source: source), source: source)!
  }

  @Test("every key of a large table is found by binary search, and keys between them are not")
  func lookups() {
    var entries: [String: String] = [:]
    for index in stride(from: 0, to: 2000, by: 2) { entries["key.\(index)"] = "text \(index)" }
    let table = Self.compiled(entries)
    for index in 0..<2000 {
      #expect(table["key.\(index)"] == (index.isMultiple(of: 2) ? "text \(index)" : nil))
    }
    #expect(table[""] == nil)
    #expect(table["key"] == nil, "a prefix of every key")
    #expect(table["key.1998x"] == nil, "a key extended")
    #expect(table == TranslationTable(entries), "equal to the dictionary it came from")
  }

  @Test("keys sharing long prefixes, as translation keys do, are told apart at any byte")
  func longPrefixes() {
    var entries: [String: String] = [:]
    let prefix = "whatsNew.v2_13_1.workoutView."
    for index in stride(from: 0, to: 300, by: 3) { entries[prefix + "block\(index).title"] = "\(index)" }
    let table = Self.compiled(entries)
    for index in 0..<300 {
      #expect(table[prefix + "block\(index).title"] == (index.isMultiple(of: 3) ? "\(index)" : nil))
      #expect(table[prefix + "block\(index).titl"] == nil)
    }
    #expect(table[String(prefix.dropLast())] == nil)
  }

  @Test("a key that is not ASCII finds the entry String equality finds (U+212A KELVIN SIGN is K)")
  func canonicalEquivalence() {
    let table = Self.compiled(["K": "kelvin", "ui.done": "Done"])
    let dictionary = ["K": "kelvin", "ui.done": "Done"]
    #expect(table["\u{212A}"] == dictionary["\u{212A}"])
    #expect(table["\u{212A}"] == "kelvin")
    #expect(table["é"] == nil)
  }

  @Test("keys beyond ASCII, in either normalization, behave as in a dictionary")
  func nonASCIIKeys() {
    let entries = ["caf\u{E9}": "precomposed", "ключ": "key", "a": "b"]
    let table = Self.compiled(entries)
    #expect(table["cafe\u{301}"] == entries["cafe\u{301}"], "the decomposed spelling is the same String")
    #expect(table["ключ"] == "key")
    #expect(table.entries == entries)
  }

  @Test("a table whose keys are out of order or repeated is refused, as the encoder never writes one")
  func outOfOrder() {
    let source = Array("s".utf8)
    func table(_ pairs: [(String, String)]) -> [UInt8] {
      var payload: [UInt8] = []
      for (key, text) in pairs {
        for field in [key, text] {
          withUnsafeBytes(of: UInt32(field.utf8.count).littleEndian) { payload += $0 }
          payload += Array(field.utf8)
        }
      }
      let header = Array(CompiledStringsTable.encode([:], source: source).prefix(8 + 8))
      var bytes = header
      withUnsafeBytes(of: UInt32(pairs.count).littleEndian) { bytes += $0 }
      withUnsafeBytes(of: CompiledStringsTable.fingerprint(of: payload).littleEndian) { bytes += $0 }
      return bytes + source + payload
    }
    #expect(CompiledStringsTable.decode(table([("a", "1"), ("b", "2")]), source: source)?["b"] == "2")
    #expect(CompiledStringsTable.decode(table([("b", "2"), ("a", "1")]), source: source) == nil)
    #expect(CompiledStringsTable.decode(table([("a", "1"), ("a", "2")]), source: source) == nil)
  }

  @Test("setting text turns a compiled table into a dictionary holding the change")
  func settingText() {
    var table = Self.compiled(["a": "1", "b": "2"])
    table["c"] = "3"
    table["a"] = nil
    #expect(table.entries == ["b": "2", "c": "3"])
  }

  @Test(
    "UTF-8 is checked as RFC 3629 says",
    arguments: [
      ([0x61], true), ([0xC3, 0xA9], true), ([0xE2, 0x82, 0xAC], true), ([0xF0, 0x9F, 0x92, 0xAA], true),
      ([0x80], false), ([0xC0, 0xAF], false), ([0xC3], false), ([0xE0, 0x80, 0xAF], false),
      ([0xED, 0xA0, 0x80], false), ([0xF4, 0x90, 0x80, 0x80], false), ([0xF5, 0x80, 0x80, 0x80], false),
      ([0xFF], false), ([0xEF, 0xBF, 0xBF], true), ([0xF4, 0x8F, 0xBF, 0xBF], true),
    ] as [([UInt8], Bool)])
  func utf8(bytes: [UInt8], valid: Bool) {
    #expect(Self.decodesWithText(bytes) == valid)
    #expect((String(validating: bytes, as: UTF8.self) != nil) == valid, "agrees with the standard library")
  }

  @Test("UTF-8 checking agrees with the standard library on random text, ASCII runs and all")
  func utf8Random() {
    var random = SeededRandom(seed: 5)
    let pieces: [[UInt8]] = [
      Array("plain ascii text".utf8), Array("é".utf8), Array("日".utf8), Array("👍".utf8), [0x80], [0xC3], [0xE2, 0x82],
      [0xF0, 0x9F, 0x92], [0xED, 0xA0, 0x80], [0xC0, 0x80], [0xFF], Array("12345678".utf8),
    ]
    for _ in 0..<3000 {
      var bytes: [UInt8] = []
      for _ in 0..<Int.random(in: 0...6, using: &random) { bytes += pieces.randomElement(using: &random)! }
      #expect(Self.decodesWithText(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
    }
  }

  /// Whether a table whose one entry has `bytes` as its text decodes.
  static func decodesWithText(_ bytes: [UInt8]) -> Bool {
    let source = Array("s".utf8)
    var payload: [UInt8] = [1, 0, 0, 0, UInt8(ascii: "k")]
    withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { payload += $0 }
    payload += bytes
    var compiled = Array(CompiledStringsTable.encode([:], source: source).prefix(8 + 8))
    withUnsafeBytes(of: UInt32(1).littleEndian) { compiled += $0 }
    withUnsafeBytes(of: CompiledStringsTable.fingerprint(of: payload).littleEndian) { compiled += $0 }
    compiled += source + payload
    return CompiledStringsTable.decode(compiled, source: source) != nil
  }
}
