// Release validation: any bytes, as a release file and as a manifest. Must never trap.
import WhatsNewCore

let englishKeys: Set<String> = ["whatsNew.v2_13_1.workoutView.intro.title", "whatsNew.v2_13_1.workoutView.view.title"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
  let bytes = Array(UnsafeRawBufferPointer(start: data, count: size))
  let result = ReleaseValidator.validate(bytes, fileName: "2.13.1.json", displayPath: "Releases/2.13.1.json", englishKeys: englishKeys)
  if let release = result.release {
    _ = selectFlow(releases: [release], seenThrough: nil, current: Version(major: 99, minor: 0, patch: 0))
    for page in previewRelease(release, asOf: release.version) { precondition(!page.page.blocks.isEmpty, "an empty page survived") }
  }
  for diagnostic in result.diagnostics { _ = diagnostic.description }
  _ = ReleaseValidator.validateManifest(bytes, displayPath: "Releases/manifest.json")
  return 0
}
