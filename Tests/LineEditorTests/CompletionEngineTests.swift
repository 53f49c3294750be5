import Testing

@testable import LineEditor

@Suite("CompletionEngine")
struct CompletionEngineTests {
  static let commands = ["help", "hello", "history", "quit", "settings", "set", "show", "show"]

  @Test(
    "completes a partial word",
    arguments: [
      // unique match: the rest plus a space
      ("q", commands, "uit ", [String]()),
      ("hist", commands, "ory ", []),
      ("quit", commands, " ", []),
      // common prefix of several matches
      ("he", commands, "l", []),
      ("se", commands, "t", []),
      // ambiguous, nothing more to insert: sorted, deduplicated listing
      ("hel", commands, "", ["hello", "help"]),
      ("set", commands, "", ["set", "settings"]),
      ("sh", ["show", "show", "shout"], "o", []),
      ("sho", ["show", "show", "shout"], "", ["shout", "show"]),
      // no match
      ("x", commands, "", []),
      ("help", [], "", []),
      // empty partial word lists everything
      ("", ["b", "a", "c", "a"], "", ["a", "b", "c"]),
      ("", ["only"], "only ", []),
      // non-ASCII
      ("wö", ["wörld", "wörter"], "r", []),
    ] as [(String, [String], String, [String])]
  )
  func table(partial: String, candidates: [String], insert: String, listing: [String]) {
    let result = CompletionEngine.complete(partialWord: partial, candidates: candidates)
    #expect(result.insert == insert)
    #expect(result.listing == listing)
  }

  @Test(
    "finds the partial word before the cursor",
    arguments: [("", ""), ("he", "he"), ("set ", ""), ("set th", "th"), ("a\tb", "b")]
  )
  func partialWord(line: String, word: String) {
    #expect(CompletionEngine.partialWord(in: line) == word)
  }

  @Test("lays a listing out in columns")
  func layout() {
    #expect(CompletionEngine.layout(["a", "bb", "c"], width: 80) == "a   bb  c\n")
    #expect(CompletionEngine.layout(["a", "bb", "c"], width: 8) == "a   c\nbb\n")
    #expect(CompletionEngine.layout(["long-name"], width: 4) == "long-name\n")
  }
}
