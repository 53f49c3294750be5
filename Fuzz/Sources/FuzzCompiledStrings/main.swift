// Compiled translation tables (the cache of parsed .strings files). Every input is tried
// both ways:
// - as a cache file: any bytes decode to a table or to nil, never a trap or a huge
//   allocation, and a table that decodes re-encodes to one that decodes the same;
// - as a .strings source: a table PropertyListSerialization accepts survives encoding and
//   decoding unchanged, and is refused for any other source.
import Foundation
import WhatsNewCore

let otherSource = Array("another source".utf8)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  if let table = CompiledStringsTable.decode(bytes, source: otherSource) {
    let again = CompiledStringsTable.encode(table, source: otherSource)
    precondition(CompiledStringsTable.decode(again, source: otherSource) == table, "a decoded table did not survive re-encoding")
  }
  if let table = try? StringsTable.parse(Data(bytes)) {
    let compiled = CompiledStringsTable.encode(table, source: bytes)
    precondition(CompiledStringsTable.decode(compiled, source: bytes) == table, "a parsed table did not survive compiling")
    precondition(
      bytes == otherSource || CompiledStringsTable.decode(compiled, source: otherSource) == nil,
      "a compiled table was accepted for another source")
  }
  return 0
}
