import Dispatch
import Synchronization

/// `transform` applied to every element of `elements`, using every core, with the results
/// in the order of `elements`, exactly as `elements.map(transform)` would give them.
///
/// The elements are cut into contiguous chunks of at least `minimumChunkSize`; each chunk
/// is mapped on one thread, and the chunks are joined in order. Fewer than two chunks'
/// worth of elements are mapped on the calling thread, so small inputs pay nothing for
/// the threads. `transform` must not depend on the order in which elements are mapped.
///
/// ```swift
/// orderedConcurrentMap(Array(1...1000), minimumChunkSize: 50) { $0 * $0 }   // [1, 4, 9, …]
/// ```
func orderedConcurrentMap<Element: Sendable, Mapped: Sendable>(
  _ elements: [Element], minimumChunkSize: Int, maximumChunkCount: Int = 32,
  _ transform: @Sendable (Element) -> Mapped
) -> [Mapped] {
  let chunkCount = min(max(1, maximumChunkCount), elements.count / max(1, minimumChunkSize))
  guard chunkCount > 1 else { return elements.map(transform) }
  let chunks = Mutex<[[Mapped]]>(Array(repeating: [], count: chunkCount))
  DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
    // Chunk k covers elements[k·n/c ..< (k+1)·n/c]: contiguous, in order, sizes within one of each other.
    let range = (chunk * elements.count / chunkCount)..<((chunk + 1) * elements.count / chunkCount)
    var mapped: [Mapped] = []
    mapped.reserveCapacity(range.count)
    for index in range { mapped.append(transform(elements[index])) }
    chunks.withLock { $0[chunk] = mapped }
  }
  return chunks.withLock { chunks in
    var results: [Mapped] = []
    results.reserveCapacity(elements.count)
    for chunk in chunks { results += chunk }
    return results
  }
}
