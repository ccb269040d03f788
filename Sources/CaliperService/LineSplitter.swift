/// Splits bytes that arrive in pieces (an HTTP request body) into lines, as stdin `serve`
/// reads them: a line ends at `\n`, a `\r` before it is dropped, a last line needs no
/// newline, and a line longer than `maxLineBytes` is never held: it is counted to its end
/// and reported as `.tooLong`.
package struct LineSplitter {
  package enum Item {
    case line([UInt8])
    case tooLong(byteCount: Int)
  }

  package let maxLineBytes: Int
  private var pending: [UInt8] = []
  /// The length so far of a line too long to hold, or nil.
  private var skipped: Int?

  package init(maxLineBytes: Int) {
    self.maxLineBytes = maxLineBytes
  }

  /// Hands each line that `chunk` completes to `each`.
  package mutating func append(_ chunk: UnsafeRawBufferPointer, each: (Item) -> Void) {
    var start = 0
    while start < chunk.count {
      let newline = chunk[start...].firstIndex(of: 0x0A)
      let end = newline ?? chunk.count
      if let count = skipped {
        skipped = count + (end - start)
      } else {
        pending.append(contentsOf: chunk[start..<end])
        if pending.count > maxLineBytes {
          skipped = pending.count
          pending.removeAll(keepingCapacity: false)
        }
      }
      guard newline != nil else { return }
      emit(each)
      start = end + 1
    }
  }

  /// Hands on the last line, if the input did not end with a newline.
  package mutating func finish(each: (Item) -> Void) {
    if skipped != nil || !pending.isEmpty { emit(each) }
  }

  private mutating func emit(_ each: (Item) -> Void) {
    if let count = skipped {
      each(.tooLong(byteCount: count))
    } else if pending.count > maxLineBytes {
      each(.tooLong(byteCount: pending.count))
    } else {
      if pending.last == 0x0D { pending.removeLast() }
      each(.line(pending))
    }
    skipped = nil
    pending.removeAll(keepingCapacity: true)
  }
}
