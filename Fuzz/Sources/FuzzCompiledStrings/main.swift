// fuzz-compiled-strings: Compiled translation tables, as cache files and as sources.
// The property itself is FuzzProperties.compiledStrings (Sources/FuzzProperties), which
// `make test` also replays on every input saved in Fuzz/Regressions/.
import FuzzProperties

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  if let failure = FuzzProperties.check(target: "fuzz-compiled-strings", Array(UnsafeRawBufferPointer(start: data, count: size))) {
    fatalError(failure)
  }
  return 0
}
