// A cache format of our own: parsing a `.strings` file with PropertyListSerialization takes
// about 0.4 s for a 5 MB table, and reading a compiled one in place takes milliseconds. It
// serves the `make bench` row "warm start to the first tour page". Glibc for `memcmp`:
// the copy of the source it holds is compared with the `.strings` file at every start.
import Glibc

/// A translation table compiled to a compact binary form, so start-up can skip re-parsing
/// a `.strings` file that has not changed since it was last parsed.
///
/// Apple's build tools compile `.strings` files for the same reason. Here the app compiles
/// them itself, the first time it reads each one: ``StringsTable/parse(_:)`` (Foundation's
/// `PropertyListSerialization`) stays the only reader of `.strings` text, and a compiled
/// table is only ever its output, holding a copy of the exact bytes it was parsed from
/// (compared byte for byte with the `.strings` file: a fingerprint, however good, could let an
/// edit of the same length through). ``decode(_:source:)`` returns `nil` for anything it cannot fully trust
/// (another source, a truncated or damaged file, another format version, invalid UTF-8),
/// and the caller parses the source again.
///
/// Layout (integers little-endian):
///
///     magic "WNSTRS04" (8) | source length (8) | entry count (4) | payload fingerprint (8)
///     | the source's bytes | entries: key length (4), key UTF-8, text length (4), text UTF-8
///
/// ```swift
/// let source = Array(#""ui.done" = "Done";"#.utf8)
/// let compiled = CompiledStringsTable.encode(["ui.done": "Done"], source: source)
/// CompiledStringsTable.decode(compiled, source: source)   // ["ui.done": "Done"]
/// CompiledStringsTable.decode(compiled, source: [])       // nil: another source
/// ```
package enum CompiledStringsTable {
  static let magic: [UInt8] = Array("WNSTRS04".utf8)
  static let headerSize = 8 + 8 + 4 + 8

  /// Encodes `table`, parsed from `source`. Entries are sorted by their keys' UTF-8 bytes, so
  /// the same table always encodes to the same bytes.
  package static func encode(_ table: [String: String], source: some Collection<UInt8>) -> [UInt8] {
    let payload = entries(table)
    var bytes = magic
    bytes.reserveCapacity(headerSize + source.count + payload.count)
    func append(_ value: some FixedWidthInteger) {
      withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }
    append(UInt64(source.count))
    append(UInt32(truncatingIfNeeded: table.count))
    append(fingerprint(of: payload))
    bytes.append(contentsOf: source)
    bytes.append(contentsOf: payload)
    return bytes
  }

  /// The entries as a compiled table holds them: by key, in the keys' byte order.
  ///
  /// In byte order, which for ASCII keys is also `String` order: decode searches the bytes.
  /// Encoding is what a first start pays over a warm one besides the parse (make bench,
  /// "first start after the translations changed"), so every key's bytes are copied once
  /// into one buffer, positions into it are sorted with `memcmp`, and the output is
  /// allocated once and filled in place: 1.8 M instructions for the two tables a start
  /// reads, against 3.4 M with an array per key and a growing output (and more before
  /// that, when keys were compared through `String.utf8`).
  private static func entries(_ table: [String: String]) -> [UInt8] {
    var keyBytes: [UInt8] = []
    // Key `i` is `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`.
    var keyStarts: [Int] = [0]
    var texts: [String] = []
    keyStarts.reserveCapacity(table.count + 1)
    texts.reserveCapacity(table.count)
    var textBytes = 0
    for (key, text) in table {
      keyBytes.append(contentsOf: key.utf8)
      keyStarts.append(keyBytes.count)
      texts.append(text)
      textBytes += text.utf8.count
    }
    var order = Array(texts.indices)
    let size = 8 * table.count + keyBytes.count + textBytes
    return keyBytes.withUnsafeBufferPointer { keys in
      keyStarts.withUnsafeBufferPointer { starts in
        func key(_ index: Int) -> UnsafeBufferPointer<UInt8> {
          UnsafeBufferPointer(rebasing: keys[starts[index]..<starts[index + 1]])
        }
        // `memcmp` over the common length, then the shorter first: as `CompiledEntries.compare`,
        // on offsets, without making buffers at each comparison.
        order.sort { left, right in
          let leftCount = starts[left + 1] - starts[left]
          let rightCount = starts[right + 1] - starts[right]
          let common = min(leftCount, rightCount)
          if common > 0, let base = keys.baseAddress,
            case let order = memcmp(base + starts[left], base + starts[right], common), order != 0
          {
            return order < 0
          }
          return leftCount < rightCount
        }
        return [UInt8](unsafeUninitializedCapacity: size) { output, initialized in
          var writer = FieldWriter(output: output)
          for index in order {
            writer.field(key(index))
            var text = texts[index]
            text.withUTF8 { writer.field($0) }
          }
          precondition(writer.offset == size, "the entries' sizes changed while encoding")
          initialized = writer.offset
        }
      }
    }
  }

  /// Decodes a compiled table, or returns `nil` unless it was compiled from exactly
  /// `source` and is intact.
  ///
  /// Every entry is checked here (bounds, UTF-8, no key twice), but a table whose keys are
  /// all ASCII is not turned into a dictionary: the ``TranslationTable`` reads its text from
  /// `bytes` when a key is looked up.
  package static func decode(_ bytes: [UInt8], source: [UInt8]) -> TranslationTable? {
    bytes.withUnsafeBufferPointer { buffer in
      source.withUnsafeBufferPointer { source in decode(buffer, source: source, keeping: bytes) }
    }
  }

  private static func decode(
    _ buffer: UnsafeBufferPointer<UInt8>, source: UnsafeBufferPointer<UInt8>, keeping bytes: [UInt8]
  ) -> TranslationTable? {
    guard buffer.count >= headerSize, buffer.prefix(magic.count).elementsEqual(magic) else { return nil }
    var reader = BinaryReader(buffer: buffer, offset: magic.count)
    guard let storedLength = reader.integer(UInt64.self), storedLength == UInt64(source.count),
      let count = reader.integer(UInt32.self), let payloadFingerprint = reader.integer(UInt64.self),
      // The source byte for byte (memcmp): only an unchanged `.strings` file uses this copy.
      let copy = reader.bytes(source.count),
      source.isEmpty || memcmp(copy.baseAddress!, source.baseAddress!, source.count) == 0,
      fingerprint(UnsafeBufferPointer(rebasing: buffer[reader.offset...])) == payloadFingerprint,
      // Every entry takes at least its two 4-byte lengths: a count beyond that is damage.
      Int(count) <= (buffer.count - reader.offset) / 8
    else { return nil }
    var starts: [Int] = []
    starts.reserveCapacity(Int(count))
    var keysAreASCII = true
    var keysAscend = true
    var previousKey = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    for index in 0..<Int(count) {
      starts.append(reader.offset)
      guard let key = reader.field(), let text = reader.field(), UTF8Check.isValid(key), UTF8Check.isValid(text) else {
        return nil
      }
      if keysAreASCII {
        keysAreASCII = key.allSatisfy { $0 < 0x80 }
        keysAscend = index == 0 || CompiledEntries.compare(UnsafeRawBufferPointer(previousKey), key) < 0
        previousKey = key
      }
      guard keysAscend || !keysAreASCII else { return nil }  // out of order or twice: not what encode writes
    }
    guard reader.offset == buffer.count else { return nil }
    let compiled = TranslationTable(compiled: CompiledEntries(bytes: bytes, starts: starts))
    if keysAreASCII { return compiled }
    // Keys beyond ASCII: `String` equality is not byte equality, so look them up by hash.
    let table = compiled.entries
    return table.count == Int(count) ? TranslationTable(table) : nil
  }

  /// A 64-bit fingerprint of `bytes`: cheap (four independent multiply-xor lanes over 8-byte
  /// words, so a 5 MB table costs about a millisecond), and any change to a file changes it
  /// with overwhelming likelihood. It guards against stale and damaged tables, not against
  /// an attacker who can write the cache directory. Changing it changes the file format:
  /// bump the magic.
  package static func fingerprint(of bytes: some Collection<UInt8>) -> UInt64 {
    let fast = bytes.withContiguousStorageIfAvailable { buffer in fingerprint(buffer) }
    return fast ?? Array(bytes).withUnsafeBufferPointer { fingerprint($0) }
  }

  private static func fingerprint(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
    var lanes: (UInt64, UInt64, UInt64, UInt64) = (
      0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
    )
    func mix(_ lane: inout UInt64, _ word: UInt64) {
      lane = (lane ^ word) &* multiplier
      lane ^= lane >> 32
    }
    let raw = UnsafeRawBufferPointer(buffer)
    var offset = 0
    while raw.count - offset >= 32 {
      mix(&lanes.0, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
      mix(&lanes.1, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)))
      mix(&lanes.2, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)))
      mix(&lanes.3, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)))
      offset += 32
    }
    var tail = lanes.0 ^ (lanes.1 &* 3) ^ (lanes.2 &* 5) ^ (lanes.3 &* 7)
    while offset < raw.count {
      mix(&tail, UInt64(raw[offset]) | 0x100)
      offset += 1
    }
    mix(&tail, UInt64(raw.count))
    return tail
  }
}
