// fuzz-strings: .strings loading through PropertyListSerialization; no escape survives the sanitizer.
// The property itself is FuzzProperties.strings (Sources/FuzzProperties), which
// `make test` also replays on every input saved in Fuzz/Regressions/.
import FuzzProperties

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  if let failure = FuzzProperties.check(target: "fuzz-strings", Array(UnsafeRawBufferPointer(start: data, count: size))) {
    fatalError(failure)
  }
  return 0
}
