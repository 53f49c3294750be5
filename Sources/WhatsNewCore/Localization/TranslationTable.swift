// Reads compiled tables in place (binary search, no dictionary of every entry) for the
// `make bench` row "warm start to the first tour page"; a parsed table is a dictionary.
// Glibc for `memcmp`: keys are compared as bytes at each step of a search.
import Glibc

/// One language's translations: text by key.
///
/// A table is either an ordinary dictionary (what the `.strings` compiler gives, what tests
/// write) or a view of a compiled table's bytes (``CompiledStringsTable/decode(_:source:)``).
/// The second is how the app starts: it finds text by binary search in the bytes and makes a
/// `String` only for the keys it looks up, instead of building a dictionary of every entry
/// at every start (that cost a tenth of the start-up work, and 185 ms for the benchmark's
/// 5 MB tables). Both behave alike: lookups follow `String` equality, as a dictionary's do.
///
/// ```swift
/// let table: TranslationTable = ["ui.done": "Done"]
/// table["ui.done"]      // "Done"
/// table.contains("x")   // false
/// ```
package struct TranslationTable: Sendable, Equatable, ExpressibleByDictionaryLiteral, TranslationKeys {
  private enum Storage: Sendable {
    case dictionary([String: String])
    case compiled(CompiledEntries)
  }

  private var storage: Storage

  package init(_ entries: [String: String]) {
    storage = .dictionary(entries)
  }

  package init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements, uniquingKeysWith: { _, last in last }))
  }

  init(compiled entries: CompiledEntries) {
    storage = .compiled(entries)
  }

  /// The text for `key`, or `nil` when the table has none. Setting text makes the table an
  /// ordinary dictionary first.
  package subscript(key: String) -> String? {
    get {
      switch storage {
      case .dictionary(let entries): entries[key]
      case .compiled(let entries): entries.index(of: key).map(entries.text(at:))
      }
    }
    set {
      var changed = entries
      changed[key] = newValue
      storage = .dictionary(changed)
    }
  }

  package func contains(_ key: String) -> Bool {
    switch storage {
    case .dictionary(let entries): entries[key] != nil
    case .compiled(let entries): entries.index(of: key) != nil
    }
  }

  package var count: Int {
    switch storage {
    case .dictionary(let entries): entries.count
    case .compiled(let entries): entries.count
    }
  }

  /// Every key, in no particular order.
  package var keys: [String] {
    switch storage {
    case .dictionary(let entries): Array(entries.keys)
    case .compiled(let entries): (0..<entries.count).map(entries.key(at:))
    }
  }

  /// The keys whose text is over `limit` Unicode scalars, sorted. Cheap on a compiled table:
  /// only a text over `limit` bytes is decoded (fewer bytes cannot hold more scalars).
  package func keys(withTextsOver limit: Int) -> [String] {
    switch storage {
    case .dictionary(let entries):
      return entries.filter { $0.value.utf8.count > limit && $0.value.unicodeScalars.count > limit }.map(\.key).sorted()
    case .compiled(let entries):
      return (0..<entries.count).filter {
        entries.textLength(at: $0) > limit && entries.text(at: $0).unicodeScalars.count > limit
      }.map(entries.key(at:))
    }
  }

  /// The table without `keys` (an ordinary dictionary then).
  package func removing(_ keys: some Sequence<String>) -> TranslationTable {
    var entries = entries
    for key in keys { entries[key] = nil }
    return TranslationTable(entries)
  }

  /// Every entry, as a dictionary (for `lint`, tests and encoding).
  package var entries: [String: String] {
    switch storage {
    case .dictionary(let entries): return entries
    case .compiled(let compiled):
      var entries: [String: String] = [:]
      entries.reserveCapacity(compiled.count)
      for index in 0..<compiled.count { entries[compiled.key(at: index)] = compiled.text(at: index) }
      return entries
    }
  }

  /// Tables are equal when they hold the same entries, however they are stored.
  package static func == (lhs: TranslationTable, rhs: TranslationTable) -> Bool {
    lhs.count == rhs.count && lhs.entries == rhs.entries
  }
}

/// The entries of a compiled table, read in place: the table's bytes and where each entry
/// starts, in key order.
///
/// Only tables whose keys are all ASCII are kept like this (``CompiledStringsTable`` decodes
/// any other into a dictionary): for ASCII keys, byte order is `String` order, so binary
/// search by bytes finds exactly what `String` equality would. A key to look up that is not
/// ASCII could still equal an ASCII key as a `String` (U+212A KELVIN SIGN is "K"), so it is
/// compared as a `String`, entry by entry.
final class CompiledEntries: Sendable {
  private let bytes: [UInt8]
  /// For each entry, in key order: the offset of its key's length field.
  private let starts: [Int]

  init(bytes: [UInt8], starts: [Int]) {
    self.bytes = bytes
    self.starts = starts
  }

  var count: Int { starts.count }

  func key(at index: Int) -> String {
    let (offset, length) = field(at: starts[index])
    return string(offset, length)
  }

  func text(at index: Int) -> String {
    let (keyOffset, keyLength) = field(at: starts[index])
    let (offset, length) = field(at: keyOffset + keyLength)
    return string(offset, length)
  }

  /// The length in bytes of the text at `index`, without decoding it.
  func textLength(at index: Int) -> Int {
    let (keyOffset, keyLength) = field(at: starts[index])
    return field(at: keyOffset + keyLength).length
  }

  /// The position of `key`, by binary search over the key bytes (or, for a key that is not
  /// ASCII, by `String` comparison with every key).
  func index(of key: String) -> Int? {
    var key = key
    return key.withUTF8 { wanted -> Int? in
      guard wanted.allSatisfy({ $0 < 0x80 }) else {
        let text = String(decoding: wanted, as: UTF8.self)
        return (0..<count).first { self.key(at: $0) == text }
      }
      // Validated when the table was decoded: every start and length is within `bytes`.
      return bytes.withUnsafeBytes { raw in
        starts.withUnsafeBufferPointer { starts -> Int? in
          var low = 0
          var high = starts.count
          while low < high {
            let middle = (low &+ high) >> 1
            let start = starts[middle]
            let length = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: start, as: UInt32.self)))
            let order = Self.compare(UnsafeRawBufferPointer(rebasing: raw[(start + 4)..<(start + 4 + length)]), wanted)
            if order == 0 { return middle }
            if order < 0 { low = middle &+ 1 } else { high = middle }
          }
          return nil
        }
      }
    }
  }

  /// The offset and length of the length-prefixed field whose length is at `offset`.
  private func field(at offset: Int) -> (offset: Int, length: Int) {
    let length = Int(bytes[offset]) | Int(bytes[offset + 1]) << 8 | Int(bytes[offset + 2]) << 16 | Int(bytes[offset + 3]) << 24
    return (offset + 4, length)
  }

  private func string(_ offset: Int, _ length: Int) -> String {
    bytes.withUnsafeBufferPointer {
      String(decoding: UnsafeBufferPointer(rebasing: $0[offset..<(offset + length)]), as: UTF8.self)
    }
  }

  /// Byte-wise order: negative, zero or positive, as `memcmp` then the lengths say.
  static func compare(_ left: UnsafeRawBufferPointer, _ right: UnsafeBufferPointer<UInt8>) -> Int {
    let common = min(left.count, right.count)
    if common > 0, case let order = memcmp(left.baseAddress!, right.baseAddress!, common), order != 0 {
      return Int(order)
    }
    return left.count - right.count
  }
}
