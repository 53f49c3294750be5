/// The text of bench/README.md, around the table of one run.
enum BenchReadme {
  static func text(machineLine: String, table: String, rows: [Row]) -> String {
    "# Benchmarks\n\n\(machineLine)\n\n\(table)\n"
  }
}
