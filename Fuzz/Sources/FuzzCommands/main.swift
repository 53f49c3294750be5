// REPL command parsing: the tokenizer, `qa` commands, the command line and fault specs.
import WhatsNewApp
import WhatsNewCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let line = String(decoding: UnsafeRawBufferPointer(start: data, count: size), as: UTF8.self)
  let clean = TextSanitizer.clean(line)
  let words = CommandTokenizer.split(clean)
  if let verb = words.first {
    _ = try? QACommand.parse(verb: verb, Array(words.dropFirst()))
    _ = CommandCatalog.find(verb.lowercased())
  }
  _ = try? Options.parse(words, environment: ["HOME": "/tmp"])
  if let spec = try? FaultSpec.parse(clean) {
    // What parses prints back to a spec that parses to the same thing.
    precondition((try? FaultSpec.parse(spec.description)) == spec, "\(spec) does not round-trip")
  }
  _ = CompletionVocabulary(versions: ["2.13.1"], guidanceIDs: [], infoIDs: []).candidates(forLine: clean)
  return 0
}
