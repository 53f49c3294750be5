// .strings loading: never traps, and the fast path agrees with Foundation whenever it answers.
import Foundation
import WhatsNewCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  let parsed = try? StringsTable.parse(bytes)
  if let fast = StringsTable.parseCommonForm(bytes) {
    let slow = try? StringsTable.parseWithFoundation(bytes)
    if slow != fast {
      let differing = Set(fast.keys).union(slow?.keys ?? [:].keys).filter { fast[$0] != slow?[$0] }.sorted().prefix(3)
      for key in differing { print("key \(key.debugDescription): fast \(fast[key].debugDescription), Foundation \(slow?[key].debugDescription ?? "no table")") }
      preconditionFailure("the fast .strings path disagrees with Foundation")
    }
    precondition(parsed == fast)
  }
  return 0
}
