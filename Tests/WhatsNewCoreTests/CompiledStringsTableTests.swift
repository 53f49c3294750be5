import Foundation
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
    #expect(CompiledStringsTable.decode(compiled, source: source) == table)
    #expect(CompiledStringsTable.decode(Data(compiled), source: Data(source)) == table, "read in place from Data")
    #expect(CompiledStringsTable.decode(compiled.lazy.map { $0 }, source: source) == table, "or copied first")
  }

  @Test("the same table always compiles to the same bytes, whatever the dictionary order")
  func deterministic() {
    var first: [String: String] = [:]
    var second: [String: String] = [:]
    for index in 0..<200 { first["key.\(index)"] = "text \(index)" }
    for index in (0..<200).reversed() { second["key.\(index)"] = "text \(index)" }
    #expect(CompiledStringsTable.encode(first, source: [1]) == CompiledStringsTable.encode(second, source: [1]))
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
    var bytes = Array(compiled.prefix(8 + 8 + 8 + 4))
    withUnsafeBytes(of: CompiledStringsTable.fingerprint(of: payload).littleEndian) { bytes += $0 }
    bytes += payload
    #expect(CompiledStringsTable.decode(bytes, source: source) == nil)
    payload[9] = UInt8(ascii: "e")
    bytes = Array(compiled.prefix(8 + 8 + 8 + 4))
    withUnsafeBytes(of: CompiledStringsTable.fingerprint(of: payload).littleEndian) { bytes += $0 }
    bytes += payload
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
