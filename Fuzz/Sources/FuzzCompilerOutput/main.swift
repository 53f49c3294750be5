// fuzz-compiler-output: the whatsnew-strings helper's framed output, decoded from any bytes.
// The property itself is FuzzProperties.compilerOutput (Sources/FuzzProperties), which
// `make test` also replays on every input saved in Fuzz/Regressions/.
import FuzzProperties

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  if let failure = FuzzProperties.check(target: "fuzz-compiler-output", Array(UnsafeRawBufferPointer(start: data, count: size))) {
    fatalError(failure)
  }
  return 0
}
