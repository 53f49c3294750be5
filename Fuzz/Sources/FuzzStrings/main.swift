// .strings loading through Foundation's PropertyListSerialization: any bytes give a table
// or a LocalizationError, never a trap, and a table never holds a control character the
// terminal would act on once the app's sanitizer has run.
import Foundation
import WhatsNewCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Data(bytes: data, count: size)
  guard let table = try? StringsTable.parse(bytes) else { return 0 }
  for (key, value) in table {
    let cleaned = TextSanitizer.clean(key) + TextSanitizer.clean(value)
    precondition(!cleaned.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x9B }, "an escape survived the sanitizer")
  }
  return 0
}
