// whatsnew-strings: compiles `.strings` files for whatsnew, which does not link Foundation.
//
//   whatsnew-strings [--] FILE.strings...
//
// Writes to stdout, in order, one framed result per file (StringsCompilerOutput, in
// WhatsNewCore): the file's compiled table (CompiledStringsTable, stamped with the file's
// bytes), or why it could not be compiled. A file that cannot be read or parsed is a result,
// not a failure: the exit status is 0 once every result is written, 64 for a usage error,
// 74 when stdout cannot be written. whatsnew runs it only when a translation table has no
// valid compiled copy in its cache; the work itself is StringsFileCompiler (WhatsNewStrings).
import Foundation
import WhatsNewCore
import WhatsNewStrings

let usage = "usage: whatsnew-strings [--] FILE.strings..."

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data(message.utf8))
  exit(status)
}

var paths: [String] = []
var optionsEnded = false
for argument in CommandLine.arguments.dropFirst() {
  if !optionsEnded && argument == "--" {
    optionsEnded = true
  } else if !optionsEnded && (argument == "-h" || argument == "--help") {
    print(usage)
    exit(0)
  } else if !optionsEnded && argument.hasPrefix("-") && argument != "-" {
    fail("whatsnew-strings: unknown option '\(argument)'\n\(usage)\n", status: 64)
  } else {
    paths.append(argument)
  }
}
if paths.isEmpty { fail(usage + "\n", status: 64) }

let output = FileHandle.standardOutput
func write(_ bytes: [UInt8]) {
  do {
    try output.write(contentsOf: bytes)
  } catch {
    fail("whatsnew-strings: cannot write the results: \(error.localizedDescription)\n", status: 74)
  }
}
write(StringsCompilerOutput.header(count: paths.count))
StringsFileCompiler.compile(paths) { write(StringsCompilerOutput.frame($0)) }
exit(0)
