// Hand-written: the compiled translation table (CompiledStringsTable) is a byte layout of
// our own, read in place; Foundation has no reader of little-endian fields over raw bytes.

/// Length-prefixed fields written in place into memory allocated beforehand, to its size
/// exactly, without a check or a copy per append; ``BinaryReader`` reads them.
struct FieldWriter {
  let output: UnsafeMutableBufferPointer<UInt8>
  private(set) var offset = 0

  /// Writes the length of `bytes` (4 bytes, little-endian), then `bytes`.
  mutating func field(_ bytes: UnsafeBufferPointer<UInt8>) {
    precondition(output.count - offset >= 4 + bytes.count, "a field past the end of its buffer")
    let raw = UnsafeMutableRawBufferPointer(output)
    raw.storeBytes(of: UInt32(bytes.count).littleEndian, toByteOffset: offset, as: UInt32.self)
    offset += 4
    if let source = bytes.baseAddress, !bytes.isEmpty {
      (output.baseAddress! + offset).initialize(from: source, count: bytes.count)
    }
    offset += bytes.count
  }
}

/// Reads little-endian integers and length-prefixed fields, returning `nil` at the first
/// thing out of bounds.
struct BinaryReader {
  let buffer: UnsafeBufferPointer<UInt8>
  private(set) var offset = 0

  /// A length-prefixed field's bytes, unchecked, or `nil` when they run past the end.
  mutating func field() -> UnsafeBufferPointer<UInt8>? {
    guard let length = integer(UInt32.self) else { return nil }
    return bytes(Int(length))
  }

  /// The next `count` bytes, or `nil` when they run past the end.
  mutating func bytes(_ count: Int) -> UnsafeBufferPointer<UInt8>? {
    guard count >= 0, buffer.count - offset >= count else { return nil }
    defer { offset += count }
    return UnsafeBufferPointer(rebasing: buffer[offset..<(offset + count)])
  }

  mutating func integer<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
    guard buffer.count - offset >= MemoryLayout<Integer>.size else { return nil }
    defer { offset += MemoryLayout<Integer>.size }
    return Integer(littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: offset, as: Integer.self))
  }
}
