// fuzz-compiled-releases: validated releases as the cache stores them.
// The property itself is FuzzProperties.compiledReleases (Sources/FuzzProperties), which
// `make test` also replays on every input saved in Fuzz/Regressions/.
import FuzzProperties

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  if let failure = FuzzProperties.check(target: "fuzz-compiled-releases", Array(UnsafeRawBufferPointer(start: data, count: size)))
  {
    fatalError(failure)
  }
  return 0
}
