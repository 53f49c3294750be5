import Glibc

/// Formats like C's `printf` (through `vsnprintf`): `cFormat("%02d:%02d", 18, 5)` is
/// `"18:05"`, `cFormat("%.1f km", 12.25)` is `"12.2 km"` (round half to even, as C does).
///
/// For numbers in fixed layouts only (`Int`, `Double`): a Swift `String` is not a C string,
/// so `%s` is not supported. Text a person reads goes through the localizer.
public func cFormat(_ format: String, _ arguments: any CVarArg...) -> String {
  var buffer = [CChar](repeating: 0, count: 64)
  let needed = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
  guard needed >= 0 else { return "" }
  if Int(needed) >= buffer.count {
    buffer = [CChar](repeating: 0, count: Int(needed) + 1)
    _ = withVaList(arguments) { vsnprintf(&buffer, buffer.count, format, $0) }
  }
  return String(decoding: buffer.prefix(Int(needed)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
}
