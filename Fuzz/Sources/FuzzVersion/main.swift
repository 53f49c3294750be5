// Version parsing: never traps, and whatever parses prints back to the same text.
import WhatsNewCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let text = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
  if let version = Version(text) {
    precondition(version.description == text, "\(text) parsed as \(version)")
    precondition(Version(version.description) == version)
  }
  return 0
}
