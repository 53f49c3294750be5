// fuzz-commands: REPL command parsing, QA commands, options, fault specs and completion.
// The property itself is FuzzProperties.commands (Sources/FuzzProperties), which
// `make test` also replays on every input saved in Fuzz/Regressions/.
import FuzzProperties

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  if let failure = FuzzProperties.check(target: "fuzz-commands", Array(UnsafeRawBufferPointer(start: data, count: size))) {
    fatalError(failure)
  }
  return 0
}
