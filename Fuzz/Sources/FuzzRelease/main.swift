// fuzz-release: Release validation: any bytes, as a release file and as a manifest.
// The property itself is FuzzProperties.release (Sources/FuzzProperties), which
// `make test` also replays on every input saved in Fuzz/Regressions/.
import FuzzProperties

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  if let failure = FuzzProperties.check(target: "fuzz-release", Array(UnsafeRawBufferPointer(start: data, count: size))) {
    fatalError(failure)
  }
  return 0
}
